import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/features/finder/pages/csp.ts';
import { dayHoursText } from '../../src/features/finder/pages/format.ts';
import { html, jsonInScript, safeHref } from '../../src/features/finder/pages/html.ts';
import { messagesOf, pageLocale } from '../../src/features/finder/pages/messages.ts';
import { defaultWidgetDir } from '../../src/features/finder/widget-files.ts';

describe('the pages’ HTML template', () => {
  it('escapes text in content and attributes, and keeps HTML it made', () => {
    const inner = html`<b>${'x & y'}</b>`;
    expect(html`<p title="${`"'<>`}">${'<i>'}${inner}${[1, null, false, undefined, 'z']}</p>`.text).toBe(
      '<p title="&quot;&#39;&lt;&gt;">&lt;i&gt;<b>x &amp; y</b>1z</p>',
    );
  });

  it('writes JSON for a script that no text in it can end, and that parses back the same', () => {
    const value = { name: '</script><!-- & \u2028' };
    const text = jsonInScript(value).text;
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('links only to web, mail and phone addresses', () => {
    expect(safeHref('https://shop.example/a?b=1')).toBe('https://shop.example/a?b=1');
    expect(safeHref('tel:+15125550199')).toBe('tel:+15125550199');
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'shop.example', '', null])
      expect(safeHref(bad)).toBeUndefined();
  });
});

describe('the pages’ language', () => {
  it('is ?lang= when it is a page language, else the heaviest such one of Accept-Language, else English', () => {
    expect(pageLocale('de-at', 'fr')).toEqual({ language: 'de', tag: 'de-AT' });
    expect(pageLocale('pt', 'ja, nl-BE;q=0.5, fr;q=0.7')).toEqual({ language: 'fr', tag: 'fr' });
    // A region the tag syntax allows but the page formats cannot keep (419, Latin America) leaves the language.
    expect(pageLocale(undefined, 'es-419, de;q=0.1')).toEqual({ language: 'es', tag: 'es' });
    expect(pageLocale(undefined, 'de;q=0, ja')).toEqual({ language: 'en', tag: 'en' });
    expect(pageLocale(undefined, undefined)).toEqual({ language: 'en', tag: 'en' });
  });

  it('writes hours as the locale does, a closing 24:00 kept where clocks run to 23', () => {
    const de = pageLocale('de', undefined);
    expect(dayHoursText('08:30-24:00', de, messagesOf(de))).toBe('8:30 – 24:00');
    const en = pageLocale('en-US', undefined);
    expect(dayHoursText('08:30-12:00,13:00-17:00', en, messagesOf(en))).toBe('8:30 AM – 12:00 PM, 1:00 PM – 5:00 PM');
    expect(dayHoursText('closed', en, messagesOf(en))).toBe('Closed');
    expect(dayHoursText(null, de, messagesOf(de))).toBe('Unbekannt');
  });

  it('says a day open from 00:00 to 24:00 is open all day, which a 12-hour clock would write as 12:00 AM – 12:00 AM', () => {
    const en = pageLocale('en-US', undefined);
    expect(dayHoursText('00:00-24:00', en, messagesOf(en))).toBe('Open 24 hours');
    const fr = pageLocale('fr', undefined);
    expect(dayHoursText('00:00-24:00', fr, messagesOf(fr))).toBe('Ouvert 24 h/24');
    expect(dayHoursText('00:00-12:00,12:00-24:00', en, messagesOf(en))).toBe(
      '12:00 AM – 12:00 PM, 12:00 PM – 12:00 AM',
    );
  });
});

describe('the pages’ Content-Security-Policy', () => {
  it('names the tile host (any subdomain for {s}) and image hosts, and nothing it cannot parse', () => {
    const policy = contentSecurityPolicy({
      api: 'https://locator.example',
      tileUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png',
      imageUrls: [
        'https://cdn.example/pin.png',
        'javascript:x',
        "https://evil.example;script-src 'unsafe-inline'/x.png",
      ],
    });
    expect(policy).toContain("img-src 'self' data: https://*.tile.example https://cdn.example;");
    expect(policy).toContain("connect-src 'self' https://locator.example;");
    expect(policy).not.toContain('evil');
  });
});

describe('where the built widget is looked for', () => {
  it('is the repository’s packages/widget/dist, from the sources and from the bundle alike', () => {
    const repository = defaultWidgetDir()?.replace(/packages\/widget\/dist$/, '');
    expect(repository).toBeTruthy();
    expect(defaultWidgetDir(`${repository}packages/server/dist/locator.mjs`)).toBe(`${repository}packages/widget/dist`);
    expect(defaultWidgetDir('/locator.mjs')).toBeUndefined();
  });
});
