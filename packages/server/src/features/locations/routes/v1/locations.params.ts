import { NotFoundError } from '../../../../domain/errors.ts';
import type { LocationKey } from '../../location-reads.repository.ts';

/**
 * The location a V1 path names. Anything but a positive whole number names no location, so it is 404 like an
 * unknown or foreign ID (never 422: the path is not input to correct).
 * @example v1LocationKey('42') // { v1Id: 42 }
 */
export function v1LocationKey(id: string): LocationKey {
  const number = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw NotFoundError.of('Location');
  return { v1Id: number };
}
