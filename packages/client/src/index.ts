export { V2Client, V2Settings } from './v2.ts';
export { V2PublishableKeys } from './v2-publishable-keys.ts';
export { V2Webhooks } from './v2-webhooks.ts';
export { V1Client } from './v1.ts';
export { LocatorApiError, LocatorError, LocatorNetworkError, type FailedRequest, type FieldErrors } from './errors.ts';
export type { CallOptions, ClientOptions, CreateOptions, FetchLike, RetryEvent } from './http.ts';
export type { RetryOptions } from './retry-policy.ts';
export type * from './v2-types.ts';
export type * from './v1-types.ts';
