import { Html, html } from './html.ts';
import type { PageLocale } from './messages.ts';

export interface Layout {
  locale: PageLocale;
  title: string;
  description?: string;
  canonical?: string;
  /** More of the head: scripts, structured data. */
  head?: Html;
  body: Html;
}

/**
 * Small, self-contained styles: the page has to read well without the widget's script (which brings its own styles in
 * its shadow DOM) and without any file but itself.
 */
const STYLE = `
:root{color-scheme:light;--accent:#0b5cad;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1f24;background:#fff}
body{margin:0}
main{max-width:60rem;margin:0 auto;padding:1rem}
main.finder{max-width:none;padding:0;display:flex;flex-direction:column;min-height:100vh}
main.finder h1{font-size:1.25rem;margin:0;padding:.75rem 1rem}
locator-finder{display:block;flex:1;--locator-height:calc(100vh - 3.5rem)}
a{color:var(--accent)}
table{border-collapse:collapse}
th,td{text-align:left;padding:.25rem 1rem .25rem 0;vertical-align:top}
locator-map{display:block;height:16rem;max-width:40rem}
dt{font-weight:600}
dd{margin:0 0 .5rem}
ul.actions{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem 1rem}
`;

/** A whole page: doctype, language, the head every page has, then the body. */
export function layout({ locale, title, description, canonical, head, body }: Layout): string {
  return html`<!doctype html>
<html lang="${locale.tag}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${description ? html`<meta name="description" content="${description}">` : ''}
${canonical ? html`<link rel="canonical" href="${canonical}">` : ''}
<style>${new Html(STYLE)}</style>
${head}
</head>
<body>
${body}
</body>
</html>
`.text;
}
