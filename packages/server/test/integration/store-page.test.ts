import { beforeAll, describe, expect, it } from 'vitest';
import { refOfProject } from '../../src/domain/project-ref.ts';
import { createLocationDirectly, seedCatalog } from '../support/factories.ts';
import { call, createAccount, useTestServer } from '../support/server.ts';

// A store's own page as a visitor and a crawler read it: its status by its own zone's clock, its actions, its week
// and the special hours of the next 30 days, the nearest other stores, and the tags of its head.

const server = useTestServer({
  env: { PUBLIC_URL: 'https://locator.example', MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png' },
});
// A Thursday, 3:00 PM in Austin and 10:00 PM in Berlin.
const NOW = Date.parse('2027-06-03T15:00:00-05:00');
const DAILY = (hours: string) => ({
  mon: hours,
  tue: hours,
  wed: hours,
  thu: hours,
  fri: hours,
  sat: hours,
  sun: hours,
});
const EVIL = 'Tom\'s "Best" </script><script>alert(1)</script>';
/** The local date `days` after the Thursday of NOW. */
const dayAfter = (days: number) =>
  new Date(Date.parse('2027-06-03T12:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);

let key = '';
const slugs: Record<string, string> = {};
const get = (path: string, headers: Record<string, string> = {}) => call(server, 'GET', path, { headers });
const page = (name: string, query = '') => get(`/finder/${key}/${slugs[name]}${query}`);
const ldJsonOf = (text: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? 'null');
/** The links and distances of the "nearby stores" list, in order. */
const nearbyOf = (text: string) =>
  [
    ...(/<section class="card nearby"[\s\S]*?<\/section>/.exec(text)?.[0] ?? '').matchAll(
      /<li><span><a href="([^"]+)">([^<]+)<\/a>(?:<span class="city">[^<]*<\/span>)?<\/span><span class="distance">([^<]+)<\/span><\/li>/g,
    ),
  ].map(([, href, name, distance]) => ({ href, name, distance }));

beforeAll(async () => {
  server.clock.now = NOW;
  const account = await createAccount(server);
  await seedCatalog(server, account.project);
  key = (await server.services.finder.keys.create({ owner: { project: refOfProject(account.project) }, origins: [] }))
    .key;
  const make = async (name: string, input: Record<string, unknown>) => {
    slugs[name] = (
      await createLocationDirectly(server.database.db, account.project, {
        name,
        city: 'Austin',
        country: 'US',
        time_zone: 'America/Chicago',
        ...input,
      })
    ).record.slug;
  };
  await make('Congress Avenue', {
    address_line_1: '600 Congress Ave',
    state: 'TX',
    postcode: '78701',
    lat: 30.2686,
    lng: -97.7426,
    location_type: 'Outlet',
    phone: '+1 512 555 0199',
    cover: 'https://images.shop.example/congress.jpg',
    hours: { ...DAILY('09:00-21:00'), sun: '11:00-18:00' },
    special_hours: [
      { date: dayAfter(-1), hours: 'closed', label: 'Yesterday' },
      { date: dayAfter(30), hours: '10:00-14:00', label: 'Independence Day' },
      { date: dayAfter(31), hours: 'closed', label: 'Too far ahead' },
    ],
    callsToAction: { 'Order online': 'https://shop.example/order' },
    fields: { Floor: 'Ground floor' },
  });
  // Nearest first: 1.1 km, 2.3 km, 4.6 km, then 9.3 km (one too many), from Congress Avenue.
  await make('Lamar', { lat: 30.2786, lng: -97.7426, phone: 'Ask at the front desk', hours: DAILY('06:00-10:00') });
  await make(EVIL, { lat: 30.2896, lng: -97.7426, city: 'Austin <North>' });
  await make('Hyde Park', { lat: 30.31, lng: -97.7426 });
  await make('Round Rock', { lat: 30.352, lng: -97.7426 });
  await make('Hidden', { lat: 30.2687, lng: -97.7426, visible: false });
  await make('Nowhere', { address_line_1: '1 Unknown Rd' });
  await make('Mitte', {
    city: 'Berlin',
    country: 'DE',
    time_zone: 'Europe/Berlin',
    lat: 52.52,
    lng: 13.405,
    phone: '030 1234567',
    hours: DAILY('09:00-20:00'),
  });
  await make('Kreuzberg', { city: 'Berlin', country: 'DE', time_zone: 'Europe/Berlin', lat: 52.4986, lng: 13.4033 });
});

describe('the top of a store page', () => {
  it("says whether the store is open now by its own zone's clock, in the page's language", async () => {
    const austin = (await page('Congress Avenue')).text;
    expect(austin).toContain('<h1>Congress Avenue</h1>\n<p class="store-type">Outlet</p>');
    expect(austin).toContain('<p class="status open">Open now · closes 9:00 PM</p>');
    expect((await page('Congress Avenue', '?lang=de')).text).toContain(
      '<p class="status open">Jetzt geöffnet · schließt um 21:00</p>',
    );
    expect((await page('Lamar')).text).toContain('<p class="status closed">Closed now · opens tomorrow 6:00 AM</p>');
    // 10:00 PM in Berlin: closed since 8:00 PM there, whatever the hour in Austin.
    expect((await page('Mitte', '?lang=fr')).text).toContain(
      '<p class="status closed">Fermé actuellement · ouvre demain à 9:00</p>',
    );
    expect((await page('Nowhere')).text).not.toContain('class="status');
  });

  it('has Directions and Call as buttons, then the calls to action', async () => {
    const text = (await page('Congress Avenue')).text;
    expect(text).toContain(
      '<ul class="buttons"><li><a class="button primary" href="https://www.openstreetmap.org/directions?to=30.2686%2C-97.7426" rel="noopener" data-locator-action="directions">Directions</a></li><li><a class="button" href="tel:+15125550199" data-locator-action="call">Call</a></li><li><a class="button" href="https://shop.example/order" rel="noopener" data-locator-action="cta">Order online</a></li></ul>',
    );
    expect((await page('Mitte')).text).toContain(
      '<a class="button" href="tel:+49301234567" data-locator-action="call">Call</a>',
    );
    // Without coordinates the route is a search for the address.
    expect((await page('Nowhere')).text).toContain(
      'href="https://www.openstreetmap.org/search?query=1%20Unknown%20Rd%2C%20Austin%2C%20United%20States"',
    );
  });

  it('never links a phone that does not read as a number: no Call button, no tel: link, no telephone in its data', async () => {
    const text = (await page('Lamar')).text;
    expect(text).toContain('<dd>Ask at the front desk</dd>');
    expect(text).not.toContain('tel:');
    expect(text).not.toContain('>Call<');
    expect(ldJsonOf(text)).not.toHaveProperty('telephone');
  });

  it('shows the cover image, and lets the page load it from its host', async () => {
    const answer = await page('Congress Avenue');
    expect(answer.text).toContain(
      '<figure class="cover"><img src="https://images.shop.example/congress.jpg" alt=""></figure>',
    );
    expect(answer.headers.get('content-security-policy')).toMatch(
      /img-src 'self' data: https:\/\/\*\.tiles\.example https:\/\/images\.shop\.example;/,
    );
    expect((await page('Lamar')).text).not.toContain('class="cover"');
  });

  it("lists the store's custom fields under a heading in the page's language, and none when it has none", async () => {
    expect((await page('Congress Avenue', '?lang=de')).text).toContain(
      '<section class="card fields" aria-labelledby="more">\n<h2 id="more">Weitere Informationen</h2>\n<dl><dt>Floor</dt><dd>Ground floor</dd></dl>\n</section>',
    );
    expect((await page('Lamar')).text).not.toContain('class="card fields"');
  });

  it('leads back to the finder by its breadcrumbs, keeping the language asked for', async () => {
    expect((await page('Congress Avenue', '?lang=nl')).text).toContain(
      `<nav class="breadcrumbs" aria-label="Kruimelpad"><ol><li><a href="https://locator.example/finder/${key}?lang=nl">Winkelzoeker</a></li><li><span aria-current="page">Congress Avenue</span></li></ol></nav>`,
    );
  });
});

describe('the hours of a store page', () => {
  it("marks the store's weekday today in its week", async () => {
    const text = (await page('Congress Avenue')).text;
    expect(text).toContain(
      '<tr class="today" aria-current="date"><th scope="row">Thursday<span class="today-mark">Today</span></th><td>9:00 AM – 9:00 PM</td></tr>',
    );
    expect(text.match(/class="today"/g)).toHaveLength(1);
    expect(text).toContain('<tr><th scope="row">Sunday</th><td>11:00 AM – 6:00 PM</td></tr>');
    // 10:00 PM in Berlin is still Thursday there.
    expect((await page('Mitte', '?lang=de')).text).toContain(
      '<tr class="today" aria-current="date"><th scope="row">Donnerstag',
    );
  });

  it('lists the special hours of the next 30 days only', async () => {
    const text = (await page('Congress Avenue')).text;
    expect(text).toContain(
      `<time datetime="${dayAfter(30)}">Saturday, July 3, 2027</time>: 10:00 AM – 2:00 PM (Independence Day)`,
    );
    expect(text).not.toContain('Too far ahead');
    expect(text).not.toContain('Yesterday');
  });
});

describe('the nearest stores on a store page', () => {
  it('links the three nearest other visible stores, nearest first, with their distances in miles in the US', async () => {
    const nearby = nearbyOf((await page('Congress Avenue')).text);
    expect(nearby).toEqual([
      { href: `https://locator.example/finder/${key}/${slugs.Lamar}`, name: 'Lamar', distance: '0.7 mi' },
      {
        href: `https://locator.example/finder/${key}/${slugs[EVIL]}`,
        name: 'Tom&#39;s &quot;Best&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
        distance: '1.5 mi',
      },
      { href: `https://locator.example/finder/${key}/${slugs['Hyde Park']}`, name: 'Hyde Park', distance: '2.9 mi' },
    ]);
  });

  it("measures in kilometres where the store's country does, as the page's language writes them", async () => {
    const nearby = nearbyOf((await page('Mitte', '?lang=de')).text);
    expect(nearby[0]).toEqual({
      href: `https://locator.example/finder/${key}/${slugs.Kreuzberg}?lang=de`,
      name: 'Kreuzberg',
      distance: '2,4 km',
    });
    // Then two of Austin's, across the Atlantic.
    expect(nearby.slice(1).map((store) => store.distance)).toEqual([
      expect.stringMatching(/^8\.6\d\d km$/),
      expect.stringMatching(/^8\.6\d\d km$/),
    ]);
  });

  it('has none for a store without coordinates', async () => {
    expect(nearbyOf((await page('Nowhere')).text)).toEqual([]);
    expect((await page('Nowhere')).text).not.toContain('class="card nearby"');
  });
});

describe('the head of a store page', () => {
  const canonical = () => `https://locator.example/finder/${key}/${slugs['Congress Avenue']}`;

  it('has Open Graph and Twitter card tags, with the cover image', async () => {
    const text = (await page('Congress Avenue', '?lang=de-AT')).text;
    const description =
      'Congress Avenue: 600 Congress Ave, Austin, TX 78701, Vereinigte Staaten. Öffnungszeiten, Telefon und Anfahrt.';
    for (const tag of [
      '<meta property="og:type" content="website">',
      '<meta property="og:title" content="Congress Avenue">',
      `<meta property="og:description" content="${description}">`,
      `<meta property="og:url" content="${canonical()}">`,
      '<meta property="og:locale" content="de_AT">',
      '<meta property="og:image" content="https://images.shop.example/congress.jpg">',
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta name="twitter:title" content="Congress Avenue">',
      `<meta name="twitter:description" content="${description}">`,
      '<meta name="twitter:image" content="https://images.shop.example/congress.jpg">',
    ])
      expect(text).toContain(tag);
    const plain = (await page('Lamar')).text;
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
    expect(plain).not.toContain('og:image');
  });

  it('names the page in each of the five languages, and the default', async () => {
    const text = (await page('Congress Avenue')).text;
    const alternates = [...text.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(
      ([, lang, href]) => [lang, href],
    );
    expect(alternates).toEqual([
      ...['en', 'de', 'fr', 'es', 'nl'].map((lang) => [lang, `${canonical()}?lang=${lang}`]),
      ['x-default', canonical()],
    ]);
  });

  it('describes the store as a LocalBusiness with its image, address and E.164 telephone', async () => {
    const data = ldJsonOf((await page('Congress Avenue')).text);
    expect(data).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Congress Avenue',
      url: canonical(),
      image: 'https://images.shop.example/congress.jpg',
      telephone: '+15125550199',
    });
    expect(ldJsonOf((await page('Mitte')).text).telephone).toBe('+49301234567');
  });

  it('escapes a name with quotes and </script> in every tag, the nearby list and the JSON-LD', async () => {
    const answer = await page(EVIL);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<script>alert(1)');
    expect(answer.text.match(/<\/script>/g)).toHaveLength(2);
    const escaped = 'Tom&#39;s &quot;Best&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(answer.text).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(answer.text).toContain(`<meta name="twitter:title" content="${escaped}">`);
    expect(answer.text).toContain(`<span aria-current="page">${escaped}</span>`);
    expect(ldJsonOf(answer.text).name).toBe(EVIL);
    const lamar = (await page('Lamar')).text;
    expect(nearbyOf(lamar).map((store) => store.name)).toContain(escaped);
    expect(lamar).toContain('<span class="city">Austin &lt;North&gt;</span>');
  });

  it('draws the map without JavaScript from the tiles around the store, the store at its centre', async () => {
    const text = (await page('Congress Avenue')).text;
    const map =
      /<noscript><div class="static-map" role="img" aria-label="Map of the area around Congress Avenue">([\s\S]*?)<\/div><\/noscript>/.exec(
        text,
      )?.[1];
    expect(map).toBeDefined();
    // Zoom 16: x = (lng + 180) / 360 · 2^16, y by Web Mercator.
    expect(map).toContain('src="https://a.tiles.example/16/14974/26981.png"');
    expect(map?.match(/<img /g)).toHaveLength(15);
    expect((await page('Congress Avenue', '?consent=click')).text).not.toContain('class="static-map"');
  });
});
