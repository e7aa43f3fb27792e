import type { FieldErrors } from './errors.ts';

/**
 * An allowed origin: `https://shop.example`, `http://localhost:5173`, or `https://*.shop.example` for any subdomain
 * (not the bare domain). Scheme and host only, as browsers send `Origin`: no path, query or credentials.
 */
const ORIGIN =
  /^(https?):\/\/(\*\.)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

/**
 * Checks and normalises a key's allowed origins (lower case, default ports dropped, duplicates removed). Errors are
 * keyed by position (`origins.1`).
 * @example parseOrigins(['https://Shop.example:443', 'https://*.shop.example']) // { origins: ['https://shop.example', 'https://*.shop.example'] }
 */
export function parseOrigins(input: readonly string[]): { origins: string[] } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const origins: string[] = [];
  input.forEach((text, index) => {
    const match = ORIGIN.exec(text.trim().toLowerCase().replace(/\/$/, ''));
    const port = match?.[4] === undefined ? undefined : Number(match[4]);
    if (!match || (port !== undefined && (port < 1 || port > 65535))) {
      errors[`origins.${index}`] = [
        `"${text}" is not an origin like https://shop.example or https://*.shop.example (scheme and host, no path)`,
      ];
      return;
    }
    const [, scheme, wildcard = '', host] = match;
    const defaultPort = scheme === 'https' ? 443 : 80;
    const origin = `${scheme}://${wildcard}${host}${port === undefined || port === defaultPort ? '' : `:${port}`}`;
    if (!origins.includes(origin)) origins.push(origin);
  });
  return Object.keys(errors).length > 0 ? { errors } : { origins };
}

/**
 * Whether a browser's `Origin` header is one a key allows. A key without origins allows any; `*.shop.example`
 * allows `a.shop.example` and `a.b.shop.example` but not `shop.example`.
 */
export function originAllowed(allowed: readonly string[], origin: string): boolean {
  if (allowed.length === 0) return true;
  const normalised = parseOrigins([origin]);
  if ('errors' in normalised) return false;
  const [given = ''] = normalised.origins;
  if (given.includes('*')) return false;
  return allowed.some((pattern) => {
    if (!pattern.includes('://*.')) return pattern === given;
    const [scheme, rest = ''] = pattern.split('://*.');
    return (
      given.startsWith(`${scheme}://`) && given.endsWith(`.${rest}`) && given.length > `${scheme}://.${rest}`.length
    );
  });
}
