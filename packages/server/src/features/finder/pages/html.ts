/**
 * HTML built by an escaping tagged template: every interpolated value is text unless it is already `Html` (made by
 * this template), so a location's name can never become markup, in element content or in a quoted attribute.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML content or a quoted attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** @example html`<p title="${'"a" & b'}">${'<b>'}</p>`.text // '<p title="&quot;a&quot; &amp; b">&lt;b&gt;</p>' */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let text = strings[0] ?? '';
  for (const [index, value] of values.entries()) text += render(value) + (strings[index + 1] ?? '');
  return new Html(text);
}

/** ` name="value"` for each attribute with a value, in the order given; those without one are left out. */
export function attributes(values: Readonly<Record<string, string | number | undefined>>): Html {
  return new Html(
    Object.entries(values)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
      .join(''),
  );
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` (hence `</script>` and `<!--`), `>` and `&` as JSON escapes,
 * which parse back to the same text, and the two line separators JavaScript once refused in strings.
 */
export function jsonInScript(value: unknown): Html {
  return new Html(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

/**
 * A link's target only when it is one a visitor may safely follow (web, mail, phone): never `javascript:` or `data:`.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
