// The locations of projects: the V2 and V1 APIs, the one write path every change of locations takes (`saveLocations`,
// `deleteLocations`, `changeLocations`), the geocoding queue, and each shape a location is presented in.
export { type BulkGeocodingSummary, geocodeProject } from './bulk-geocoding.service.ts';
export { geocodingQueue } from './geocoding-jobs.ts';
export { findRecordsByKeys, keyedLocations, recordsAfter } from './location-lists.repository.ts';
export {
  ALL_ATTACHMENTS,
  findLocationRecordsByIds,
  type LocationAttachments,
  type LocationRecord,
  type LocationView,
  loadAttachments,
  loadCatalog,
  loadLocationViews,
  openingScheduleOf,
  type ScheduleColumns,
  scheduleOf,
  selectRecords,
} from './location-reads.repository.ts';
export { DELETIONS_KEPT_MS } from './location-writes.repository.ts';
export {
  changeLocations,
  deleteLocations,
  type PlannedCreate,
  type PlannedUpdate,
  saveLocations,
  type WriteContext,
} from './location-writes.ts';
export { createLocations, type Locations } from './locations.service.ts';
export { pinOf } from './presenters/pin.ts';
export { publicFieldsOf } from './presenters/public-location.ts';
export { registerV1LocationsDelete } from './routes/v1/locations.delete.ts';
export { registerV1LocationsGet } from './routes/v1/locations.get.ts';
export { registerV1LocationsList } from './routes/v1/locations.list.ts';
export { registerV1LocationsPost } from './routes/v1/locations.post.ts';
export { registerV1LocationsPut } from './routes/v1/locations.put.ts';
export { registerV2Geocode } from './routes/v2/geocode.post.ts';
export { registerV2LocationsBulk } from './routes/v2/locations.bulk.ts';
export { registerV2LocationsDelete } from './routes/v2/locations.delete.ts';
export { registerV2LocationsGet } from './routes/v2/locations.get.ts';
export { registerV2LocationsList } from './routes/v2/locations.list.ts';
export { registerV2LocationsPatch } from './routes/v2/locations.patch.ts';
export { registerV2LocationsPost } from './routes/v2/locations.post.ts';
export { registerV2LocationsPut } from './routes/v2/locations.put.ts';
export { registerV2MapGet } from './routes/v2/map.get.ts';
export {
  LocationCreateV2,
  LocationPatchV2,
  LocationV2,
  OpeningStatusV2,
  SpecialHoursV2,
} from './schemas/location.v2.ts';
export { PinFeature, PublicLocationFields, PublicMarker } from './schemas/public-location.ts';
