import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../domain/sessions.ts';
import { baseUrlOf } from './base-url.ts';

/** The session cookie's value a request carries, if any. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[SESSION_COOKIE] || undefined;
}

/**
 * Gives the browser its session: `HttpOnly` (no script reads it), `SameSite=Lax` (no other site's form or script
 * sends it), `Path=/`, and `Secure` when the server is reached over https (`PUBLIC_URL`). It is kept as long as the
 * session can live; the server ends it sooner when it is idle.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeMs: number): void {
  void reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: baseUrlOf(request).startsWith('https:'),
      maxAge: Math.floor(maxAgeMs / 1000),
    }),
  );
}

/** Tells the browser to drop its session cookie. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: '',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: baseUrlOf(request).startsWith('https:'),
      maxAge: 0,
    }),
  );
}
