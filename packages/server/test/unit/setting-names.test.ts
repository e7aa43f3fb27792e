import { describe, expect, it } from 'vitest';
import {
  checkSettingName,
  findNameClash,
  SETTING_NAME_MAX_LENGTH,
  sameSettingName,
} from '../../src/domain/setting-names.ts';

describe('checkSettingName', () => {
  it('trims the name', () => {
    expect(checkSettingName('  Outlet \t')).toEqual({ ok: true, name: 'Outlet' });
  });

  it('refuses an empty or blank name', () => {
    expect(checkSettingName('')).toEqual({ ok: false, message: 'must not be blank' });
    expect(checkSettingName(' \n ')).toEqual({ ok: false, message: 'must not be blank' });
  });

  it('counts characters, not UTF-16 units, up to the limit after trimming', () => {
    expect(checkSettingName(` ${'🏬'.repeat(SETTING_NAME_MAX_LENGTH)} `)).toMatchObject({ ok: true });
    expect(checkSettingName('a'.repeat(SETTING_NAME_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: 'must be at most 100 characters',
    });
  });
});

describe('sameSettingName and findNameClash', () => {
  it('compare names ignoring case and surrounding space', () => {
    expect(sameSettingName('Drive-thru', ' DRIVE-THRU ')).toBe(true);
    expect(sameSettingName('Drive-thru', 'Drive thru')).toBe(false);
    expect(sameSettingName('Café', 'CAFÉ')).toBe(true);
  });

  it('find another entry with the name, not the one being renamed', () => {
    const entries = [
      { id: 1, name: 'Outlet' },
      { id: 2, name: 'Kiosk' },
    ];
    expect(findNameClash(entries, (entry) => entry.name, 'outlet')).toEqual({ id: 1, name: 'Outlet' });
    expect(findNameClash(entries, (entry) => entry.name, 'OUTLET', 1)).toBeUndefined();
    expect(findNameClash(entries, (entry) => entry.name, 'Mall')).toBeUndefined();
  });
});
