/** Longest name (or title) of a location type, marker, filter, custom field or call to action, after trimming. */
export const SETTING_NAME_MAX_LENGTH = 100;

export type CheckedName = { ok: true; name: string } | { ok: false; message: string };

/**
 * Trims a configuration name and checks its length (counted in characters, not UTF-16 units).
 * @example checkSettingName('  Outlet ') // { ok: true, name: 'Outlet' }
 * @example checkSettingName('   ') // { ok: false, message: 'must not be blank' }
 */
export function checkSettingName(raw: string): CheckedName {
  const name = raw.trim();
  if (name === '') return { ok: false, message: 'must not be blank' };
  if ([...name].length > SETTING_NAME_MAX_LENGTH) {
    return { ok: false, message: `must be at most ${SETTING_NAME_MAX_LENGTH} characters` };
  }
  return { ok: true, name };
}

/**
 * Whether two configuration names count as the same: names are unique per project ignoring case, because
 * location writes look them up ignoring case (a `location_type` of "outlet" selects "Outlet").
 * @example sameSettingName('Outlet', ' OUTLET') // true
 */
export function sameSettingName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The entry, other than the one being renamed, that already uses a name.
 * @example findNameClash([{ id: 1, name: 'Outlet' }], (e) => e.name, 'outlet') // { id: 1, name: 'Outlet' }
 */
export function findNameClash<T extends { id: number }>(
  entries: readonly T[],
  nameOf: (entry: T) => string,
  name: string,
  exceptId?: number,
): T | undefined {
  return entries.find((entry) => entry.id !== exceptId && sameSettingName(nameOf(entry), name));
}
