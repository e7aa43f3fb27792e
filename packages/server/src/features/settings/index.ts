// A project's configuration of what locations refer to: location types, markers, filters, custom fields, calls to
// action; and how its store finder presents it (the branding).
export { type Branding, createBranding } from './branding.service.ts';
export { createSettings, type Settings } from './project-settings.service.ts';
export { registerV2Branding } from './routes/v2/branding.ts';
export { registerV2CallsToAction } from './routes/v2/calls-to-action.ts';
export { registerV2Fields } from './routes/v2/fields.ts';
export { registerV2Filters } from './routes/v2/filters.ts';
export { registerV2LocationTypes } from './routes/v2/location-types.ts';
export { registerV2Markers } from './routes/v2/markers.ts';
