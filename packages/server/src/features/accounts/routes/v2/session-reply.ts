import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../../../../http/session-cookie.ts';
import type { SessionClient, StartedSession } from '../../people.service.ts';
import { presentUser, type SessionBody } from '../../schemas/people.ts';

/** Gives the browser a session just started: the cookie, and in the body the user and the session's CSRF token. */
export function replyWithSession(
  request: FastifyRequest,
  reply: FastifyReply,
  started: StartedSession,
): { data: SessionBody } {
  setSessionCookie(request, reply, started.value, started.maxAgeMs);
  void reply.header('cache-control', 'no-store');
  return { data: { user: presentUser(started.user), csrf_token: started.csrfToken } };
}

/** What the browser starting a session tells of itself, kept with the session for the person's list. */
export function clientOf(request: FastifyRequest): SessionClient {
  return { userAgent: request.headers['user-agent'] };
}
