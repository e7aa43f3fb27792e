import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import type { CreatedUser } from '../../src/features/accounts/accounts.service.ts';
import { LOCATION_LINKS_PER_PAGE } from '../../src/features/finder/finder-pages.service.ts';
import { createLocationDirectly, seedCatalog, setPlan } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// The hosted store finder: the widget's files, the finder page around it, a page per visible location and the
// sitemap, with the links of PUBLIC_URL and the map tiles of a local stand-in.

const TILES = 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png';
const ATTRIBUTION = '© <a href="https://tiles.example/about">Tiles & Co</a>';
const server = useTestServer({
  env: { PUBLIC_URL: 'https://locator.example', MAP_TILE_URL: TILES, MAP_TILE_ATTRIBUTION: ATTRIBUTION },
});
const WIDGET_DIST = join(import.meta.dirname, '../../../widget/dist');
const PROJECT_NAME = "Tom & Jerry's <b>Shop</b>";
const EVIL = 'Evil </script><script>alert(1)</script>';

let account: CreatedUser;
let key = '';
const slugs: Record<string, string> = {};

/** A date `days` from the server's clock, in UTC (the locations' zone is hours behind, so still within 30 days). */
const dateIn = (days: number) => new Date(server.clock.now + days * 86_400_000).toISOString().slice(0, 10);

const newKey = async (user: CreatedUser) =>
  (
    await server.services.finder.keys.create({
      owner: { project: refOfProject(user.project) },
      origins: [],
    })
  ).key;
const get = (path: string, headers: Record<string, string> = {}) => call(server, 'GET', path, { headers });
/** A page with the mark of the location's weekday today taken off, so that its week reads the same on any day. */
const withoutToday = (text: string) =>
  text.replace('<tr class="today" aria-current="date">', '<tr>').replace(/<span class="today-mark">[^<]*<\/span>/, '');
const ldJsonOf = (text: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? 'null');

beforeAll(async () => {
  account = await createAccount(server);
  await seedCatalog(server, account.project);
  await server.database.db
    .updateTable('projects')
    .set({ name: PROJECT_NAME })
    .where('id', '=', account.project.id)
    .execute();
  key = await newKey(account);
  const make = async (name: string, input: Record<string, unknown> = {}) => {
    slugs[name] = (
      await createLocationDirectly(server.database.db, account.project, {
        name,
        city: 'Austin',
        country: 'US',
        lat: 30.2711,
        lng: -97.7437,
        ...input,
      })
    ).record.slug;
  };
  await make('Congress Avenue', {
    address_line_1: '600 Congress Ave',
    state: 'TX',
    postcode: '78701',
    phone: '+1 512 555 0199',
    email: 'congress@shop.example',
    url: 'https://shop.example/congress',
    time_zone: 'America/Chicago',
    hours: {
      mon: '09:00-17:00',
      tue: '09:00-17:00',
      wed: '09:00-12:00,13:00-17:00',
      thu: '09:00-17:00',
      fri: '09:00-20:00',
      sat: 'closed',
      sun: null,
    },
    special_hours: [
      { date: dateIn(5), hours: 'closed', label: 'Staff training' },
      { date: dateIn(60), hours: '10:00-14:00', label: 'Far away' },
    ],
    fields: { Manager: 'Ada Lovelace' },
    callsToAction: { 'Order online': 'https://shop.example/order?store=congress&x=1' },
  });
  // A link no write takes any more, as one saved before calls to action were checked would be: never linked.
  const congress = await server.database.db
    .selectFrom('locations')
    .select('id')
    .where('project_id', '=', account.project.id)
    .where('slug', '=', slugs['Congress Avenue'] ?? '')
    .executeTakeFirstOrThrow();
  const book = await server.database.db
    .selectFrom('calls_to_action')
    .select('id')
    .where('project_id', '=', account.project.id)
    .where('title', '=', 'Book')
    .executeTakeFirstOrThrow();
  await server.database.db
    .insertInto('location_calls_to_action')
    .values({ location_id: congress.id, call_to_action_id: book.id, value: 'javascript:alert(1)' })
    .execute();
  await make('Lamar', { lat: 30.25, lng: -97.76, phone: 'Ask at the front desk' });
  await make('Hidden', { visible: false });
  await make(EVIL);
});

describe('GET /widget/v1/{file}', () => {
  it('serves the built locator.js as JavaScript, to every origin, cached briefly and revalidated by a content hash', async () => {
    const response = await fetch(`${server.url}/widget/v1/locator.js`, { headers: { origin: 'https://shop.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(WIDGET_DIST, 'locator.js')))).toBe(true);
    const tag = response.headers.get('etag') ?? '';
    expect(tag).toMatch(/^"[\w-]{20,}"$/);
    const again = await get('/widget/v1/locator.js', { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await get('/widget/v1/locator.js', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('serves map.js beside it, with a tag of its own', async () => {
    const map = await get('/widget/v1/map.js');
    expect(map.status).toBe(200);
    expect(map.text).toBe(readFileSync(join(WIDGET_DIST, 'map.js'), 'utf8'));
    expect(map.headers.get('etag')).not.toBe((await get('/widget/v1/locator.js')).headers.get('etag'));
  });

  it('answers 404 for names it does not serve, and never reads outside the build', async () => {
    for (const path of [
      '/widget/v1/nothing.js',
      '/widget/v1/build.json',
      '/widget/v1/..%2Fpackage.json',
      '/widget/v1/%2E%2E%2Fscripts%2Fbuild.mjs',
      '/widget/v1/..%2F..%2Fserver%2Fpackage.json',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).not.toContain('"name"');
    }
  });
});

describe('GET /widget/v1/{file} without a build', () => {
  const unbuilt = useTestServer({ env: { WIDGET_DIR: mkdtempSync(join(tmpdir(), 'locator-widget-')) } });
  it('answers 503 saying how to build it', async () => {
    const answer = await call(unbuilt, 'GET', '/widget/v1/locator.js');
    expect(answer.status).toBe(503);
    expect(answer.body.message).toContain('npm run build -w @locator/widget');
  });
});

describe('GET /finder/{key}', () => {
  it("is a whole page around the widget's element, with the project's name escaped", async () => {
    const page = await get(`/finder/${key}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page.text).toContain('<title>Tom &amp; Jerry&#39;s &lt;b&gt;Shop&lt;/b&gt; – Store finder</title>');
    expect(page.text).toMatch(
      /<main class="finder">\n<h1>Tom &amp; Jerry&#39;s &lt;b&gt;Shop&lt;\/b&gt; – Store finder<\/h1>/,
    );
    expect(page.text).not.toContain('<b>Shop</b>');
    expect(page.text).toContain('<script src="/widget/v1/locator.js" async></script>');
    expect(page.text).toContain(
      `<locator-finder key="${key}" api="https://locator.example" tiles="${TILES}" attribution="© &lt;a href=&quot;https://tiles.example/about&quot;&gt;Tiles &amp; Co&lt;/a&gt;" details="https://locator.example/finder/${key}/{slug}" url-state="on" url-prefix=""></locator-finder>`,
    );
    expect(page.text).toContain(`<link rel="canonical" href="https://locator.example/finder/${key}">`);
  });

  it('passes valid options through as attributes, escaped, and drops invalid ones', async () => {
    const valid = await get(
      `/finder/${key}?lang=de-AT&units=mi&country=us,ca&radius=25&limit=10&consent=click&filters=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    expect(valid.text).toMatch(
      /<locator-finder [^>]* lang="de-AT" units="mi" country="US,CA" radius="25" limit="10" filters="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;" consent="click" url-state="on" url-prefix=""><\/locator-finder>/,
    );
    expect(valid.text).not.toContain('<script>alert(1)');
    expect(valid.text).toContain('<html lang="de-AT">');
    expect(valid.text).toContain(`details="https://locator.example/finder/${key}/{slug}?lang=de-AT"`);
    const invalid = await get(`/finder/${key}?lang=xx&units=parsecs&country=USA&radius=-1&limit=1000&consent=always`);
    expect(invalid.status).toBe(200);
    const element = /<locator-finder[^>]*>/.exec(invalid.text)?.[0] ?? '';
    expect(element).toContain(`key="${key}"`);
    for (const name of ['lang', 'units', 'country', 'radius', 'limit', 'consent', 'filters'])
      expect(element).not.toContain(` ${name}=`);
  });

  it('lists every visible location as a link for readers without JavaScript', async () => {
    const page = await get(`/finder/${key}`);
    const noscript = /<noscript>([\s\S]*)<\/noscript>/.exec(page.text)?.[1] ?? '';
    expect(noscript).toContain(
      `<a href="https://locator.example/finder/${key}/${slugs['Congress Avenue']}">Congress Avenue</a>, Austin`,
    );
    expect(noscript).toContain(`/finder/${key}/${slugs.Lamar}"`);
    expect(noscript).toContain('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(noscript).not.toContain('Hidden');
  });

  it('lists a page of locations at a time, linked to the next and previous pages, so a big project stays a small page', async () => {
    const big = await createAccount(server, { plan: 'business' });
    const bigKey = await newKey(big);
    const count = LOCATION_LINKS_PER_PAGE + 1;
    for (let n = 1; n <= count; n += 1) {
      await createLocationDirectly(server.database.db, big.project, {
        name: `Store ${String(n).padStart(3, '0')}`,
        city: 'Austin',
        country: 'US',
        lat: 30.27,
        lng: -97.74,
      });
    }
    const linksOf = (text: string) =>
      [...text.matchAll(/<li><a href="[^"]+">(Store \d+)<\/a>/g)].map((match) => match[1]);
    const first = await get(`/finder/${bigKey}`);
    expect(linksOf(first.text)).toHaveLength(LOCATION_LINKS_PER_PAGE);
    expect(linksOf(first.text)[0]).toBe('Store 001');
    expect(first.text).toContain(
      `<a href="https://locator.example/finder/${bigKey}?page=2" rel="next">More locations</a>`,
    );
    expect(first.text).not.toContain('rel="prev"');
    const second = await get(`/finder/${bigKey}?page=2&lang=de`);
    expect(linksOf(second.text)).toEqual([`Store ${count}`]);
    expect(second.text).toContain(
      `<a href="https://locator.example/finder/${bigKey}?lang=de" rel="prev">Vorherige Standorte</a>`,
    );
    expect(second.text).not.toContain('rel="next"');
    expect(linksOf((await get(`/finder/${bigKey}?page=zwei`)).text)[0]).toBe('Store 001');
    // The sitemap is not paged: it names every location page.
    expect((await get(`/finder/${bigKey}/sitemap.xml`)).text.match(/<url>/g)).toHaveLength(count);
  });

  it('sends a Content-Security-Policy that allows the tiles, and counts against the public rate limit', async () => {
    const page = await get(`/finder/${key}`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toMatch(/img-src 'self' data: http:\/\/127\.0\.0\.1:9(;|$)/);
    expect(policy).toContain("connect-src 'self' https://locator.example");
    expect(page.headers.get('x-ratelimit-limit')).toBe('600');
  });

  it('is the same plain 404 page for an unknown, a revoked and a non-Business key', async () => {
    const revoked = await server.services.finder.keys.create({
      owner: { project: refOfProject(account.project) },
      origins: [],
    });
    await server.services.finder.keys.revoke({
      owner: { anyProject: true },
      publicId: revoked.id,
    });
    const starter = await createAccount(server);
    const starterKey = await newKey(starter);
    await setPlan(server, starter.project.id, 'plus');
    const answers = await Promise.all(
      ['lpk_unknown0000000000000000', revoked.key, starterKey, 'not-a-key'].map((k) => get(`/finder/${k}`)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.text).toBe(answers[0]?.text);
    }
    expect(answers[0]?.text).toContain('<h1>Page not found</h1>');
    for (const k of [revoked.key, starterKey]) {
      expect((await get(`/finder/${k}/${slugs.Lamar}`)).text).toBe(answers[0]?.text);
      expect((await get(`/finder/${k}/sitemap.xml`)).status).toBe(404);
    }
    await setPlan(server, starter.project.id, 'business');
    expect((await get(`/finder/${starterKey}`)).status).toBe(200);
  });
});

describe('GET /finder/{key}/{slug}', () => {
  const congress = () => get(`/finder/${key}/${slugs['Congress Avenue']}`);

  it('shows the address, contact, weekly hours, upcoming special hours, calls to action and fields', async () => {
    const answer = await congress();
    const page = { ...answer, text: withoutToday(answer.text) };
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Congress Avenue</h1>');
    expect(page.text).toContain('<address>600 Congress Ave<br>Austin, TX 78701<br>United States</address>');
    expect(page.text).toContain('<a href="tel:+15125550199" data-locator-action="call">+1 512 555 0199</a>');
    expect(page.text).toContain('<a href="mailto:congress@shop.example">congress@shop.example</a>');
    expect(page.text).toContain(
      '<a href="https://shop.example/congress" rel="noopener" data-locator-action="website">',
    );
    expect(page.text).toContain('<tr><th scope="row">Monday</th><td>9:00 AM – 5:00 PM</td></tr>');
    expect(page.text).toContain(
      '<tr><th scope="row">Wednesday</th><td>9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM</td></tr>',
    );
    expect(page.text).toContain('<tr><th scope="row">Saturday</th><td>Closed</td></tr>');
    expect(page.text).toContain('<tr><th scope="row">Sunday</th><td>Not known</td></tr>');
    expect(page.text).toMatch(
      new RegExp(`<li><time datetime="${dateIn(5)}">[^<]+</time>: Closed \\(Staff training\\)</li>`),
    );
    expect(page.text).not.toContain('Far away');
    expect(page.text).toContain(
      '<a class="button" href="https://shop.example/order?store=congress&amp;x=1" rel="noopener" data-locator-action="cta">Order online</a>',
    );
    expect(page.text).not.toContain('javascript:');
    expect(page.text).toContain('<dt>Manager</dt><dd>Ada Lovelace</dd>');
    expect(page.text).toContain(`<locator-map lat="30.2711" lng="-97.7437" label="Congress Avenue" tiles="${TILES}"`);
    // The view and the clicks on the marked links are counted by the widget's <locator-page-view>.
    expect(page.text).toMatch(
      /<locator-page-view key="lpk_\w+" api="https:\/\/locator\.example" location="loc_\w+" hidden><\/locator-page-view>/,
    );
    expect(page.text).toContain(
      '<a href="https://www.openstreetmap.org/?mlat=30.2711&amp;mlon=-97.7437#map=17/30.2711/-97.7437">View on OpenStreetMap</a>',
    );
    expect(page.text).toContain(`<li><a href="https://locator.example/finder/${key}">Store finder</a></li>`);
  });

  it('shows a phone that does not read as a number as typed: no link, no telephone in its structured data', async () => {
    const page = await get(`/finder/${key}/${slugs.Lamar}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<dd>Ask at the front desk</dd>');
    expect(page.text).not.toContain('tel:');
    expect(ldJsonOf(page.text)).not.toHaveProperty('telephone');
  });

  it('has a canonical link from PUBLIC_URL, a description and schema.org LocalBusiness data', async () => {
    const page = await congress();
    const canonical = `https://locator.example/finder/${key}/${slugs['Congress Avenue']}`;
    expect(page.text).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(page.text).toContain(
      '<meta name="description" content="Congress Avenue: 600 Congress Ave, Austin, TX 78701, United States. Opening hours, phone and directions.">',
    );
    const data = ldJsonOf(page.text);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Congress Avenue',
      url: canonical,
      telephone: '+15125550199',
      email: 'congress@shop.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '600 Congress Ave',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78701',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 30.2711, longitude: -97.7437 },
    });
    expect(data.openingHoursSpecification).toEqual(
      expect.arrayContaining([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Monday',
          opens: '09:00',
          closes: '17:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Wednesday',
          opens: '13:00',
          closes: '17:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          opens: '00:00',
          closes: '00:00',
          validFrom: dateIn(5),
          validThrough: dateIn(5),
        },
      ]),
    );
    expect(JSON.stringify(data.openingHoursSpecification)).not.toContain('Saturday');
  });

  it('speaks the language of ?lang=, else of Accept-Language, with its time formats', async () => {
    const german = await get(`/finder/${key}/${slugs['Congress Avenue']}?lang=de`);
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain('<h2 id="hours">Öffnungszeiten</h2>');
    expect(withoutToday(german.text)).toContain('<tr><th scope="row">Montag</th><td>9:00 – 17:00</td></tr>');
    expect(german.text).toContain('Austin, TX 78701<br>Vereinigte Staaten</address>');
    expect(german.text).toContain(`<li><a href="https://locator.example/finder/${key}?lang=de">Filialfinder</a></li>`);
    const french = await get(`/finder/${key}/${slugs['Congress Avenue']}`, {
      'accept-language': 'ja;q=1, fr-CA;q=0.8, en;q=0.5',
    });
    expect(french.text).toContain('<html lang="fr-CA">');
    expect(withoutToday(french.text)).toContain('<th scope="row">lundi</th>');
    expect(french.headers.get('vary')).toContain('Accept-Language');
    expect(french.headers.get('etag')).not.toBe(german.headers.get('etag'));
  });

  it('escapes a name holding </script> in the HTML and in the JSON-LD', async () => {
    const page = await get(`/finder/${key}/${slugs[EVIL]}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text.match(/<\/script>/g)).toHaveLength(2);
    expect(page.text).toContain('<h1>Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(ldJsonOf(page.text).name).toBe(EVIL);
  });

  it('is the 404 page for an invisible or unknown location', async () => {
    for (const slug of [slugs.Hidden, 'no-such-store']) {
      const answer = await get(`/finder/${key}/${slug}`);
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('<h1>Page not found</h1>');
    }
  });

  it('answers 304 to its current ETag, which differs from other pages and changes with the project', async () => {
    const first = await congress();
    const tag = first.headers.get('etag') ?? '';
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const revalidated = await get(`/finder/${key}/${slugs['Congress Avenue']}`, { 'if-none-match': tag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect((await get(`/finder/${key}/${slugs.Lamar}`, { 'if-none-match': tag })).status).toBe(200);
    const patched = await call(
      server,
      'PATCH',
      `/api/v2/projects/${account.project.public_id}/locations/${
        (
          await server.database.db
            .selectFrom('locations')
            .select('public_id')
            .where('slug', '=', slugs.Lamar ?? '')
            .executeTakeFirstOrThrow()
        ).public_id
      }`,
      {
        token: account.token.token,
        body: { phone: '+1 512 555 0100' },
      },
    );
    expect(patched.status).toBe(200);
    const after = await get(`/finder/${key}/${slugs['Congress Avenue']}`, { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
  });

  it("moves its ETag on with the minute, as its status and upcoming special hours move on by the location's clock", async () => {
    const tag = (await congress()).headers.get('etag');
    const start = server.clock.now;
    try {
      server.clock.now = start + 60_000;
      expect((await congress()).headers.get('etag')).not.toBe(tag);
    } finally {
      server.clock.now = start;
    }
    expect((await congress()).headers.get('etag')).toBe(tag);
  });

  it('changes its ETag with the map tiles, which the page and its policy name', async () => {
    const tag = (await congress()).headers.get('etag') ?? '';
    const tiles = server.services.config.mapTiles;
    (server.services.config as { mapTiles: typeof tiles }).mapTiles = {
      url: 'https://{s}.other-tiles.example/{z}/{x}/{y}.png',
      attribution: tiles.attribution,
    };
    try {
      const moved = await get(`/finder/${key}/${slugs['Congress Avenue']}`, { 'if-none-match': tag });
      expect(moved.status).toBe(200);
      expect(moved.text).toContain('other-tiles.example');
      expect(moved.headers.get('content-security-policy')).toContain('https://*.other-tiles.example');
    } finally {
      (server.services.config as { mapTiles: typeof tiles }).mapTiles = tiles;
    }
  });
});

describe('GET /finder/{key}/sitemap.xml', () => {
  it('lists every visible location page with when it last changed, all under its own folder', async () => {
    const answer = await get(`/finder/${key}/sitemap.xml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.text).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const entries = [...answer.text.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map(
      ([, loc, lastmod]) => ({ loc, lastmod }),
    );
    const locs = entries.map((entry) => entry.loc);
    for (const name of ['Congress Avenue', 'Lamar', EVIL])
      expect(locs).toContain(`https://locator.example/finder/${key}/${slugs[name]}`);
    expect(locs).toHaveLength(3);
    // A sitemap may name only addresses under its own folder (sitemaps.org): not the finder at /finder/{key}.
    for (const loc of locs) expect(loc?.startsWith(`https://locator.example/finder/${key}/`), loc).toBe(true);
    expect(answer.text).not.toContain(slugs.Hidden ?? 'hidden');
    for (const entry of entries) expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const row = await server.database.db
      .selectFrom('locations')
      .select('updated_at')
      .where('slug', '=', slugs.Lamar ?? '')
      .executeTakeFirstOrThrow();
    expect(entries.find((entry) => entry.loc?.endsWith(`/${slugs.Lamar}`))?.lastmod).toBe(
      new Date(row.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
    const tag = answer.headers.get('etag') ?? '';
    expect((await get(`/finder/${key}/sitemap.xml`, { 'if-none-match': tag })).status).toBe(304);
  });
});
