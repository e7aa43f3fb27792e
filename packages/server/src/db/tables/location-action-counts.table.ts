/** How often visitors did one thing (`select`, `page_view`, `directions`, …) with one location on one UTC day. */
export interface LocationActionCountsTable {
  project_id: number;
  day: string;
  location_id: number;
  action: string;
  count: number;
}
