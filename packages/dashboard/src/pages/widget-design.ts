import type { Branding, BrandingPatch } from '../api/website.ts';

// The widget designer's form as text fields, from and to the project's saved design (`/branding`), and the embed code.

/** The widget's own defaults (packages/widget), which a null of the saved design leaves. */
export const WIDGET_DEFAULTS = {
  accent: '#0b5cad',
  text: '#1b1f24',
  background: '#ffffff',
  radius: '8',
  height: '640',
  searchRadius: '50',
  limit: '20',
};

export interface Design {
  accent: string;
  text: string;
  background: string;
  font: string;
  radius: string;
  height: string;
  /** '' for the widget's choice (`auto`, the page's language, no consent step). */
  units: '' | 'km' | 'mi';
  language: '' | 'en' | 'de' | 'fr' | 'es' | 'nl';
  searchRadius: string;
  limit: string;
  consent: '' | 'click';
}

export function designOf(saved: Branding): Design {
  return {
    accent: saved.brand_color ?? WIDGET_DEFAULTS.accent,
    text: saved.text_color ?? WIDGET_DEFAULTS.text,
    background: saved.background_color ?? WIDGET_DEFAULTS.background,
    font: saved.font_family ?? '',
    radius: saved.corner_radius === null ? WIDGET_DEFAULTS.radius : String(saved.corner_radius),
    height: saved.height === null ? WIDGET_DEFAULTS.height : String(saved.height),
    units: saved.units ?? '',
    language: saved.language ?? '',
    searchRadius: saved.search_radius === null ? WIDGET_DEFAULTS.searchRadius : String(saved.search_radius),
    limit: saved.result_limit === null ? WIDGET_DEFAULTS.limit : String(saved.result_limit),
    consent: saved.consent === 'click' ? 'click' : '',
  };
}

const numberOr = (text: string, fallback: string): number | null =>
  text.trim() === '' || text.trim() === fallback ? null : Number(text);

/** The design as the API saves it: what equals the widget's own default is null (the widget keeps deciding it). */
export function patchOf(design: Design): BrandingPatch {
  const colour = (value: string, fallback: string) => (value.toLowerCase() === fallback ? null : value.toLowerCase());
  return {
    brand_color: colour(design.accent, WIDGET_DEFAULTS.accent),
    text_color: colour(design.text, WIDGET_DEFAULTS.text),
    background_color: colour(design.background, WIDGET_DEFAULTS.background),
    font_family: design.font.trim() === '' ? null : design.font.trim(),
    corner_radius: numberOr(design.radius, WIDGET_DEFAULTS.radius),
    height: numberOr(design.height, WIDGET_DEFAULTS.height),
    units: design.units === '' ? null : design.units,
    language: design.language === '' ? null : design.language,
    search_radius: numberOr(design.searchRadius, WIDGET_DEFAULTS.searchRadius),
    result_limit: numberOr(design.limit, WIDGET_DEFAULTS.limit),
    consent: design.consent === '' ? null : design.consent,
  };
}

/** The element's attributes and custom properties of a design, whole (the preview shows every choice). */
export function elementOf(design: Design): {
  attributes: Record<string, string | null>;
  properties: Record<string, string | null>;
} {
  return {
    attributes: {
      units: design.units === '' ? null : design.units,
      lang: design.language === '' ? null : design.language,
      radius: design.searchRadius.trim() || null,
      limit: design.limit.trim() || null,
      consent: design.consent === '' ? null : design.consent,
    },
    properties: {
      '--locator-accent': design.accent,
      '--locator-text': design.text,
      '--locator-background': design.background,
      '--locator-font': design.font.trim() || null,
      '--locator-radius': design.radius.trim() ? `${design.radius.trim()}px` : null,
      '--locator-height': design.height.trim() ? `${design.height.trim()}px` : null,
    },
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The embed code: the script and the element with its key, and only what differs from the saved design (the saved
 * design reaches every finder through its configuration, so an embed that does not set it follows later changes).
 */
export function snippetOf(origin: string, key: string, design: Design, saved: Design): string {
  const now = elementOf(design);
  const before = elementOf(saved);
  const attributes = Object.entries(now.attributes)
    .filter(([name, value]) => value !== before.attributes[name])
    .map(
      ([name, value]) =>
        ` ${name}="${escapeAttribute(value ?? (name === 'units' ? 'auto' : name === 'consent' ? 'none' : ''))}"`,
    )
    .filter((text) => !text.endsWith('=""'));
  const properties = Object.entries(now.properties)
    .filter(([name, value]) => value !== before.properties[name] && value !== null)
    .map(([name, value]) => `${name}:${value}`);
  const style = properties.length ? ` style="${escapeAttribute(properties.join(';'))}"` : '';
  return `<script src="${origin}/widget/v1/locator.js" async></script> <locator-finder key="${escapeAttribute(key)}"${attributes.join('')}${style}></locator-finder>`;
}
