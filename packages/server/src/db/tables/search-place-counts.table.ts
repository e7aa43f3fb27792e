/** A project's searches of one UTC day from one place (a geohash-5 cell), with a point that stands for the place. */
export interface SearchPlaceCountsTable {
  project_id: number;
  day: string;
  place: string;
  lat: number;
  lng: number;
  searches: number;
  zero_result: number;
}
