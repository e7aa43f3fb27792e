import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from '../support/browser.ts';
import { startTileStub, TILE_PNG, type TileStub } from '../support/tile-stub.ts';

// The browser tests' own tools, on throwaway pages: they must be able to see what the widget's tests claim to check
// (a request that left the machine, an accessibility fault inside a shadow root, a tile that a browser can draw).

const browser = useBrowser();
let stub: TileStub;

beforeAll(async () => {
  stub = await startTileStub();
});
afterAll(async () => stub?.stop());

const SHADOW_FORM = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shadow</title></head><body><main>
<h1>Shadow</h1><div id="host"></div>
<script>
  const root = document.getElementById('host').attachShadow({ mode: 'open' });
  root.innerHTML = '<input type="text">';
</script>
</main></body></html>`;

describe('the browser test support', () => {
  it('refuses and records every request to another host, and lets 127.0.0.1 through', async () => {
    const before = browser.outsideRequests.length;
    const { page } = await browser.newPage();
    const url = stub.page(
      '/outside.html',
      `<!doctype html><title>Out</title><img src="https://tile.openstreetmap.org/1/0/0.png"><img src="/1/0/0.png">`,
    );
    await page.goto(url);
    await expect
      .poll(() => browser.outsideRequests.slice(before))
      .toEqual(['https://tile.openstreetmap.org/1/0/0.png']);
    expect(stub.tileRequests()).toContain('/1/0/0.png');
    // The file's later tests must not count this one's deliberate request.
    browser.outsideRequests.splice(before);
  });

  it('serves tiles a browser draws: 256 × 256 PNGs', async () => {
    expect(TILE_PNG.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { page } = await browser.newPage();
    await page.goto(stub.page('/tile.html', `<!doctype html><title>Tile</title><img id="tile" src="/3/4/5.png">`));
    const size = await page.locator('#tile').evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size).toEqual([256, 256]);
    // Light grey, the grid line darker.
    const [inside, edge] = await page.locator('#tile').evaluate((image: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = 256;
      canvas.height = 256;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      return [
        Array.from(context.getImageData(100, 100, 1, 1).data),
        Array.from(context.getImageData(0, 100, 1, 1).data),
      ];
    });
    expect(inside).toEqual([0xf0, 0xf0, 0xf0, 255]);
    expect(edge).toEqual([0xe2, 0xe2, 0xe2, 255]);
  });

  it('has axe-core see a fault inside an open shadow root', async () => {
    const { page } = await browser.newPage();
    await page.goto(stub.page('/shadow.html', SHADOW_FORM));
    const violations = await seriousAxeViolations(page);
    expect(violations.map((violation) => violation.id)).toContain('label');
    expect(violations.find((violation) => violation.id === 'label')?.targets).toEqual([
      JSON.stringify([['#host', 'input']]),
    ]);
  });

  it('runs axe-core in a page whose Content-Security-Policy refuses inline scripts', async () => {
    const { page } = await browser.newPage();
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src 'none'"><title>Strict</title></head><body><main><h1>Strict</h1><p>Nothing wrong here.</p></main></body></html>`;
    await page.goto(stub.page('/strict.html', html));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('finds role and name inside open shadow roots with Playwright locators', async () => {
    const { page } = await browser.newPage();
    const html = `<!doctype html><title>Roles</title><div id="host"></div><script>
      document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<form role="search"><label>Address <input></label><button>Search</button></form>';
    </script>`;
    await page.goto(stub.page('/roles.html', html));
    await page.getByRole('textbox', { name: 'Address' }).fill('78701');
    await expect.poll(() => page.getByRole('search').getByRole('button', { name: 'Search' }).count()).toBe(1);
  });
});
