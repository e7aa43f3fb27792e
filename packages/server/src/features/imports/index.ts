// Bulk imports of files of locations (queued, resumable, batch by batch) and exports.
export { exportLocations } from './exports.service.ts';
export type { ImportView } from './import-view.ts';
export { createImports, type Imports } from './imports.service.ts';
export { registerV2ImportsGet } from './routes/v2/imports.get.ts';
export { registerV2ImportsPost } from './routes/v2/imports.post.ts';
export { registerV2LocationsExport } from './routes/v2/locations.export.ts';
export { ImportSummaryV2 } from './schemas/imports.ts';
