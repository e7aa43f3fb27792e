// A tiny element builder: every text goes in through textContent, so nothing from the API is parsed as HTML.

type Attributes = Record<string, string | number | boolean | null | undefined>;
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Only http(s), mailto and tel links are kept: a URL from the project's data must not run script. */
export function safeHref(url: string | null | undefined, base?: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base ?? document.baseURI);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Marker colours go into inline styles, so only plain hex colours pass. */
export function safeColor(color: string | null | undefined): string | null {
  return color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : null;
}

/**
 * The `attribution` attribute as HTML the map library may set with innerHTML: its text, and its links when they are
 * http(s), nothing else. The attribute is often filled from a CMS field, and Leaflet writes it into the page as
 * markup, where an `<img onerror>` would run in the host page. Parsed in an inert template, so nothing in it loads.
 */
export function safeAttribution(markup: string): string {
  const template = document.createElement('template');
  template.innerHTML = markup;
  const out = document.createElement('div');
  const copy = (from: Node, to: Node): void => {
    for (const node of from.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) to.appendChild(document.createTextNode(node.textContent ?? ''));
      else if (node instanceof Element) {
        const href = node.localName === 'a' ? safeHref(node.getAttribute('href')) : null;
        if (href && /^https?:/.test(href)) {
          const link = h('a', { href });
          copy(node, link);
          to.appendChild(link);
        } else copy(node, to);
      }
    }
  };
  copy(template.content, out);
  return out.innerHTML;
}

const sheets = new Map<string, CSSStyleSheet>();

/**
 * Gives a shadow root its styles: as a constructed style sheet where the browser has them (a page whose
 * Content-Security-Policy allows no inline style still styles the widget, as the dashboard's preview does), else as
 * a `style` element, which the caller puts first in the root.
 */
export function stylesFor(shadow: ShadowRoot, css: string): Node[] {
  if (
    typeof CSSStyleSheet !== 'undefined' &&
    'adoptedStyleSheets' in shadow &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    shadow.adoptedStyleSheets = [sheet];
    return [];
  }
  return [h('style', {}, css)];
}
