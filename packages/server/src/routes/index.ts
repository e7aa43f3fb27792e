import type { App } from '../http/app-type.ts';
import { registerFinderPage } from './finder/finder.get.ts';
import { registerFinderLocationPage } from './finder/location.get.ts';
import { registerFinderSitemap } from './finder/sitemap.get.ts';
import { registerHealthzGet } from './healthz.get.ts';
import { registerPublicConfig } from './public/config.get.ts';
import { registerPublicLocations } from './public/locations.get.ts';
import { registerPublicSearch } from './public/search.get.ts';
import { registerReadyzGet } from './readyz.get.ts';
import { registerV1LocationsDelete } from './v1/locations.delete.ts';
import { registerV1LocationsGet } from './v1/locations.get.ts';
import { registerV1LocationsList } from './v1/locations.list.ts';
import { registerV1LocationsPost } from './v1/locations.post.ts';
import { registerV1LocationsPut } from './v1/locations.put.ts';
import { registerV2CallsToAction } from './v2/config/calls-to-action.ts';
import { registerV2Fields } from './v2/config/fields.ts';
import { registerV2Filters } from './v2/config/filters.ts';
import { registerV2LocationTypes } from './v2/config/location-types.ts';
import { registerV2Markers } from './v2/config/markers.ts';
import { registerV2EventsList } from './v2/events.list.ts';
import { registerV2ImportsGet } from './v2/imports.get.ts';
import { registerV2ImportsPost } from './v2/imports.post.ts';
import { registerV2LocationsDelete } from './v2/locations.delete.ts';
import { registerV2LocationsExport } from './v2/locations.export.ts';
import { registerV2LocationsGet } from './v2/locations.get.ts';
import { registerV2LocationsList } from './v2/locations.list.ts';
import { registerV2LocationsPatch } from './v2/locations.patch.ts';
import { registerV2LocationsPost } from './v2/locations.post.ts';
import { registerV2LocationsPut } from './v2/locations.put.ts';
import { registerV2ProjectsList } from './v2/projects.list.ts';
import { registerV2PublishableKeys } from './v2/publishable-keys.ts';
import { registerV2UserGet } from './v2/user.get.ts';
import { registerV2WebhookDeliveriesList } from './v2/webhook-deliveries.list.ts';
import { registerV2WebhookDeliveriesRetry } from './v2/webhook-deliveries.retry.ts';
import { registerV2WebhooksDelete } from './v2/webhooks.delete.ts';
import { registerV2WebhooksGet } from './v2/webhooks.get.ts';
import { registerV2WebhooksList } from './v2/webhooks.list.ts';
import { registerV2WebhooksPatch } from './v2/webhooks.patch.ts';
import { registerV2WebhooksPing } from './v2/webhooks.ping.ts';
import { registerV2WebhooksPost } from './v2/webhooks.post.ts';
import { registerV2WebhooksRotateSecret } from './v2/webhooks.rotate-secret.ts';
import { registerWidgetFiles } from './widget/files.get.ts';

/** Every route of the service, in blocks by API version. */
export function registerRoutes(app: App): void {
  // Operations: probes for orchestrators and load balancers; no token, no rate limit, not in the API documents
  registerHealthzGet(app);
  registerReadyzGet(app);

  // V2 (current)
  registerV2UserGet(app);
  registerV2ProjectsList(app);

  // V2 project configuration: what locations refer to (types, markers, filters, custom fields, calls to action)
  registerV2LocationTypes(app);
  registerV2Markers(app);
  registerV2Filters(app);
  registerV2Fields(app);
  registerV2CallsToAction(app);
  registerV2PublishableKeys(app);

  // V2 locations
  registerV2LocationsList(app);
  registerV2LocationsExport(app);
  registerV2LocationsGet(app);
  registerV2LocationsPost(app);
  registerV2LocationsPatch(app);
  registerV2LocationsPut(app);
  registerV2LocationsDelete(app);

  // V2 change feed and webhooks: what changed, by whom, read in order or pushed to the project's endpoints
  registerV2EventsList(app);
  registerV2WebhooksList(app);
  registerV2WebhooksGet(app);
  registerV2WebhooksPost(app);
  registerV2WebhooksPatch(app);
  registerV2WebhooksDelete(app);
  registerV2WebhooksRotateSecret(app);
  registerV2WebhooksPing(app);
  registerV2WebhookDeliveriesList(app);
  registerV2WebhookDeliveriesRetry(app);
  // V2 imports: a file of locations, in the background
  registerV2ImportsPost(app);
  registerV2ImportsGet(app);

  // Store finder (public): read-only, with a publishable key, for websites' visitors
  registerPublicSearch(app);
  registerPublicLocations(app);
  registerPublicConfig(app);
  // Store finder (hosted): the widget's script, and the pages around it (HTML, not in the API documents)
  registerWidgetFiles(app);
  registerFinderPage(app);
  registerFinderSitemap(app);
  registerFinderLocationPage(app);

  // V1 (legacy): the personal project's locations under /api, with the legacy token; no PATCH (405)
  registerV1LocationsList(app);
  registerV1LocationsGet(app);
  registerV1LocationsPost(app);
  registerV1LocationsPut(app);
  registerV1LocationsDelete(app);
}
