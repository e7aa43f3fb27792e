// The project's brand colour as the widget's accent: only when the page has not set `--locator-accent` (the embed
// decides), and only a colour dark enough for links and white button text (WCAG AA, 4.5:1 on white), so a pale brand
// colour never makes the finder unreadable.
import { safeColor } from './dom.ts';

function readableOnWhite(hex: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return false;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05) >= 4.5;
}

export function applyBrandColor(host: HTMLElement, root: HTMLElement, color: string | null | undefined): void {
  const brand = safeColor(color);
  if (!brand || !readableOnWhite(brand)) return;
  if (getComputedStyle(host).getPropertyValue('--locator-accent').trim() !== '') return;
  root.style.setProperty('--accent', brand);
}
