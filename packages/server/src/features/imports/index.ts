// Bulk imports of files of locations (queued, resumable, batch by batch) and exports.
export { exportLocations } from './exports.service.ts';
export type { ImportView } from './import-view.ts';
export { createImports, type Imports } from './imports.service.ts';
export { registerV2ImportChangesList } from './routes/v2/import-changes.list.ts';
export { registerV2ImportFailedRowsGet } from './routes/v2/import-failed-rows.get.ts';
export { registerV2ImportMappingGet } from './routes/v2/import-mapping.get.ts';
export { registerV2ImportMappingPut } from './routes/v2/import-mapping.put.ts';
export { registerV2ImportsGet } from './routes/v2/imports.get.ts';
export { registerV2ImportsList } from './routes/v2/imports.list.ts';
export { registerV2ImportsPost } from './routes/v2/imports.post.ts';
export { registerV2ImportsPreview } from './routes/v2/imports.preview.ts';
export { registerV2LocationsExport } from './routes/v2/locations.export.ts';
export { ImportSummaryV2 } from './schemas/imports.ts';
