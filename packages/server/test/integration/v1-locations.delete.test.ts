import { describe, expect, it } from 'vitest';
import { call } from '../support/server.ts';
import { useV1Locations } from '../support/v1-locations.ts';

// DELETE /api/locations/{id}. Shared setup: test/support/v1-locations.ts.

const fixture = useV1Locations();
const { v1, v2, createV2 } = fixture;

describe('DELETE /api/locations/{id}', () => {
  it('deletes with {"success": true}; the location is gone from V1 and V2', async () => {
    const { v2: created, v1Id } = await createV2();
    const response = await v1('DELETE', `/api/locations/${v1Id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await v1('GET', `/api/locations/${v1Id}`)).status).toBe(404);
    expect((await v2('GET', `${fixture.v2Base}/${created.id}`)).status).toBe(404);
    expect((await v1('DELETE', `/api/locations/${v1Id}`)).status).toBe(404);
  });

  it('deletes when the client sends Content-Type: application/json with no body, as many clients do on every request', async () => {
    const { v1Id } = await createV2();
    const response = await call(fixture.server, 'DELETE', `/api/locations/${v1Id}`, {
      token: fixture.account.legacyToken.token,
      headers: { 'content-type': 'application/json' },
    });
    expect([response.status, response.body]).toEqual([200, { success: true }]);
  });
});
