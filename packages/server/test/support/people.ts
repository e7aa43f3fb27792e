import { expect } from 'vitest';
import type { ApiResponse, BrowserSession } from './server.ts';

/** A password long enough for the rules. */
export const PASSWORD = 'correct horse battery staple';

/** The session a sign-in answer gives the browser: the cookie's value and the body's CSRF token. */
export function sessionOf(response: ApiResponse<any>): BrowserSession {
  const setCookie = response.headers.get('set-cookie') ?? '';
  const value = /^locator_session=([^;]+)/.exec(setCookie)?.[1];
  expect(value, `a session cookie in ${setCookie}`).toBeDefined();
  return { value: value as string, csrfToken: response.body.data.csrf_token };
}
