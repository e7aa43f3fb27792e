import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { createCatalogAccount, fullLocationBody, INCLUDE_ALL } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

const server = useTestServer();
let account: CreatedUser;
let base: string;

beforeAll(async () => {
  ({ account, locations: base } = await createCatalogAccount(server));
});

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', 'Austin', 'x'.repeat(300)));
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  text,
  fc.array(text, { maxLength: 3 }),
);
const day = fc.oneof(
  fc.constant(null),
  fc.constantFrom('09:00-17:00', 'closed', '9-5', '25:00-26:00', '18:00-02:00', ''),
  text,
);

/** Mostly a valid value, sometimes anything at all: bodies mix valid changes with the odd invalid one. */
const mostly = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown> = anyJson) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: invalid, weight: 1 });

const validText = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim() !== '');

/** PATCH bodies over every kind of key, plus sometimes an unknown key. */
const patchBody = fc
  .record(
    {
      name: mostly(validText, fc.oneof(text, fc.constant(null))),
      city: mostly(validText, fc.oneof(text, fc.constant(null))),
      phone: mostly(fc.oneof(text, fc.constant(null)), fc.integer()),
      email: mostly(fc.constantFrom('a@b.co', '', null), fc.constantFrom('bad', 'a@', 5)),
      url: mostly(fc.constantFrom('https://x.example', null), fc.constantFrom('nope', 'ftp://x')),
      lat: mostly(
        fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constant(null)),
        fc.oneof(fc.double({ min: 90.001, max: 1000, noNaN: true }), anyJson),
      ),
      lng: mostly(
        fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.constant(null)),
        fc.oneof(fc.double({ min: 180.001, max: 1000, noNaN: true }), anyJson),
      ),
      visible: mostly(fc.boolean()),
      address: mostly(fc.oneof(text, fc.constant(null))),
      location_type: mostly(fc.constantFrom('Store', 'Outlet', null), fc.constantFrom('Kiosk', 7)),
      marker: mostly(fc.constantFrom('Red', 'Blue', null), fc.constantFrom('Green', true)),
      hours: mostly(
        fc.oneof(
          fc.constant(null),
          fc.constant({}),
          fc.dictionary(
            fc.constantFrom('mon', 'tue', 'sunday'),
            fc.constantFrom('09:00-17:00', 'closed', '18:00-02:00', null),
            { maxKeys: 3 },
          ),
        ),
        fc.dictionary(fc.constantFrom('mon', 'funday'), day, { minKeys: 1, maxKeys: 2 }),
      ),
      filters: mostly(
        fc.uniqueArray(fc.constantFrom('Wifi', 'Parking', 'Accessible'), { maxLength: 3 }),
        fc.constant(['Sauna']),
      ),
      fields: mostly(
        fc.dictionary(fc.constantFrom('Manager', 'Floor'), fc.oneof(validText, fc.constant(null)), { maxKeys: 2 }),
        fc.constant({ Owner: 'x' }),
      ),
      callsToAction: mostly(
        fc.dictionary(fc.constantFrom('Order online', 'Book'), fc.oneof(validText, fc.constant(null)), { maxKeys: 2 }),
        fc.constant({ Nope: 'x' }),
      ),
      unknown_key: anyJson,
    },
    { requiredKeys: [] },
  )
  .chain((body) =>
    // Most bodies leave out the unknown key, so that they reach the domain rules instead of failing on it.
    fc.integer({ min: 0, max: 9 }).map((roll) => (roll === 0 ? body : withoutUnknownKey(body))),
  );

function withoutUnknownKey(body: Record<string, unknown>): Record<string, unknown> {
  const { unknown_key: _ignored, ...rest } = body;
  return rest;
}

it('never answers 500 and never saves part of a refused PATCH', async () => {
  const created = await call(server, 'POST', base, { token: account.token.token, body: fullLocationBody() });
  const path = `${base}/${created.body.data.id}`;
  const statuses = { 200: 0, 422: 0 };
  await fc.assert(
    fc.asyncProperty(patchBody, async (body) => {
      const before = await call(server, 'GET', `${path}?${INCLUDE_ALL}`, { token: account.token.token });
      const response = await call(server, 'PATCH', path, { token: account.token.token, body });
      expect([200, 422]).toContain(response.status);
      statuses[response.status as 200 | 422] += 1;
      const after = await call(server, 'GET', `${path}?${INCLUDE_ALL}`, { token: account.token.token });
      if (response.status === 422) {
        expect(Object.keys(response.body.errors).length).toBeGreaterThan(0);
        expect(after.body).toEqual(before.body);
      } else {
        expect(after.body.data).toEqual(response.body.data);
      }
    }),
    { numRuns: 200 },
  );
  // The generator must reach both outcomes, or the property says nothing.
  expect(statuses[200]).toBeGreaterThan(10);
  expect(statuses[422]).toBeGreaterThan(10);
});
