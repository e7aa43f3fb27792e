import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route websites' visitors call (the store finder's search and events): its request is logged by method and
     * path only, without the query (what the visitor typed, where they are) or the client's address and port.
     */
    anonymousLog?: boolean;
  }
}

/** What stands in the log for a credential. */
const REDACTED = '[REDACTED]';

/**
 * Secrets by their shape: API tokens (`lct2_…`, `lct1_…`) and webhook signing secrets (`whsec_…`), the `_` perhaps
 * percent-encoded. Publishable keys (`lpk_…`) are public (every page that embeds the store finder shows its key) and
 * stay, so a log still tells which site a request came from.
 */
const SECRET_SHAPE = /(lct[12]|whsec)(?:_|%5f)[^/?&#=\s]*/gi;

/**
 * Query parameters named like credentials, whatever their value: `token`, `access_token`, `api_key`, `apikey`,
 * `password`, `secret`, `client_secret`, `signature`, `auth`, `session`, `jwt`, ... (compared without case, `-` or `_`).
 */
const CREDENTIAL_NAME = /token|secret|passw|pwd|apikey|auth|credential|session|cookie|signature|privatekey|jwt|bearer/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A request's URL as the log may hold it: a query parameter named like a credential has its value replaced, and so
 * has anything shaped like a secret anywhere in the URL (a token sent in the query by mistake, or in the path). The
 * rest is kept as sent.
 * @example redactedUrl('/api/v2/user?token=lct2_abc&page=2') // '/api/v2/user?token=[REDACTED]&page=2'
 * @example redactedUrl('/api/public/v1/search?key=lpk_abc&q=lct2_abc') // '/api/public/v1/search?key=lpk_abc&q=lct2_[REDACTED]'
 */
export function redactedUrl(url: string): string {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  const redactedPath = path.replace(SECRET_SHAPE, `$1_${REDACTED}`);
  if (question === -1) return redactedPath;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (
        CREDENTIAL_NAME.test(
          decoded(name)
            .toLowerCase()
            .replace(/[-_\s]/g, ''),
        )
      )
        return equals === -1 ? pair : `${name}=${REDACTED}`;
      const value = pair.slice(name.length);
      return `${name.replace(SECRET_SHAPE, `$1_${REDACTED}`)}${value.replace(SECRET_SHAPE, `$1_${REDACTED}`)}`;
    });
  return `${redactedPath}?${query.join('&')}`;
}

/**
 * The request as its log lines show it (`req`), as Fastify's own serializer shows it but for the URL, which
 * `redactedUrl` cleans of credentials; a route with `config.anonymousLog` is shown by its path alone.
 */
export function requestLogValue(request: FastifyRequest): Record<string, unknown> {
  if (request.routeOptions?.config?.anonymousLog) {
    const question = request.url.indexOf('?');
    return { method: request.method, url: question === -1 ? request.url : request.url.slice(0, question) };
  }
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
