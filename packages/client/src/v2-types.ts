import type { paths } from './generated/v2.ts';
import type { Operation, QueryParameters, RequestBody, SuccessBody } from './operations.ts';

// Every type here is read from the generated V2 document, so it changes when the server's schemas change.

type Op<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'> = Operation<paths, P, M>;
type LocationsPath = '/api/v2/projects/{project_id}/locations';
type LocationPath = '/api/v2/projects/{project_id}/locations/{location_id}';

export type V2Paths = paths;
export type User = SuccessBody<Op<'/api/v2/user', 'get'>>['data'];
export type Project = SuccessBody<Op<'/api/v2/projects', 'get'>>['data'][number];

/** A V2 location; `hours`, `filters`, `fields` and `callsToAction` are present when asked for (always on writes). */
export type Location = SuccessBody<Op<LocationPath, 'get'>>['data'];
/** One page of the location list: `data`, `links`, `meta`. */
export type LocationPage = SuccessBody<Op<LocationsPath, 'get'>>;
/** Filters, include flags, `sort`, `page` and `limit` of the location list. */
export type LocationListQuery = QueryParameters<Op<LocationsPath, 'get'>>;
/** The include flags of a single read. */
export type LocationReadQuery = QueryParameters<Op<LocationPath, 'get'>>;
/** POST body: `name` and `city` required. */
export type LocationCreate = RequestBody<Op<LocationsPath, 'post'>>;
/** PUT body: as POST; omitted marker and type reset to the project defaults. */
export type LocationReplace = RequestBody<Op<LocationPath, 'put'>>;
/** PATCH body: every key optional; omitted keys keep their values. */
export type LocationPatch = RequestBody<Op<LocationPath, 'patch'>>;
/** A bulk action: `ids` or `where` (the list's filters), and one `change`. */
export type LocationBulk = RequestBody<Op<'/api/v2/projects/{project_id}/locations/bulk', 'post'>>;
/** What a bulk action did: its action, how many locations and which. */
export type LocationBulkResult = SuccessBody<Op<'/api/v2/projects/{project_id}/locations/bulk', 'post'>>['data'];

/** The configuration resources of a project, by path segment. */
/** The address `POST /api/v2/projects/{id}/geocode` looks for. */
export type GeocodeRequest = RequestBody<Op<'/api/v2/projects/{project_id}/geocode', 'post'>>;
/** Where it is (coordinates, precision, time zone), or null when no place matches. */
export type GeocodeAnswer = SuccessBody<Op<'/api/v2/projects/{project_id}/geocode', 'post'>>['data'];
/** The server's map tiles (`MAP_TILE_URL`) and their credit. */
export type MapTiles = SuccessBody<Op<'/api/v2/map', 'get'>>['data'];

export type SettingSegment = 'location-types' | 'markers' | 'filters' | 'fields' | 'calls-to-action';
type Assert<Condition extends true> = Condition;
/** Fails to compile when the document lacks the collection or item path of a segment. */
export type SettingPathsExist = Assert<
  [`/api/v2/projects/{project_id}/${SettingSegment}`, `/api/v2/projects/{project_id}/${SettingSegment}/{id}`] extends [
    keyof paths,
    keyof paths,
  ]
    ? true
    : false
>;
type SettingsPath<S extends SettingSegment> = `/api/v2/projects/{project_id}/${S}` & keyof paths;
type SettingPath<S extends SettingSegment> = `/api/v2/projects/{project_id}/${S}/{id}` & keyof paths;

export type SettingItem<S extends SettingSegment> = SuccessBody<Op<SettingsPath<S>, 'get'>>['data'][number];
export type SettingCreate<S extends SettingSegment> = RequestBody<Op<SettingsPath<S>, 'post'>>;
export type SettingPatch<S extends SettingSegment> = RequestBody<Op<SettingPath<S>, 'patch'>>;

export type LocationType = SettingItem<'location-types'>;
export type Marker = SettingItem<'markers'>;
export type Filter = SettingItem<'filters'>;
export type CustomField = SettingItem<'fields'>;
export type CallToAction = SettingItem<'calls-to-action'>;

type EventsPath = '/api/v2/projects/{project_id}/events';
type WebhooksPath = '/api/v2/projects/{project_id}/webhooks';
type WebhookPath = '/api/v2/projects/{project_id}/webhooks/{webhook_id}';
type DeliveriesPath = '/api/v2/projects/{project_id}/webhooks/{webhook_id}/deliveries';
type KeysPath = '/api/v2/projects/{project_id}/publishable-keys';
type KeyPath = '/api/v2/projects/{project_id}/publishable-keys/{key_id}';

/** One page of the change feed: `data` (events in commit order), `links`, `meta` (`next_after`, `has_more`). */
export type EventPage = SuccessBody<Op<EventsPath, 'get'>>;
/** An event of the change feed: `id` (the cursor), `type`, `occurred_at`, `actor`, `location_id`, `changes`, `data`. */
export type ChangeEvent = EventPage['data'][number];
/** `after` (an event ID, or `latest`) or `before` (backwards, newest first), `location`, `actor` and `limit` (1 to 500). */
export type EventListQuery = QueryParameters<Op<EventsPath, 'get'>>;

/** A webhook endpoint (without its secret). */
export type Webhook = SuccessBody<Op<WebhookPath, 'get'>>['data'];
/** A new endpoint, with its signing `secret`, shown only in this answer. */
export type CreatedWebhook = SuccessBody<Op<WebhooksPath, 'post'>>['data'];
export type WebhookCreate = RequestBody<Op<WebhooksPath, 'post'>>;
export type WebhookPatch = RequestBody<Op<WebhookPath, 'patch'>>;
/** One page of an endpoint's delivery log. */
export type WebhookDeliveryPage = SuccessBody<Op<DeliveriesPath, 'get'>>;
export type WebhookDeliveryQuery = QueryParameters<Op<DeliveriesPath, 'get'>>;
export type WebhookDelivery = WebhookDeliveryPage['data'][number];

/** A publishable key of the store finder (`lpk_…`) with its allowed origins. */
export type PublishableKey = SuccessBody<Op<KeyPath, 'patch'>>['data'];
export type PublishableKeyCreate = RequestBody<Op<KeysPath, 'post'>>;
export type PublishableKeyPatch = RequestBody<Op<KeyPath, 'patch'>>;

type BrandingPath = '/api/v2/projects/{project_id}/branding';

/** The store finder's branding and design, and the project's default unit and country: defaults of every widget. */
export type Branding = SuccessBody<Op<BrandingPath, 'get'>>['data'];
/** Changes to the branding: omitted keys keep their values, null clears one. */
export type BrandingPatch = RequestBody<Op<BrandingPath, 'patch'>>;

type ImportsPath = '/api/v2/projects/{project_id}/imports';
type ImportPath = '/api/v2/projects/{project_id}/imports/{import_id}';

/** An import: `status` (`queued`, `running`, `done`, `failed`), `progress`, and once it has ended its `report`. */
export type Import = SuccessBody<Op<ImportPath, 'get'>>['data'];
/** The answer to starting an import: its `id`, `queued`. */
export type ImportAccepted = Op<ImportsPath, 'post'>['responses'][202]['content']['application/json']['data'];
/** A file format of imports and exports. */
export type FileFormat = Import['format'];
/** An import in the list of recent ones: as `Import`, but the report without its failed rows. */
export type ImportSummary = SuccessBody<Op<ImportsPath, 'get'>>['data'][number];
/** A page of an import's diff, with `next_after` for the next. */
export type ImportChangesPage = SuccessBody<Op<'/api/v2/projects/{project_id}/imports/{import_id}/changes', 'get'>>;
/** A location an import created, updated (with the `fields` it changed) or deleted. */
export type ImportChange = ImportChangesPage['data'][number];
/** A file's columns, each with the mapping suggested for it, and the names a column may be mapped to. */
export type ImportPreview = SuccessBody<Op<'/api/v2/projects/{project_id}/imports/preview', 'post'>>['data'];
/** The column mapping and match a project's imports remember. */
export type ImportMapping = SuccessBody<Op<'/api/v2/projects/{project_id}/import-mapping', 'get'>>['data'];
/** A column mapping: a header to the name of what it sets, or null to skip it. */
export type ColumnMap = ImportMapping['columns'];
/** How rows without a key find their location. */
export type ImportMatch = ImportMapping['match'];

type SessionPath = '/api/v2/session';
type MembersPath = '/api/v2/projects/{project_id}/members';
type MemberPath = '/api/v2/projects/{project_id}/members/{user_id}';
type InvitationsPath = '/api/v2/projects/{project_id}/invitations';
type AcceptPath = '/api/v2/invitations/accept';

/** A browser's session: the signed-in `user` and the `csrf_token` its writes send as `X-CSRF-Token`. */
export type Session = SuccessBody<Op<SessionPath, 'get'>>['data'];
/** A member of a project: `user_id`, `name`, `email`, `role`, `joined_at`. */
export type Member = SuccessBody<Op<MembersPath, 'get'>>['data'][number];
/** A role in a project: `owner`, `admin`, `editor` or `viewer`. */
export type Role = RequestBody<Op<MemberPath, 'patch'>>['role'];
/** An open invitation to a project (without its link). */
export type Invitation = SuccessBody<Op<InvitationsPath, 'get'>>['data'][number];
/** A new invitation, with its link (`invite_url`), shown only in this answer. */
export type CreatedInvitation = SuccessBody<Op<InvitationsPath, 'post'>>['data'];
/** `{ token }` with a session, or `{ token, name, password }` for a new person. */
export type InvitationAcceptance = RequestBody<Op<AcceptPath, 'post'>>;
/** The project joined, the role in it, and the session of a person who was new. */
export type AcceptedInvitation = SuccessBody<Op<AcceptPath, 'post'>>['data'];

type TokensPath = '/api/v2/tokens';

/** An API token of the signed-in person, without its secret (`token_hint` recognises it). */
export type ApiToken = SuccessBody<Op<TokensPath, 'get'>>['data'][number];
/** A new token: `token` is the secret, shown only in this answer. */
export type CreatedToken = SuccessBody<Op<TokensPath, 'post'>>['data'];
/** `name`, `scopes`, and `expires_in_days` (unset: never expires). */
export type TokenCreate = RequestBody<Op<TokensPath, 'post'>>;
/** What a token may do. */
export type Scope = ApiToken['scopes'][number];

type SessionsPath = '/api/v2/sessions';
type SetupPath = '/api/v2/setup';

/** `{ current_password, new_password }` of `PUT /api/v2/user/password`. */
export type PasswordChange = RequestBody<Op<'/api/v2/user/password', 'put'>>;
/** A browser signed in as the person (`current` marks the one asking), never its cookie. */
export type SignedInSession = SuccessBody<Op<SessionsPath, 'get'>>['data'][number];
/** Whether the server waits for its first user (`needed`). */
export type SetupStatus = SuccessBody<Op<SetupPath, 'get'>>['data'];

type PasskeysPath = '/api/v2/user/passkeys';

/** A passkey of the signed-in person: `id`, `name`, `created_at`, `last_used_at`. */
export type Passkey = SuccessBody<Op<PasskeysPath, 'get'>>['data'][number];

type AnalyticsPath = '/api/v2/projects/{project_id}/analytics';
/** The store finder's counts of a period: totals, every day, places, filters and visitors' actions per location. */
export type Analytics = SuccessBody<Op<AnalyticsPath, 'get'>>['data'];
/** `from`, `to` (UTC days) and `format` (`json` or `csv`) of the analytics report. */
export type AnalyticsQuery = QueryParameters<Op<AnalyticsPath, 'get'>>;
/** The places most searched that found nothing in range, with the distance to the nearest visible location. */
export type UnservedDemand = SuccessBody<Op<'/api/v2/projects/{project_id}/analytics/unserved', 'get'>>['data'];
