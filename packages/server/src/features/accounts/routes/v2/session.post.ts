import type { App } from '../../../../http/app-type.ts';
import { ApiError } from '../../../../http/errors.ts';
import type { SignInLimiter } from '../../../../ratelimit/sign-in-limiter.ts';
import { DataEnvelope, errorResponses } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';
import { SessionBody, SignInBody } from '../../schemas/people.ts';
import { clientOf, replyWithSession } from './session-reply.ts';

export function registerV2SessionPost(
  app: App,
  { people, signInLimiter }: { people: People; signInLimiter: SignInLimiter },
): void {
  app.post(
    '/api/v2/session',
    {
      schema: {
        tags: ['V2 people'],
        operationId: 'signIn',
        security: [],
        summary: 'Sign in with e-mail and password',
        description:
          'Starts a session: the `locator_session` cookie (`HttpOnly`, `SameSite=Lax`, `Path=/`, `Secure` over https) and, in the body, the CSRF token its writes must send. A wrong e-mail or password is `401`, whichever it was. Failed sign-ins are limited per e-mail and per client address (`429` with `Retry-After`).',
        body: SignInBody,
        response: { 200: DataEnvelope(SessionBody), ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await signInLimiter.check(request.ip, email);
      const started = await people.signIn(email, password, clientOf(request));
      if (!started) {
        await signInLimiter.recordFailure(request.ip, email);
        throw new ApiError(401, 'Wrong e-mail or password.');
      }
      return replyWithSession(request, reply, started);
    },
  );
}
