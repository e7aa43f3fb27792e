import { SOCIAL_FIELDS } from './location-fields.ts';

export type SocialKey = (typeof SOCIAL_FIELDS)[number];

/** One configured social profile as V1 lists it under `socials`. */
export interface SocialProfile {
  key: SocialKey;
  label: string;
  /** The profile handle without a leading `@`. */
  handle: string;
  /** A full profile URL: the one given, or one built from the handle. */
  url: string;
  /** The Font Awesome brands icon name (`fa-<icon>`); stable, the same as the key. */
  icon: string;
}

interface Network {
  label: string;
  /** Host names (without `www.`) whose URLs a client may give instead of a handle. */
  hosts: readonly string[];
  /** The profile URL of a handle. */
  urlOf: (handle: string) => string;
  /** The handle inside a profile URL (its path segments given decoded), when the URL has the network's usual shape. */
  handleIn: (segments: readonly string[], url: URL) => string | undefined;
}

const atHandle = (segments: readonly string[]) => segments.find((segment) => segment.startsWith('@'))?.slice(1);
const first = (segments: readonly string[]) => segments[0];
const after = (marker: string) => (segments: readonly string[]) => {
  const index = segments.indexOf(marker);
  return index === -1 ? undefined : segments[index + 1];
};

const NETWORKS: Record<SocialKey, Network> = {
  facebook: {
    label: 'Facebook',
    hosts: ['facebook.com', 'fb.com', 'm.facebook.com'],
    urlOf: (handle) => `https://www.facebook.com/${encodeURIComponent(handle)}`,
    // Profiles without a user name are addressed as profile.php?id=<number>.
    handleIn: (segments, url) =>
      segments[0] === 'profile.php' ? (url.searchParams.get('id') ?? undefined) : first(segments),
  },
  instagram: {
    label: 'Instagram',
    hosts: ['instagram.com'],
    urlOf: (handle) => `https://www.instagram.com/${encodeURIComponent(handle)}`,
    handleIn: first,
  },
  twitter: {
    label: 'Twitter',
    hosts: ['twitter.com', 'x.com', 'mobile.twitter.com'],
    urlOf: (handle) => `https://twitter.com/${encodeURIComponent(handle)}`,
    handleIn: first,
  },
  yelp: {
    label: 'Yelp',
    hosts: ['yelp.com', 'm.yelp.com'],
    urlOf: (handle) => `https://www.yelp.com/biz/${encodeURIComponent(handle)}`,
    handleIn: after('biz'),
  },
  youtube: {
    label: 'YouTube',
    hosts: ['youtube.com', 'm.youtube.com'],
    urlOf: (handle) => `https://www.youtube.com/@${encodeURIComponent(handle)}`,
    handleIn: (segments) =>
      atHandle(segments) ?? after('channel')(segments) ?? after('c')(segments) ?? after('user')(segments),
  },
  tiktok: {
    label: 'TikTok',
    hosts: ['tiktok.com'],
    urlOf: (handle) => `https://www.tiktok.com/@${encodeURIComponent(handle)}`,
    handleIn: atHandle,
  },
};

const isNetworkHost = (network: Network, host: string) =>
  network.hosts.includes(host.toLowerCase().replace(/^www\./, ''));

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * The profile URL in a value given as a URL: one with an http(s) scheme as given, or one starting with the network's
 * own host (`facebook.com/acme`) with `https://` put in front so it is a full URL.
 */
function profileUrlOf(network: Network, value: string): string | undefined {
  if (/^https?:\/\//i.test(value)) return parseUrl(value) ? value : undefined;
  const host = value.split('/')[0] ?? '';
  return isNetworkHost(network, host) && value.includes('/') && parseUrl(`https://${value}`)
    ? `https://${value}`
    : undefined;
}

/**
 * The V1 `socials` entry of one social field, or null when the field is empty. A handle (`acme`, `@acme`) gets its
 * network's profile URL; a URL is kept as given (with `https://` added when it starts with the host) and its handle
 * is read from the path.
 * @example socialProfileOf('instagram', '@acme')
 * // { key: 'instagram', label: 'Instagram', handle: 'acme', url: 'https://www.instagram.com/acme', icon: 'instagram' }
 * @example socialProfileOf('twitter', 'https://x.com/acme').handle // 'acme'
 */
export function socialProfileOf(key: SocialKey, value: string | null | undefined): SocialProfile | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const network = NETWORKS[key];
  const url = profileUrlOf(network, trimmed);
  if (url) return { key, label: network.label, handle: handleOfUrl(network, url), url, icon: key };
  const handle = trimmed.replace(/^@+/, '');
  return { key, label: network.label, handle, url: network.urlOf(handle), icon: key };
}

/**
 * The handle in a profile URL: where the network puts it on its own site, else the last path segment, else the host.
 */
function handleOfUrl(network: Network, url: string): string {
  const parsed = new URL(url);
  const segments = parsed.pathname.split('/').filter(Boolean).map(safeDecode);
  return (
    (isNetworkHost(network, parsed.hostname) ? network.handleIn(segments, parsed) : undefined) ??
    segments.at(-1) ??
    parsed.hostname
  ).replace(/^@+/, '');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Every filled social field of a location, in the order of the fields (`facebook` first); empty when none.
 * @example socialProfilesOf({ facebook: 'acme', twitter: null }).map((p) => p.key) // ['facebook']
 */
export function socialProfilesOf(values: Partial<Record<SocialKey, string | null>>): SocialProfile[] {
  return SOCIAL_FIELDS.flatMap((key) => socialProfileOf(key, values[key]) ?? []);
}
