export { type FailedRequest, type FieldErrors, LocatorApiError, LocatorError, LocatorNetworkError } from './errors.ts';
export { type HoursReading, parseDayHours, parseHoursText } from './hours.ts';
export type {
  CallOptions,
  ClientOptions,
  CreateOptions,
  FetchLike,
  RetryEvent,
  SessionClientOptions,
  TokenClientOptions,
} from './http.ts';
export type * from './public-types.ts';
export type { RetryOptions } from './retry-policy.ts';
export { V1Client } from './v1.ts';
export type * from './v1-types.ts';
export { type RequestOptions, type TaggedLocation, V2Client, V2Settings, type WriteOptions } from './v2.ts';
export { type ImportOptions, V2Imports } from './v2-imports.ts';
export { V2PublishableKeys } from './v2-publishable-keys.ts';
export type * from './v2-types.ts';
export { V2Webhooks } from './v2-webhooks.ts';
