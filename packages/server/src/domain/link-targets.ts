/** The schemes a call to action may link to: the web, mail and phone, as the widget and the hosted pages follow. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * Why a call to action's value may not be a link's target, or undefined when it may: it must be an absolute URL of a
 * scheme in `LINK_SCHEMES`. `javascript:`, `data:`, `vbscript:`, `file:` and the rest are refused, however they are
 * spelt (`JavaScript:`, `java\tscript:` read as the browser reads them), since every site that embeds the store finder
 * is handed the value.
 * @example linkTargetRefusal('https://shop.example/order') // undefined
 * @example linkTargetRefusal('javascript:alert(1)') // 'must be an http(s), mailto: or tel: link, not javascript:'
 */
export function linkTargetRefusal(value: string): string | undefined {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url) return 'must be an absolute http(s), mailto: or tel: link, e.g. https://shop.example/order';
  const scheme = url.protocol.slice(0, -1);
  if ((LINK_SCHEMES as readonly string[]).includes(scheme)) return undefined;
  return `must be an http(s), mailto: or tel: link, not ${scheme}:`;
}
