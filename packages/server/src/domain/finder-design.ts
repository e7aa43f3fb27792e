// The store finder's design: what the dashboard's widget designer saves, the defaults of the hosted finder, its pages
// and every embedded widget of the project (docs/branding.md). Null always means "the widget's own default".

/** The design as stored on the project row. */
export interface FinderDesignRow {
  text_color: string | null;
  background_color: string | null;
  font_family: string | null;
  corner_radius: number | null;
  widget_height: number | null;
  widget_units: string | null;
  widget_language: string | null;
  search_radius: number | null;
  result_limit: number | null;
  map_consent: string | null;
  default_unit: string | null;
  default_country: string | null;
}

export type DistanceUnit = 'km' | 'mi';
export type MapConsent = 'none' | 'click';
export const FINDER_LANGUAGES = ['en', 'de', 'fr', 'es', 'nl'] as const;
export type FinderLanguage = (typeof FINDER_LANGUAGES)[number];

/** The design as the API shows it (V2 `/branding` and the public configuration). */
export interface FinderDesign {
  text_color: string | null;
  background_color: string | null;
  font_family: string | null;
  corner_radius: number | null;
  height: number | null;
  units: DistanceUnit | null;
  language: FinderLanguage | null;
  search_radius: number | null;
  result_limit: number | null;
  consent: MapConsent | null;
  default_unit: DistanceUnit | null;
  default_country: string | null;
}

/** The widget's own colours, which a null colour of the design leaves in place. */
export const WIDGET_TEXT_COLOR = '#1b1f24';
export const WIDGET_BACKGROUND_COLOR = '#ffffff';
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

const unitOf = (value: string | null): DistanceUnit | null => (value === 'km' || value === 'mi' ? value : null);
const languageOf = (value: string | null): FinderLanguage | null =>
  (FINDER_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as FinderLanguage) : null;

export function designOfRow(row: FinderDesignRow): FinderDesign {
  return {
    text_color: row.text_color,
    background_color: row.background_color,
    font_family: row.font_family,
    corner_radius: row.corner_radius,
    height: row.widget_height,
    units: unitOf(row.widget_units),
    language: languageOf(row.widget_language),
    search_radius: row.search_radius,
    result_limit: row.result_limit,
    consent: row.map_consent === 'none' || row.map_consent === 'click' ? row.map_consent : null,
    default_unit: unitOf(row.default_unit),
    default_country: row.default_country,
  };
}

export function rowOfDesign(design: FinderDesign): FinderDesignRow {
  return {
    text_color: design.text_color,
    background_color: design.background_color,
    font_family: design.font_family,
    corner_radius: design.corner_radius,
    widget_height: design.height,
    widget_units: design.units,
    widget_language: design.language,
    search_radius: design.search_radius,
    result_limit: design.result_limit,
    map_consent: design.consent,
    default_unit: design.default_unit,
    default_country: design.default_country,
  };
}

function luminance(hex: string): number | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return undefined;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The WCAG contrast ratio of two `#rrggbb` colours (1 to 21), or undefined when one is not such a colour.
 * @example contrastRatio('#1b1f24', '#ffffff') // 16.2…
 */
export function contrastRatio(a: string, b: string): number | undefined {
  const first = luminance(a);
  const second = luminance(b);
  if (first === undefined || second === undefined) return undefined;
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}
