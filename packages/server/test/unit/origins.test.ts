import { describe, expect, it } from 'vitest';
import { originAllowed, parseOrigins } from '../../src/domain/origins.ts';

describe('parseOrigins', () => {
  it('normalises case, trailing slashes and default ports, and drops duplicates', () => {
    expect(
      parseOrigins([
        'https://Shop.Example:443/',
        'https://shop.example',
        'http://localhost:5173',
        'https://*.shop.example',
      ]),
    ).toEqual({
      origins: ['https://shop.example', 'http://localhost:5173', 'https://*.shop.example'],
    });
  });

  it('refuses what is not a scheme and a host, naming the position', () => {
    expect(
      parseOrigins([
        'https://shop.example',
        'shop.example',
        'https://shop.example/path',
        'ftp://shop.example',
        'https://*',
        'https://a.*.example',
        'https://x:70000',
      ]),
    ).toEqual({
      errors: {
        'origins.1': [expect.any(String)],
        'origins.2': [expect.any(String)],
        'origins.3': [expect.any(String)],
        'origins.4': [expect.any(String)],
        'origins.5': [expect.any(String)],
        'origins.6': [expect.any(String)],
      },
    });
  });
});

describe('originAllowed', () => {
  const allowed = ['https://shop.example', 'https://*.brand.example', 'http://localhost:5173'];

  it.each([
    ['https://shop.example', true],
    ['https://SHOP.example:443', true],
    ['http://shop.example', false],
    ['https://shop.example.evil', false],
    ['https://eu.brand.example', true],
    ['https://a.b.brand.example', true],
    ['https://brand.example', false],
    ['https://evilbrand.example', false],
    ['http://localhost:5173', true],
    ['http://localhost:5174', false],
    ['null', false],
  ])('%s: %s', (origin, expected) => {
    expect(originAllowed(allowed, origin)).toBe(expected);
  });

  it('lets any origin use a key without origins', () => {
    expect(originAllowed([], 'https://anywhere.example')).toBe(true);
  });
});
