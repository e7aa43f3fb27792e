import { describe, expect, it } from 'vitest';
import { newPublicId } from '../../src/domain/ids.ts';
import { deliverNext } from '../../src/features/webhooks/webhook-delivery.service.ts';
import { createCatalogAccount, fullLocationBody } from '../support/factories.ts';
import { call, useTestServer } from '../support/server.ts';

// A deployment as it runs by default (WEBHOOK_ALLOW_PRIVATE_NETWORKS unset): webhooks are no way into the network the
// service runs in. Nothing here connects anywhere: every address is refused before a connection is opened.

const server = useTestServer();

describe('webhooks on a deployment that keeps them off private networks', () => {
  it('refuses, at creation, URLs that are not https or that reach loopback, private, link-local or metadata addresses', async () => {
    const { account } = await createCatalogAccount(server);
    const path = `/api/v2/projects/${account.project.public_id}/webhooks`;
    const refused: [string, RegExp][] = [
      ['http://hooks.example.com/locator', /must use https/],
      ['https://127.0.0.1/hook', /loopback address \(127\.0\.0\.1\)/],
      ['https://2130706433/hook', /loopback address \(127\.0\.0\.1\)/],
      ['https://[::1]:8443/hook', /loopback address \(::1\)/],
      ['https://[::ffff:127.0.0.1]/hook', /loopback address/],
      ['https://[::127.0.0.1]/hook', /IPv6 form of 127\.0\.0\.1, a loopback address \(::7f00:1\)/],
      ['https://[::169.254.169.254]/latest/meta-data', /IPv6 form of 169\.254\.169\.254, a link-local address/],
      ['https://[::10.0.0.1]/hook', /IPv6 form of 10\.0\.0\.1, a private address/],
      ['https://[64:ff9b::10.0.0.1]/hook', /IPv6 form of 10\.0\.0\.1, a private address/],
      ['https://[2002:a9fe:a9fe::1]/hook', /IPv6 form of 169\.254\.169\.254, a link-local address/],
      ['https://localhost:8443/hook', /localhost resolves to a loopback address/],
      ['https://10.1.2.3/hook', /private address \(10\.1\.2\.3\)/],
      ['https://192.168.0.10/hook', /private address/],
      ['https://[fd00:ec2::254]/latest/meta-data', /private address/],
      ['https://169.254.169.254/latest/meta-data', /link-local address \(where cloud metadata services answer\)/],
      ['https://100.100.100.200/latest/meta-data', /carrier-grade NAT/],
      ['https://0.0.0.0/hook', /unspecified address/],
    ];
    for (const [url, message] of refused) {
      const response = await call(server, 'POST', path, { token: account.token.token, body: { url, events: ['*'] } });
      expect(response.status, url).toBe(422);
      expect(response.body.errors.url?.[0], url).toMatch(message);
    }
    const listed = await call(server, 'GET', path, { token: account.token.token });
    expect(listed.body.data).toEqual([]);
  });

  it('refuses the same addresses at delivery, for an endpoint whose host came to resolve to one', async () => {
    const owner = await createCatalogAccount(server);
    const now = new Date().toISOString();
    // As if the host resolved to a public address when the endpoint was made, and to loopback now (DNS rebinding),
    // or the endpoint was made while the deployment allowed private networks.
    const endpoint = await server.database.db
      .insertInto('webhook_endpoints')
      .values({
        public_id: newPublicId('webhook'),
        project_id: owner.account.project.id,
        url: 'https://localhost:9/hook',
        description: null,
        events: '["*"]',
        enabled: 1,
        disabled_reason: null,
        disabled_at: null,
        secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        previous_secret: null,
        previous_secret_expires_at: null,
        failures_in_a_row: 0,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'public_id'])
      .executeTakeFirstOrThrow();
    expect(
      (await call(server, 'POST', owner.locations, { token: owner.account.token.token, body: fullLocationBody() }))
        .status,
    ).toBe(201);
    expect(await deliverNext(server.services.webhooks.deliveryContext)).toBe('retrying');
    await server.database.db
      .updateTable('webhook_endpoints')
      .set({ url: 'http://93.184.216.34/hook' })
      .where('id', '=', endpoint.id)
      .execute();
    const ping = await call(
      server,
      'POST',
      `/api/v2/projects/${owner.account.project.public_id}/webhooks/${endpoint.public_id}/test`,
      { token: owner.account.token.token },
    );
    await server.database.db
      .updateTable('webhook_endpoints')
      .set({ url: 'https://[::1]/hook' })
      .where('id', '=', endpoint.id)
      .execute();
    const literal = await call(
      server,
      'POST',
      `/api/v2/projects/${owner.account.project.public_id}/webhooks/${endpoint.public_id}/test`,
      { token: owner.account.token.token },
    );

    await server.database.db
      .updateTable('webhook_endpoints')
      .set({ url: 'https://[::7f00:1]/hook' })
      .where('id', '=', endpoint.id)
      .execute();
    const embedded = await call(
      server,
      'POST',
      `/api/v2/projects/${owner.account.project.public_id}/webhooks/${endpoint.public_id}/test`,
      { token: owner.account.token.token },
    );

    const log = await call(
      server,
      'GET',
      `/api/v2/projects/${owner.account.project.public_id}/webhooks/${endpoint.public_id}/deliveries`,
      { token: owner.account.token.token },
    );
    const created = log.body.data.find((entry: { event_type: string }) => entry.event_type === 'location.created');
    expect(created.attempts).toEqual([
      expect.objectContaining({
        status_code: null,
        error: expect.stringMatching(/^refused: localhost resolves to a loopback address \((127\.0\.0\.1|::1)\)$/),
        response_body: null,
      }),
    ]);
    expect(ping.body.data.attempts[0].error).toBe('refused: plain http is not allowed (use https)');
    expect(literal.body.data.attempts[0].error).toBe('refused: ::1 is a loopback address');
    expect(embedded.body.data.attempts[0].error).toBe(
      'refused: ::7f00:1 is an IPv6 form of 127.0.0.1, a loopback address',
    );
  });
});
