import type { UnservedDemand } from '../../api/analytics.ts';
import { t } from '../../i18n/index.ts';

const WIDTH = 640;
const HEIGHT = 400;
const MARGIN = 40;
const MIN_RADIUS = 6;
const MAX_RADIUS = 30;

type Place = UnservedDemand['places'][number];

/**
 * Where unserved demand is: each place a circle at its point, its area by its searches with nothing in range, numbered
 * by its rank in the table beside it. Plain SVG on an equirectangular projection of the places' own box (east-west
 * shrunk by the cosine of its middle latitude), with no map tiles: nothing is asked of another server.
 */
export function DemandMap({ places }: { places: Place[] }) {
  if (places.length === 0) return null;
  const lats = places.map((place) => place.lat);
  const lngs = places.map((place) => place.lng);
  // At least a degree each way, so one place or a close group is not blown up to the whole frame.
  const middleLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const middleLng = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  const squeeze = Math.cos((middleLat * Math.PI) / 180);
  const spanX = Math.max(1, (Math.max(...lngs) - Math.min(...lngs)) * squeeze);
  const spanY = Math.max(1, Math.max(...lats) - Math.min(...lats));
  const scale = Math.min((WIDTH - 2 * MARGIN) / spanX, (HEIGHT - 2 * MARGIN) / spanY);
  const x = (lng: number) => WIDTH / 2 + (lng - middleLng) * squeeze * scale;
  const y = (lat: number) => HEIGHT / 2 - (lat - middleLat) * scale;
  const most = Math.max(...places.map((place) => place.zero_result));
  const radius = (count: number) => MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(count / Math.max(1, most));
  // The biggest drawn first, so that a smaller circle on top of it stays visible.
  const ranked = places.map((place, index) => ({ place, rank: index + 1 })).reverse();
  return (
    <figure class="chart map">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('insightsUnservedMap')}>
        <rect class="map-ground" x={0} y={0} width={WIDTH} height={HEIGHT} />
        {ranked.map(({ place, rank }) => (
          <g key={place.place}>
            <circle class="demand" cx={x(place.lng)} cy={y(place.lat)} r={radius(place.zero_result)} />
            <text class="rank" x={x(place.lng)} y={y(place.lat) + 4} text-anchor="middle">
              {rank}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
