import { describe, expect, it } from 'vitest';
import { contrastRatio, designOfRow, rowOfDesign } from '../../src/domain/finder-design.ts';

describe('the finder design', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('red', '#ffffff')).toBeUndefined();
  });

  it('maps the row to the body and back, dropping values the body cannot hold', () => {
    const row = {
      text_color: '#111111',
      background_color: null,
      font_family: 'Georgia, serif',
      corner_radius: 4,
      widget_height: 500,
      widget_units: 'mi',
      widget_language: 'de',
      search_radius: 25,
      result_limit: 10,
      map_consent: 'click',
      default_unit: 'km',
      default_country: 'DE',
    };
    expect(rowOfDesign(designOfRow(row))).toEqual(row);
    expect(designOfRow({ ...row, widget_units: 'furlong', widget_language: 'xx', map_consent: 'maybe' })).toMatchObject(
      {
        units: null,
        language: null,
        consent: null,
      },
    );
  });
});
