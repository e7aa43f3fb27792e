import { DEMO_CITIES, DEMO_CONFIG, DEMO_STREETS, MANAGERS } from '../packages/server/src/cli/demo-data.ts';
import { generateAddress } from '../packages/server/src/domain/address.ts';
import type { WeeklyHours } from '../packages/server/src/domain/hours.ts';
import { slugify } from '../packages/server/src/domain/slug.ts';
import { timeZoneAt } from '../packages/server/src/domain/time-zones.ts';

/** What the benchmark project configures for its locations: the demo project's catalog. */
export const BENCH_CATALOG = DEMO_CONFIG;

/** The columns of one seeded location that vary from location to location (the rest is filled in by the seeder). */
export interface SeedLocation {
  name: string;
  slug: string;
  address: string;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email: string;
  url: string;
  lat: number;
  lng: number;
  /** The zone of the city, as a geocoded location gets one. */
  time_zone: string | null;
  visible: number;
  facebook: string | null;
  instagram: string;
  twitter: string | null;
  typeIndex: number;
  markerIndex: number;
  hours: WeeklyHours;
  /** Indexes into BENCH_CATALOG.filters: three per location. */
  filterIndexes: [number, number, number];
  /** One value per custom field of BENCH_CATALOG.fields. */
  fieldValues: string[];
  /** Index into BENCH_CATALOG.callsToAction and its value: one per location. */
  callToAction: { index: number; value: string };
}

const SCHEDULES: WeeklyHours[] = [
  {
    mon: '09:00-19:00',
    tue: '09:00-19:00',
    wed: '09:00-19:00',
    thu: '09:00-21:00',
    fri: '09:00-21:00',
    sat: '10:00-18:00',
    sun: 'closed',
  },
  {
    mon: '10:00-20:00',
    tue: '10:00-20:00',
    wed: '10:00-20:00',
    thu: '10:00-20:00',
    fri: '10:00-22:00',
    sat: '10:00-22:00',
    sun: '11:00-18:00',
  },
  {
    mon: '08:00-12:00,13:00-17:30',
    tue: '08:00-12:00,13:00-17:30',
    wed: '08:00-12:00',
    thu: '08:00-12:00,13:00-17:30',
    fri: '08:00-12:00,13:00-17:00',
    sat: 'closed',
    sun: 'closed',
  },
  {
    mon: '07:00-23:00',
    tue: '07:00-23:00',
    wed: '07:00-23:00',
    thu: '07:00-23:00',
    fri: '07:00-02:00',
    sat: '08:00-02:00',
    sun: '08:00-22:00',
  },
];

/** Area codes of large US cities, for the seeded stores' phone numbers. */
const AREA_CODES = ['212', '617', '215', '202', '404', '305', '312', '512', '713', '206', '415', '303', '602'];

const BRANCHES = [
  'Downtown',
  'Uptown',
  'Mall',
  'Station',
  'Harbour',
  'Airport',
  'Riverside',
  'Old Town',
  'Park',
  'Market',
];

/**
 * A small deterministic pseudo-random generator (mulberry32), so every run seeds the same data.
 * @example const random = seededRandom(42); random() // a number in [0, 1)
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

const zones = new Map<string, string | null>();
const zoneOfCity = (place: { city: string; lat: number; lng: number }) => {
  if (!zones.has(place.city)) zones.set(place.city, timeZoneAt(place.lat, place.lng));
  return zones.get(place.city) ?? null;
};

/**
 * The `index`-th location of the benchmark project: a store in one of the demo cities with a street address,
 * contact details, coordinates near the city centre, a full week of hours, three filters, both custom fields
 * and one call to action. Names (and so slugs) are unique by index.
 */
export function seedLocation(index: number, random: () => number): SeedLocation {
  const place = pick(random, DEMO_CITIES);
  const branch = pick(random, BRANCHES);
  const street = pick(random, DEMO_STREETS);
  const name = `${place.city} ${branch} ${index + 1}`;
  const handle = slugify(`${place.city}-${branch}-${index + 1}`);
  const components = {
    address_line_1: `${1 + Math.floor(random() * 9000)} ${street}`,
    address_line_2: random() < 0.3 ? `Suite ${100 + Math.floor(random() * 800)}` : null,
    city: place.city,
    state: place.state,
    postcode: place.postcode,
    country: 'US',
  };
  const firstFilter = Math.floor(random() * BENCH_CATALOG.filters.length);
  const filterIndexes = [0, 1, 2].map((offset) => (firstFilter + offset) % BENCH_CATALOG.filters.length) as [
    number,
    number,
    number,
  ];
  const ctaIndex = Math.floor(random() * BENCH_CATALOG.callsToAction.length);
  return {
    name,
    slug: handle,
    address: generateAddress(components),
    ...components,
    // A real area code and a line of the 555-0100 to 555-0199 range kept for fiction: a number as a store list has
    // it, valid in form (a phone number that is no number of any country is the slow, rare case of its reading).
    phone: `+1 ${pick(random, AREA_CODES)} 555 01${String(Math.floor(random() * 100)).padStart(2, '0')}`,
    email: `${handle}@shop.example`,
    url: `https://shop.example/stores/${handle}`,
    // Within about 10 km of the centre, six decimals as a geocoder would give; never 0, so nothing is geocoded.
    lat: Math.round((place.lat + (random() - 0.5) * 0.18) * 1e6) / 1e6,
    lng: Math.round((place.lng + (random() - 0.5) * 0.24) * 1e6) / 1e6,
    time_zone: zoneOfCity(place),
    visible: random() < 0.95 ? 1 : 0,
    facebook: random() < 0.5 ? `shop.${handle}` : null,
    instagram: `shop.${handle}`,
    twitter: random() < 0.3 ? `shop_${index + 1}` : null,
    typeIndex: random() < 0.8 ? 0 : 1 + Math.floor(random() * (BENCH_CATALOG.types.length - 1)),
    markerIndex: Math.floor(random() * BENCH_CATALOG.markers.length),
    hours: pick(random, SCHEDULES),
    filterIndexes,
    fieldValues: [pick(random, MANAGERS), String(1990 + Math.floor(random() * 35))],
    callToAction: {
      index: ctaIndex,
      value: ctaIndex === 0 ? `https://shop.example/order?store=${handle}` : `https://shop.example/book/${handle}`,
    },
  };
}
