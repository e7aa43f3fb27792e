import { Type } from 'typebox';
import type { App } from '../../../../http/app-type.ts';
import { baseUrlOf } from '../../../../http/base-url.ts';
import type { SignInLimiter } from '../../../../ratelimit/sign-in-limiter.ts';
import { errorResponses, SuccessBody } from '../../../../schemas/common.ts';
import type { People } from '../../people.service.ts';
import { Password } from '../../schemas/people.ts';

const tags = ['V2 people'];

/** Forgotten passwords: a link by e-mail (or from `locator users reset-link`) that sets a new one, once, within an hour. */
export function registerV2PasswordResets(
  app: App,
  { people, signInLimiter }: { people: People; signInLimiter: SignInLimiter },
): void {
  app.post(
    '/api/v2/password-resets',
    {
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        security: [],
        summary: 'Ask for a link that sets a new password',
        description:
          'Always `202`, whether the e-mail belongs to a user or not. When the server has `SMTP_URL`, the user gets the link by e-mail; otherwise an operator makes it with `npx locator users reset-link --email …`. Counted with the failed sign-ins of the e-mail and the address (`429`).',
        body: Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }) }),
        response: { 202: SuccessBody, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await signInLimiter.check(request.ip, email);
      await signInLimiter.recordFailure(request.ip, email);
      await people.makeResetLink(email, baseUrlOf(request));
      return reply.code(202).send({ success: true as const });
    },
  );
  app.post(
    '/api/v2/password-resets/confirm',
    {
      schema: {
        tags,
        operationId: 'resetPassword',
        security: [],
        summary: "Set a new password with a reset link's token",
        description:
          "Works once, within an hour of the link's making (`410` after); an unknown token is `404`. Every session of the user ends; sign in with the new password.",
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }),
        response: { 200: SuccessBody, ...errorResponses(404, 410, 422) },
      },
    },
    async (request) => {
      await people.resetPassword(request.body.token, request.body.password);
      return { success: true as const };
    },
  );
}
