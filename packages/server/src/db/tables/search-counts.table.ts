/**
 * A project's searches of one UTC day by one measure: `searches`, `zero_result`, `fallback` (key ''), `kind` (key
 * `text`, `position` or `area`), `filter` and `type` (key: the project's own name of the filter or location type).
 */
export interface SearchCountsTable {
  project_id: number;
  day: string;
  metric: string;
  key: string;
  count: number;
}
