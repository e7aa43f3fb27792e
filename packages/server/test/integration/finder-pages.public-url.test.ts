import { describe, expect, it } from 'vitest';
import { PUBLIC_URL_MISSING } from '../../src/app.ts';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { createLocationDirectly } from '../support/factories.ts';
import { createAccount, type TestServer, useTestServer } from '../support/server.ts';

// What a request's Host header may change on the hosted pages: everything, without PUBLIC_URL (so no shared cache
// keeps such a page), nothing with it.

const SPOOFED = 'evil.example';

async function keyWithOneLocation(server: TestServer): Promise<{ key: string; slug: string }> {
  const account = await createAccount(server);
  const { key } = await server.services.finder.keys.create({
    owner: { project: refOfProject(account.project) },
    origins: [],
  });
  const location = await createLocationDirectly(server.database.db, account.project, {
    name: 'Congress Avenue',
    city: 'Austin',
    lat: 30.2711,
    lng: -97.7437,
  });
  return { key, slug: location.record.slug };
}

/** The hosted pages of a key, asked with a spoofed Host, as they answer and as they revalidate. */
async function pagesAskedAs(server: TestServer, key: string, slug: string) {
  const paths = [`/finder/${key}`, `/finder/${key}/${slug}`, `/finder/${key}/sitemap.xml`];
  const pages = [];
  for (const url of paths) {
    const page = await server.app.inject({ method: 'GET', url, headers: { host: SPOOFED } });
    expect(page.statusCode, url).toBe(200);
    const again = await server.app.inject({
      method: 'GET',
      url,
      headers: { host: SPOOFED, 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode, url).toBe(304);
    pages.push({
      url,
      body: page.body,
      csp: page.headers['content-security-policy'],
      cacheControl: [page.headers['cache-control'], again.headers['cache-control']],
    });
  }
  return pages;
}

describe('hosted pages without PUBLIC_URL', () => {
  const logLines: string[] = [];
  const server = useTestServer({ logLines });

  it('take their links from the Host header, so they are private to the browser that asked', async () => {
    const { key, slug } = await keyWithOneLocation(server);
    const [finder, location, sitemap] = await pagesAskedAs(server, key, slug);
    expect(finder?.body).toContain(`api="http://${SPOOFED}"`);
    expect(finder?.csp).toContain(`connect-src 'self' http://${SPOOFED}`);
    expect(location?.body).toContain(`<link rel="canonical" href="http://${SPOOFED}/finder/${key}/${slug}">`);
    expect(sitemap?.body).toContain(`<loc>http://${SPOOFED}/finder/${key}/${slug}</loc>`);
    for (const page of [finder, location, sitemap])
      expect(page?.cacheControl, page?.url).toEqual(['private, max-age=300', 'private, max-age=300']);
  });

  it('are told of once, as the server starts', () => {
    const warnings = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === PUBLIC_URL_MISSING);
    expect(warnings).toEqual([expect.objectContaining({ level: 40 })]);
  });
});

describe('hosted pages with PUBLIC_URL', () => {
  const logLines: string[] = [];
  const server = useTestServer({ env: { PUBLIC_URL: 'https://locator.example' }, logLines });

  it('take their links from PUBLIC_URL alone, and shared caches may keep them', async () => {
    const { key, slug } = await keyWithOneLocation(server);
    const pages = await pagesAskedAs(server, key, slug);
    for (const page of pages) {
      expect(`${page.body}${page.csp ?? ''}`, page.url).not.toContain(SPOOFED);
      expect(page.body, page.url).toContain('https://locator.example/finder/');
      expect(page.cacheControl, page.url).toEqual(['public, max-age=300', 'public, max-age=300']);
    }
    expect(logLines.filter((line) => line.includes('PUBLIC_URL'))).toEqual([]);
  });
});
