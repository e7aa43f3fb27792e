import { attributes, type Html, html } from './html.ts';

/** The zoom of a page's map without JavaScript: streets and their names around one store. */
const ZOOM = 16;
const TILE = 256;
/** Tiles either side of the store's: enough to fill a map 1,000 px wide and 700 px high around it. */
const ACROSS = 2;
const DOWN = 1;

/** A tile's address from a Leaflet-style template (`{s}`, `{z}`, `{x}`, `{y}`, `{r}`). */
function tileUrl(template: string, x: number, y: number): string {
  return template
    .replace('{s}', 'a')
    .replace('{z}', String(ZOOM))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '');
}

/**
 * A map of the place as plain images of the tiles around it, the store's point at the centre of its box: what a
 * visitor without JavaScript sees where the widget's map would be. Web Mercator, as the tile servers cut them.
 */
export function staticMap(point: { lat: number; lng: number }, template: string, label: string): Html {
  const scale = TILE * 2 ** ZOOM;
  const x = ((point.lng + 180) / 360) * scale;
  const sin = Math.sin((point.lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
  const column = Math.floor(x / TILE);
  const row = Math.floor(y / TILE);
  const tiles: Html[] = [];
  for (let dy = -DOWN; dy <= DOWN; dy += 1) {
    for (let dx = -ACROSS; dx <= ACROSS; dx += 1) {
      const left = Math.round((column + dx) * TILE - x);
      const top = Math.round((row + dy) * TILE - y);
      tiles.push(
        html`<img${attributes({ src: tileUrl(template, column + dx, row + dy), alt: '', width: TILE, height: TILE, style: `left:calc(50% + ${left}px);top:calc(50% + ${top}px)` })}>`,
      );
    }
  }
  return html`<div class="static-map" role="img" aria-label="${label}">${tiles}<span class="pin"></span></div>`;
}
