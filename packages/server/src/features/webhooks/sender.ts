import http from 'node:http';
import https from 'node:https';
import packageJson from '../../../package.json' with { type: 'json' };
import { addressRefusal, literalAddressOf, type WebhookReach } from '../../domain/webhook-urls.ts';
import { guardedLookup } from './guarded-lookup.ts';
import { signedHeaders } from './signing.ts';

/**
 * One delivery as it goes out: where, the Standard Webhooks message ID and time, the JSON body, the signing secrets.
 */
export interface OutgoingWebhook {
  url: string;
  id: string;
  timestamp: Date;
  payload: string;
  secrets: readonly string[];
}

/** What came back: a 2xx is delivered; anything else (no answer included) failed, with the reason. */
export interface WebhookOutcome {
  delivered: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The start of the answer's body, at most `MAX_KEPT_RESPONSE_BYTES`. */
  responseBody: string | null;
}

export interface WebhookSender {
  send(webhook: OutgoingWebhook): Promise<WebhookOutcome>;
  /** Closes idle keep-alive connections. */
  close(): void;
}

/** How much of a receiver's answer is kept for the deliveries log. */
export const MAX_KEPT_RESPONSE_BYTES = 1024;

export interface WebhookSenderOptions extends WebhookReach {
  /** Bound of one delivery: connecting, sending, and reading the start of the answer. */
  timeoutMs: number;
  userAgent: string;
}

/** Text a database can hold and a log can show: no NUL or other control characters but tab and line breaks. */
const printable = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is this pattern's job.
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\ufffd');

/**
 * Sends webhooks with Node's HTTP client: one POST per delivery, signed, bounded by a timeout, following no redirect
 * (a 3xx is a failure), keeping at most 1 KB of the answer, and (unless private networks are allowed) connecting only
 * to public addresses: a host written as an address is checked before connecting, a name at the moment it is
 * resolved for the connection (`guardedLookup`). Connections are kept alive between deliveries to the same receiver.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  async function send(webhook: OutgoingWebhook): Promise<WebhookOutcome> {
    const started = performance.now();
    const failed = (
      error: string,
      statusCode: number | null = null,
      responseBody: string | null = null,
    ): WebhookOutcome => ({
      delivered: false,
      statusCode,
      durationMs: Math.round(performance.now() - started),
      error,
      responseBody,
    });
    const url = new URL(webhook.url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return failed(`refused: ${url.protocol} is not http(s)`);
    if (url.protocol === 'http:' && !options.allowPrivateNetworks)
      return failed('refused: plain http is not allowed (use https)');
    const literal = literalAddressOf(url);
    const refusal = literal !== undefined && !options.allowPrivateNetworks ? addressRefusal(literal) : undefined;
    if (refusal) return failed(`refused: ${literal} is ${refusal}`);

    const client = url.protocol === 'https:' ? https : http;
    const headers = {
      'content-type': 'application/json',
      'user-agent': options.userAgent,
      ...signedHeaders(webhook.secrets, webhook.id, webhook.timestamp, webhook.payload),
    };
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const { statusCode, body, location } = await new Promise<{
        statusCode: number;
        body: string;
        location: string | undefined;
      }>((resolve, reject) => {
        const request = client.request(
          url,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': Buffer.byteLength(webhook.payload) },
            agent: agents[url.protocol as 'http:' | 'https:'],
            signal,
            ...(options.allowPrivateNetworks ? {} : { lookup: guardedLookup }),
          },
          (response) => {
            const chunks: Buffer[] = [];
            let kept = 0;
            const done = () => {
              resolve({
                statusCode: response.statusCode ?? 0,
                body: Buffer.concat(chunks).subarray(0, MAX_KEPT_RESPONSE_BYTES).toString('utf8'),
                location: response.headers.location,
              });
            };
            response.on('data', (chunk: Buffer) => {
              if (kept >= MAX_KEPT_RESPONSE_BYTES) return;
              chunks.push(chunk);
              kept += chunk.length;
              // Enough is kept: the rest of a long answer is not waited for.
              if (kept >= MAX_KEPT_RESPONSE_BYTES) {
                done();
                response.destroy();
              }
            });
            response.once('end', done);
            response.once('error', reject);
          },
        );
        request.once('error', reject);
        request.end(webhook.payload);
      });
      const responseBody = printable(body);
      if (statusCode >= 200 && statusCode < 300)
        return {
          delivered: true,
          statusCode,
          durationMs: Math.round(performance.now() - started),
          error: null,
          responseBody,
        };
      if (statusCode >= 300 && statusCode < 400) {
        return failed(
          `redirects are not followed (HTTP ${statusCode}${location ? ` to ${location}` : ''})`,
          statusCode,
          responseBody,
        );
      }
      return failed(`HTTP ${statusCode}`, statusCode, responseBody);
    } catch (error) {
      if (signal.aborted) return failed(`no answer within ${options.timeoutMs} ms`);
      return failed(describeNetworkError(error));
    }
  }

  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EWEBHOOKADDRESS':
      return `refused: ${error.message}`;
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
      return 'the host does not resolve';
    case 'ECONNRESET':
      return 'the connection was reset';
    default:
      return code ? `${error.message} (${code})` : error.message;
  }
}

/** The sender a server process uses, from its configuration. */
export function webhookSenderFor(config: { webhooks: WebhookReach & { timeoutMs: number } }): WebhookSender {
  return createWebhookSender({
    allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
    timeoutMs: config.webhooks.timeoutMs,
    userAgent: `Locator-Webhooks/${packageJson.version}`,
  });
}
