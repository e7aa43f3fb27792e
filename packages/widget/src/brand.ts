// The project's branding and design (its configuration's `branding`) as the widget's defaults: each applies only when
// the page has not set the matching custom property on the element (the embed decides), and colours only when they
// stay readable (WCAG AA, 4.5:1), so a saved design never makes the finder unreadable.
import type { FinderConfig } from './api.ts';
import { safeColor } from './dom.ts';

const WHITE = '#ffffff';
const AA = 4.5;

function luminance(hex: string): number | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return undefined;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function readable(foreground: string, background: string): boolean {
  const a = luminance(foreground);
  const b = luminance(background);
  if (a === undefined || b === undefined) return false;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) >= AA;
}

type Branding = FinderConfig['branding'];

export function applyBranding(host: HTMLElement, root: HTMLElement, branding: Branding): void {
  const style = getComputedStyle(host);
  const pageSets = (property: string) => style.getPropertyValue(property).trim() !== '';
  const set = (property: string, value: string) => root.style.setProperty(property, value);

  const text = safeColor(branding.text_color);
  const background = safeColor(branding.background_color);
  const colours = !pageSets('--locator-text') && !pageSets('--locator-background');
  const paired = colours && (text || background) && readable(text ?? '#1b1f24', background ?? WHITE);
  if (paired) {
    if (text) set('--text', text);
    if (background) set('--background', background);
    // The greys of secondary text are made for white: on another background, secondary text takes the text colour.
    if (background) set('--muted', text ?? '#1b1f24');
  }
  const surface = paired && background ? background : WHITE;
  const brand = safeColor(branding.brand_color);
  // The accent is the colour of links on the background and of buttons with white text: it must read on both.
  if (brand && !pageSets('--locator-accent') && readable(brand, WHITE) && readable(brand, surface))
    set('--accent', brand);
  if (branding.font_family && !pageSets('--locator-font') && /^[\w\s,'".-]+$/.test(branding.font_family))
    root.style.setProperty('font-family', branding.font_family);
  if (branding.corner_radius !== null && !pageSets('--locator-radius')) set('--radius', `${branding.corner_radius}px`);
  if (branding.height !== null && !pageSets('--locator-height')) set('--height', `${branding.height}px`);
}
