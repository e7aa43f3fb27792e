/**
 * What the offline geocoder costs: the time and memory of its two lazy loads (place names on the first city lookup,
 * postcodes on the first postcode lookup) and the time of a lookup once loaded. Numbers go to docs/geocoding.md.
 *
 *   node --expose-gc --import tsx bench/offline-geocoder.ts
 */
import { createOfflineGeocoder } from '../packages/server/src/geocoding/offline.geocoder.ts';

const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (!collectGarbage) throw new Error('Run with node --expose-gc, so retained memory is measured after a collection');
const LOOKUPS = 10_000;
const megabytes = (bytes: number) => Math.round(bytes / 1e5) / 10;

async function measure(label: string, work: () => Promise<unknown>) {
  collectGarbage?.();
  const before = process.memoryUsage();
  const started = performance.now();
  await work();
  const milliseconds = Math.round(performance.now() - started);
  collectGarbage?.();
  const after = process.memoryUsage();
  console.log(
    `${label}: ${milliseconds} ms, heap +${megabytes(after.heapUsed - before.heapUsed)} MB, RSS +${megabytes(after.rss - before.rss)} MB`,
  );
}

const geocoder = createOfflineGeocoder();
await measure('first city lookup (loads the places)', () =>
  geocoder.geocode({ city: 'Nashville', state: 'TN', country: 'US' }),
);
await measure('first postcode lookup (loads the postcodes)', () =>
  geocoder.geocode({ postcode: '90210', country: 'US' }),
);
const started = performance.now();
for (let i = 0; i < LOOKUPS; i += 1) await geocoder.geocode({ city: 'Portland', state: 'ME', country: 'US' });
console.log(`lookup once loaded: ${Math.round(((performance.now() - started) / LOOKUPS) * 1000)} µs`);
