import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type GeocodingJobStatus = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

/** The durable geocoding queue: a job is written in the same transaction as the location it geocodes. */
export interface GeocodingJobsTable {
  id: Generated<number>;
  location_id: number;
  status: GeocodingJobStatus;
  attempts: number;
  /** ISO time before which the job is not tried (backoff). */
  run_after: string;
  /** The worker holding the job while it runs, and until when; a crashed worker's job is taken up after that. */
  locked_by: string | null;
  locked_until: string | null;
  /** Why the last try failed, or why the job was skipped. */
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export type GeocodingJobRow = Selectable<GeocodingJobsTable>;
export type InsertableGeocodingJobRow = Insertable<GeocodingJobsTable>;
export type UpdateableGeocodingJobRow = Updateable<GeocodingJobsTable>;
