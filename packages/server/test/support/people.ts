import { expect } from 'vitest';
import type { Role } from '../../src/domain/roles.ts';
import type { ApiResponse, BrowserSession, TestServer } from './server.ts';

/** A password long enough for the rules. */
export const PASSWORD = 'correct horse battery staple';

/** The session a sign-in answer gives the browser: the cookie's value and the body's CSRF token. */
export function sessionOf(response: ApiResponse<any>): BrowserSession {
  const setCookie = response.headers.get('set-cookie') ?? '';
  const value = /^locator_session=([^;]+)/.exec(setCookie)?.[1];
  expect(value, `a session cookie in ${setCookie}`).toBeDefined();
  return { value: value as string, csrfToken: response.body.data.csrf_token };
}

/** Makes a user a member of a project with a role, directly in the database (as an accepted invitation would). */
export async function addMember(server: TestServer, projectId: number, userId: number, role: Role): Promise<void> {
  await server.database.db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, role, created_at: new Date(server.clock.now).toISOString() })
    .execute();
}

/** A mail the test's SMTP server received. */
export interface ReceivedMail {
  to: string[];
  text: string;
}

/**
 * An SMTP server on 127.0.0.1 for the tests of one file (no TLS, no authentication), keeping what it receives; its
 * URL goes into the server's `SMTP_URL`.
 */
export async function startSmtpServer(): Promise<{ url: string; mails: ReceivedMail[]; stop(): Promise<void> }> {
  const { SMTPServer } = await import('smtp-server');
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          text: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The token of an invitation or reset link (`…#token=…`). */
export function tokenOfLink(link: string): string {
  const token = /#token=([\w]+)/.exec(link)?.[1];
  expect(token, link).toBeDefined();
  return token as string;
}
