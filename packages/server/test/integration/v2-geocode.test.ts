import { beforeEach, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { addMember } from '../support/people.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// "Find from the address": the server's geocoder (the offline one in tests) answers a form's address, saving nothing.

// The offline geocoder reads its place data from disk on first use (seconds on a busy machine), past the default bound.
const server = useTestServer({ env: { GEOCODER_TIMEOUT_MS: '30000' } });
let account: CreatedUser;
let geocode: string;

const v2 = (method: string, path: string, body?: unknown, token = account.token.token) =>
  call(server, method, path, { token, ...(body !== undefined ? { body } : {}) });

beforeEach(async () => {
  account = await createAccount(server);
  geocode = `/api/v2/projects/${account.project.public_id}/geocode`;
});

describe('POST /api/v2/projects/{id}/geocode', () => {
  it('answers the coordinates, precision and time zone of an address, and saves nothing', async () => {
    const answer = await v2('POST', geocode, { city: 'Denver', state: 'CO', country: 'US' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toMatchObject({ precision: 'city', time_zone: 'America/Denver' });
    expect(answer.body.data.lat).toBeCloseTo(39.739, 1);
    expect(answer.body.data.lng).toBeCloseTo(-104.985, 1);
    const postcode = await v2('POST', geocode, { postcode: '90210', country: 'US', address_line_1: null });
    expect(postcode.body.data).toMatchObject({ precision: 'postcode', time_zone: 'America/Los_Angeles' });
    const events = await v2('GET', `/api/v2/projects/${account.project.public_id}/events`);
    expect(events.body.data).toEqual([]);
  });

  it('answers null when no place matches', async () => {
    const answer = await v2('POST', geocode, { city: 'Nowhereville Qqq', country: 'US' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ data: null });
  });

  it('refuses an address that names no place to look for, and unknown keys (422)', async () => {
    const countryOnly = await v2('POST', geocode, { country: 'US' });
    expect(countryOnly.status).toBe(422);
    expect(countryOnly.body.errors.address).toEqual([
      'names no place to look for: give a city, a postcode or an address',
    ]);
    const unknown = await v2('POST', geocode, { city: 'Denver', lat: 1 });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['lat']);
  });

  it('is for those who edit locations: a viewer is refused, a stranger finds no project', async () => {
    const viewer = await createAccount(server);
    await addMember(server, account.project.id, viewer.user.id, 'viewer');
    expect((await v2('POST', geocode, { city: 'Denver' }, viewer.token.token)).status).toBe(403);
    const stranger = await createAccount(server);
    expect((await v2('POST', geocode, { city: 'Denver' }, stranger.token.token)).status).toBe(404);
    expect((await call(server, 'POST', geocode, { body: { city: 'Denver' } })).status).toBe(401);
  });

  it('counts against the rate limit like every call', async () => {
    const answer = await v2('POST', geocode, { city: 'Denver' });
    expect(answer.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(Number(answer.headers.get('x-ratelimit-remaining'))).toBeLessThan(
      Number(answer.headers.get('x-ratelimit-limit')),
    );
  });
});

describe('GET /api/v2/map', () => {
  it('answers the tile server of the maps (MAP_TILE_URL) and its credit', async () => {
    const answer = await v2('GET', '/api/v2/map');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      data: {
        tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      },
    });
  });
});
