import { InvalidInputError } from '../../../../domain/errors.ts';
import { instantOf } from '../../../../domain/time.ts';
import type { V2Includes } from '../../presenters/location-v2.ts';

type IncludeFlag = '1' | 'true' | '0' | 'false' | undefined;

/** Which includes the flags ask for (`1` or `true`); `status` is computed at `at`, or else at `now`. */
export function includesOf(
  query: {
    includeHours?: IncludeFlag;
    includeSpecialHours?: IncludeFlag;
    includeStatus?: IncludeFlag;
    includeFilters?: IncludeFlag;
    includeFields?: IncludeFlag;
    includeCallsToAction?: IncludeFlag;
    at?: string;
  },
  now: number,
): V2Includes {
  const on = (flag: IncludeFlag) => flag === '1' || flag === 'true';
  return {
    hours: on(query.includeHours),
    specialHours: on(query.includeSpecialHours),
    filters: on(query.includeFilters),
    fields: on(query.includeFields),
    callsToAction: on(query.includeCallsToAction),
    ...(on(query.includeStatus) ? { statusAt: query.at === undefined ? now : instantAt(query.at) } : {}),
  };
}

function instantAt(text: string): number {
  const instant = instantOf(text);
  if (instant === undefined)
    throw InvalidInputError.fields({
      at: ['must be an ISO 8601 date-time with an offset, e.g. 2026-12-24T17:00:00-06:00'],
    });
  return Date.parse(instant);
}
