import { PreconditionFailedError } from './errors.ts';

/**
 * What a write asks of the version of what it changes (`If-Match`): `any` (`*`: it must exist), or one of the
 * versions listed. A write without a condition is `undefined` and always runs.
 */
export type VersionCondition = 'any' | readonly number[];

/**
 * Refuses (412) a write whose condition the saved version does not meet.
 * @example requireVersion([41], 42) // throws PreconditionFailedError
 */
export function requireVersion(condition: VersionCondition | undefined, saved: number, what: string): void {
  if (condition === undefined || condition === 'any' || condition.includes(saved)) return;
  throw new PreconditionFailedError(
    `The ${what} changed since you read it (If-Match names an older version): read it again, then repeat the change.`,
  );
}
