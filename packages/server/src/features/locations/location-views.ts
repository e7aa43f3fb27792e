import type { Executor } from '../../db/executor.ts';
import type { OpeningSchedule } from '../../domain/opening-status.ts';
import { readSpecialHours } from '../../domain/special-hours.ts';
import {
  type AttachmentSelection,
  type LocationAttachments,
  loadAttachments,
} from './location-attachments.repository.ts';
import { findLocationRecordsByIds, type LocationRecord, scheduleOf } from './location-records.repository.ts';

/** A location as reads return it: the record with whichever attachments were asked for. */
export interface LocationView {
  record: LocationRecord;
  attachments: LocationAttachments;
}

export const ALL_ATTACHMENTS: AttachmentSelection = { hours: true, filters: true, fields: true, callsToAction: true };

/** Locations read per statement when many are read by ID. */
const VIEWS_PER_READ = 500;

/** The locations with these IDs, each with every attachment, in ID order (any number of them, read in slices). */
export async function loadLocationViews(db: Executor, ids: readonly number[]): Promise<LocationView[]> {
  const views: LocationView[] = [];
  for (let start = 0; start < ids.length; start += VIEWS_PER_READ) {
    const records = await findLocationRecordsByIds(db, ids.slice(start, start + VIEWS_PER_READ));
    const attachments = await loadAttachments(db, records, ALL_ATTACHMENTS);
    views.push(...records.map((record) => ({ record, attachments })));
  }
  return views;
}

/** Everything that decides whether the location is open: weekly and special hours, and its zone. */
export function openingScheduleOf(record: LocationRecord): OpeningSchedule {
  return { weekly: scheduleOf(record), special: readSpecialHours(record.special_hours), timeZone: record.time_zone };
}
