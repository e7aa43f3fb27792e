import {
  registerV2Account,
  registerV2Invitations,
  registerV2InvitationsAccept,
  registerV2Members,
  registerV2Passkeys,
  registerV2PasswordResets,
  registerV2ProjectsList,
  registerV2SessionDelete,
  registerV2SessionGet,
  registerV2SessionPasskey,
  registerV2SessionPost,
  registerV2SetupGet,
  registerV2SetupPost,
  registerV2Tokens,
  registerV2UserGet,
  registerV2UsersPost,
} from './features/accounts/index.ts';
import {
  registerPublicEvents,
  registerV2AnalyticsGet,
  registerV2AnalyticsUnservedGet,
} from './features/analytics/index.ts';
import { registerDashboard } from './features/dashboard/index.ts';
import {
  registerFinderLocationPage,
  registerFinderPage,
  registerFinderSitemap,
  registerPublicConfig,
  registerPublicLocations,
  registerPublicSearch,
  registerV2PublishableKeys,
  registerWidgetFiles,
} from './features/finder/index.ts';
import {
  registerV2ImportChangesList,
  registerV2ImportFailedRowsGet,
  registerV2ImportMappingGet,
  registerV2ImportMappingPut,
  registerV2ImportsGet,
  registerV2ImportsList,
  registerV2ImportsPost,
  registerV2ImportsPreview,
  registerV2LocationsExport,
} from './features/imports/index.ts';
import {
  registerV1LocationsDelete,
  registerV1LocationsGet,
  registerV1LocationsList,
  registerV1LocationsPost,
  registerV1LocationsPut,
  registerV2Geocode,
  registerV2LocationsBulk,
  registerV2LocationsDelete,
  registerV2LocationsGet,
  registerV2LocationsList,
  registerV2LocationsPatch,
  registerV2LocationsPost,
  registerV2LocationsPut,
  registerV2MapGet,
} from './features/locations/index.ts';
import { registerHealthzGet, registerReadyzGet } from './features/operations/index.ts';
import {
  registerV2Branding,
  registerV2CallsToAction,
  registerV2Fields,
  registerV2Filters,
  registerV2LocationTypes,
  registerV2Markers,
} from './features/settings/index.ts';
import {
  registerV2EventsList,
  registerV2WebhookDeliveriesList,
  registerV2WebhookDeliveriesRetry,
  registerV2WebhooksDelete,
  registerV2WebhooksGet,
  registerV2WebhooksList,
  registerV2WebhooksPatch,
  registerV2WebhooksPing,
  registerV2WebhooksPost,
  registerV2WebhooksRotateSecret,
} from './features/webhooks/index.ts';
import type { App } from './http/app-type.ts';
import type { Services } from './services.ts';

/** Every route of the service, in blocks by API version. */
export function registerRoutes(app: App, services: Services): void {
  // Operations: probes for orchestrators and load balancers; no token, no rate limit, not in the API documents
  registerHealthzGet(app);
  registerReadyzGet(app, services);

  // V2 people: the first run, sign-up, sign-in and the browser's session
  registerV2SetupGet(app, services);
  registerV2SetupPost(app, services);
  registerV2UsersPost(app, services);
  registerV2SessionPost(app, services);
  registerV2SessionPasskey(app, services);
  registerV2SessionGet(app, services);
  registerV2SessionDelete(app, services);
  registerV2PasswordResets(app, services);

  // V2 (current)
  registerV2UserGet(app, services);
  registerV2Account(app, services);
  registerV2Passkeys(app, services);
  registerV2ProjectsList(app, services);
  registerV2Tokens(app, services);
  // V2 team: members and their roles, invitations
  registerV2Members(app, services);
  registerV2Invitations(app, services);
  registerV2InvitationsAccept(app, services);

  // V2 project configuration: what locations refer to (types, markers, filters, custom fields, calls to action)
  registerV2LocationTypes(app, services);
  registerV2Markers(app, services);
  registerV2Filters(app, services);
  registerV2Fields(app, services);
  registerV2CallsToAction(app, services);
  registerV2Branding(app, services);
  registerV2PublishableKeys(app, services);

  // V2 locations
  registerV2LocationsList(app, services);
  registerV2LocationsExport(app, services);
  registerV2LocationsGet(app, services);
  registerV2LocationsPost(app, services);
  registerV2LocationsPatch(app, services);
  registerV2LocationsPut(app, services);
  registerV2LocationsDelete(app, services);
  registerV2LocationsBulk(app, services);
  // V2 what forms of locations use: an address's coordinates, the map tiles
  registerV2Geocode(app, services);
  registerV2MapGet(app, services);

  // V2 change feed and webhooks: what changed, by whom, read in order or pushed to the project's endpoints
  registerV2EventsList(app, services);
  registerV2WebhooksList(app, services);
  registerV2WebhooksGet(app, services);
  registerV2WebhooksPost(app, services);
  registerV2WebhooksPatch(app, services);
  registerV2WebhooksDelete(app, services);
  registerV2WebhooksRotateSecret(app, services);
  registerV2WebhooksPing(app, services);
  registerV2WebhookDeliveriesList(app, services);
  registerV2WebhookDeliveriesRetry(app, services);
  // V2 imports: a file of locations, in the background
  registerV2ImportsPost(app, services);
  registerV2ImportsList(app, services);
  registerV2ImportsGet(app, services);
  registerV2ImportChangesList(app, services);
  registerV2ImportFailedRowsGet(app, services);
  registerV2ImportsPreview(app, services);
  registerV2ImportMappingGet(app, services);
  registerV2ImportMappingPut(app, services);
  // V2 analytics: what the store finder was asked and what visitors did, counted per day
  registerV2AnalyticsGet(app, services);
  registerV2AnalyticsUnservedGet(app, services);

  // Store finder (public): read-only, with a publishable key, for websites' visitors
  registerPublicSearch(app, services);
  registerPublicLocations(app, services);
  registerPublicConfig(app, services);
  registerPublicEvents(app, services);
  // Store finder (hosted): the widget's script, and the pages around it (HTML, not in the API documents)
  registerWidgetFiles(app, services);
  registerFinderPage(app, services);
  registerFinderSitemap(app, services);
  registerFinderLocationPage(app, services);

  // The dashboard (HTML and its assets, not in the API documents): people sign in and manage their projects
  registerDashboard(app, services);

  // V1 (legacy): the personal project's locations under /api, with the legacy token; no PATCH (405)
  registerV1LocationsList(app, services);
  registerV1LocationsGet(app, services);
  registerV1LocationsPost(app, services);
  registerV1LocationsPut(app, services);
  registerV1LocationsDelete(app, services);
}
