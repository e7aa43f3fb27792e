// The store finder of websites' visitors: publishable keys, the public search API, the hosted pages and the widget.
export { createFinder, type Finder } from './finder.service.ts';
export { installFinderCors } from './http/cors.ts';
export { createKeyCheck, installPublicAccess, publicAccessOf } from './http/key-check.ts';
export type { LocationSearch, SearchResult } from './location-search.service.ts';
export { createPublishableKeys, type PublishableKeys } from './publishable-keys.service.ts';
export { registerFinderPage } from './routes/pages/finder.get.ts';
export { registerFinderLocationPage } from './routes/pages/location.get.ts';
export { registerFinderSitemap } from './routes/pages/sitemap.get.ts';
export { registerPublicConfig } from './routes/public/config.get.ts';
export { registerPublicLocations } from './routes/public/locations.get.ts';
export { registerPublicSearch } from './routes/public/search.get.ts';
export { registerV2PublishableKeys } from './routes/v2/publishable-keys.ts';
export { registerWidgetFiles } from './routes/widget/files.get.ts';
