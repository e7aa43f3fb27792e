import { describe, expect, it } from 'vitest';
import { redactedUrl } from '../../src/http/redacted-url.ts';

const TOKEN = 'lct2_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0f';

describe('URLs as the log holds them', () => {
  it.each([
    [`/api/v2/user?token=${TOKEN}`, '/api/v2/user?token=[REDACTED]'],
    [`/api/v2/user?page=2&access_token=x1&limit=5`, '/api/v2/user?page=2&access_token=[REDACTED]&limit=5'],
    [
      '/api/v2/user?api_key=k&apiKey=k&API-KEY=k',
      '/api/v2/user?api_key=[REDACTED]&apiKey=[REDACTED]&API-KEY=[REDACTED]',
    ],
    [
      '/x?password=hunter2&Secret=s&client_secret=s',
      '/x?password=[REDACTED]&Secret=[REDACTED]&client_secret=[REDACTED]',
    ],
    [
      '/x?auth=a&authorization=Bearer%20x&session_id=1',
      '/x?auth=[REDACTED]&authorization=[REDACTED]&session_id=[REDACTED]',
    ],
    ['/x?access%5Ftoken=abc', '/x?access%5Ftoken=[REDACTED]'],
    [`/x?q=${TOKEN}`, '/x?q=lct2_[REDACTED]'],
    [`/x?q=Bearer%20${TOKEN}`, '/x?q=Bearer%20lct2_[REDACTED]'],
    ['/x?q=lct2%5FAb3dEf6hIj9k', '/x?q=lct2_[REDACTED]'],
    ['/x?legacy=lct1_abc&hook=whsec_c2VjcmV0', '/x?legacy=lct1_[REDACTED]&hook=whsec_[REDACTED]'],
    [`/api/v2/${TOKEN}/user`, '/api/v2/lct2_[REDACTED]/user'],
    [`/x?${TOKEN}`, '/x?lct2_[REDACTED]'],
  ])('writes %s as %s', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
    expect(redactedUrl(url)).not.toContain('Ab3dEf6hIj9k');
  });

  it.each([
    '/api/public/v1/search?key=lpk_Ab3dEf6hIj9kLm2n&lat=30.27&lng=-97.74',
    '/finder/lpk_Ab3dEf6hIj9kLm2n/congress-ave?lang=de',
    '/api/v2/projects/prj_1/locations?limit=100&include_fields=1&q=Austin',
    '/api/v2/projects/prj_1/imports?dry_run=1&delete_missing=1',
    '/healthz',
    '/x?flag&=&&a==b',
  ])('keeps %s as it is: publishable keys are public', (url) => {
    expect(redactedUrl(url)).toBe(url);
  });
});
