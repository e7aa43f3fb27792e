import type { Weekday } from '../../../domain/hours.ts';
import type { OpeningStatus } from '../../../domain/opening-status.ts';
import type { SpecialHours } from '../../../domain/special-hours.ts';
import type { PublicLocationFields } from '../../locations/index.ts';
import type { PageLocale } from './messages.ts';

/** What every page of a project's finder is built with, besides its data. */
export interface PageSetting {
  /** The absolute base of links (`PUBLIC_URL` or the request's own), without a trailing slash. */
  base: string;
  /** The publishable key in the page's path. */
  key: string;
  locale: PageLocale;
  /** Whether the locale was asked for with `?lang=`: links between the pages keep it. */
  langAsked: boolean;
  tiles: { url: string; attribution: string };
}

/** A visible location as the finder's list and the sitemap name it. */
export interface LocationLink {
  slug: string;
  name: string;
  city: string | null;
  /** ISO 8601, as stored. */
  updatedAt: string;
}

export interface FinderPageData {
  projectName: string;
  /** The project's store-finder branding: the finder's title, header and accent. */
  branding?: { displayName: string | null; logoUrl: string | null; brandColor: string | null };
  /** Visible locations in name order: all of them in the sitemap, a page of them on the finder (`page`). */
  locations: readonly LocationLink[];
  /** The finder's page of its list without JavaScript, from 1; and whether another follows. */
  page?: number;
  more?: boolean;
  /** Where the project's marker icons come from, for the page's Content-Security-Policy. */
  imageUrls: readonly string[];
}

export interface LocationPageData {
  projectName: string;
  location: PublicLocationFields;
  /** Whether the location has coordinates (`location.lat` and `lng` are 0 without). */
  located: boolean;
  /** Whether it is open now, by its zone's clock, and the next change. */
  status: OpeningStatus;
  /** Its date and weekday now in its zone (the weekday is highlighted in the week); null without a zone. */
  today: { date: string; weekday: Weekday } | null;
  /** Its special hours that cover any of the next 30 days (as the search's `special_hours`). */
  upcoming: readonly SpecialHours[];
  /** The nearest other stores of the finder, nearest first. */
  nearby: readonly { slug: string; name: string; city: string | null; distanceKm: number }[];
  /** How its country measures distances; null when it names none (the page's region decides). */
  unit: 'km' | 'mi' | null;
  /** Images the page shows (marker icon, cover), for its Content-Security-Policy. */
  imageUrls: readonly string[];
}

/** The finder page of a key, and a location's page under it (`{slug}` left as the template the widget fills). */
export const finderUrl = (setting: Pick<PageSetting, 'base' | 'key'>) =>
  `${setting.base}/finder/${encodeURIComponent(setting.key)}`;
export const locationUrl = (setting: Pick<PageSetting, 'base' | 'key'>, slug: string) =>
  `${finderUrl(setting)}/${slug === '{slug}' ? slug : encodeURIComponent(slug)}`;

/** A link to another page of the finder, keeping a `lang` the visitor chose. */
export const withLang = (url: string, setting: Pick<PageSetting, 'locale' | 'langAsked'>) =>
  setting.langAsked ? `${url}?lang=${encodeURIComponent(setting.locale.tag)}` : url;
