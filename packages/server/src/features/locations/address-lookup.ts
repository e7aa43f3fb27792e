import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { InvalidInputError, UnavailableError } from '../../domain/errors.ts';
import { type GeocodeQuery, geocodeQueryOf, geocodeRequestOf } from '../../domain/geocode-request.ts';
import type { ProjectRef } from '../../domain/project-ref.ts';
import { timeZoneAt } from '../../domain/time-zones.ts';
import type { GeocodeResult, Geocoder } from '../../geocoding/geocoder.ts';
import { GeocoderError } from '../../geocoding/geocoder-error.ts';
import { accessibleProject } from '../accounts/index.ts';

// "Find from the address": the dashboard's store form asks the server's geocoder where an address is.

/** How many times `GEOCODER_TIMEOUT_MS` an asked-for lookup (`geocodeAddress`) may take. */
const ASKED_GEOCODING_BOUND = 3;

/** An address to look up in one of the caller's projects. */
export interface AddressLookup {
  project: ProjectRef;
  address: GeocodeQuery;
}

/**
 * Where an address is, as the geocoder answers (saving nothing), with the time zone of the point; null when it
 * found no place. An address that names no place to look for (a country alone) is 422; a geocoder that does not
 * answer within its bound is 503.
 */
export async function lookUpAddress(
  { db, geocoding }: { db: Kysely<Database>; geocoding?: { geocoder: Geocoder; timeoutMs: number } | undefined },
  { project: ref, address }: AddressLookup,
): Promise<{ lat: number; lng: number; precision: GeocodeResult['precision']; time_zone: string | null } | null> {
  await accessibleProject(db, ref);
  const query = geocodeQueryOf(address);
  if (geocodeRequestOf(query) === null) {
    throw InvalidInputError.fields({
      address: ['names no place to look for: give a city, a postcode or an address'],
    });
  }
  if (!geocoding) throw new UnavailableError('No geocoder is configured on this server.');
  // A person waits for this answer (as a geocoding job may, unlike a create): the first lookup of the offline
  // geocoder loads its place data, which takes seconds on a busy machine.
  const signal = AbortSignal.timeout(geocoding.timeoutMs * ASKED_GEOCODING_BOUND);
  let found: GeocodeResult | null;
  try {
    found = await geocoding.geocoder.geocode(query, { signal });
  } catch (error) {
    if (error instanceof GeocoderError || signal.aborted) {
      throw new UnavailableError('The geocoder did not answer; try again in a few seconds, or place the pin yourself.');
    }
    throw error;
  }
  if (!found) return null;
  return {
    lat: found.lat,
    lng: found.lng,
    precision: found.precision,
    time_zone: timeZoneAt(found.lat, found.lng),
  };
}
