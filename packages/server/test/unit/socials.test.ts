import { describe, expect, it } from 'vitest';
import { socialProfileOf, socialProfilesOf } from '../../src/domain/socials.ts';

describe('socialProfileOf', () => {
  it.each([
    ['facebook', 'acme', 'Facebook', 'acme', 'https://www.facebook.com/acme'],
    ['instagram', '@acme', 'Instagram', 'acme', 'https://www.instagram.com/acme'],
    ['twitter', ' acme ', 'Twitter', 'acme', 'https://twitter.com/acme'],
    ['yelp', 'acme-austin', 'Yelp', 'acme-austin', 'https://www.yelp.com/biz/acme-austin'],
    ['youtube', '@acme', 'YouTube', 'acme', 'https://www.youtube.com/@acme'],
    ['tiktok', 'acme', 'TikTok', 'acme', 'https://www.tiktok.com/@acme'],
  ] as const)('builds the %s profile URL from a handle', (key, value, label, handle, url) => {
    expect(socialProfileOf(key, value)).toEqual({ key, label, handle, url, icon: key });
  });

  it.each([
    ['facebook', 'https://www.facebook.com/acme/', 'acme'],
    ['facebook', 'https://www.facebook.com/profile.php?id=1234', '1234'],
    ['instagram', 'http://instagram.com/acme?hl=en', 'acme'],
    ['twitter', 'https://x.com/acme', 'acme'],
    ['yelp', 'https://www.yelp.com/biz/acme-austin?osq=coffee', 'acme-austin'],
    ['youtube', 'https://www.youtube.com/@acme/videos', 'acme'],
    ['youtube', 'https://www.youtube.com/channel/UC123', 'UC123'],
    ['youtube', 'https://www.youtube.com/user/acme', 'acme'],
    ['tiktok', 'https://www.tiktok.com/@acme', 'acme'],
    ['twitter', 'https://example.com/people/acme', 'acme'],
  ] as const)('keeps a %s URL as given and reads its handle (%s)', (key, value, handle) => {
    expect(socialProfileOf(key, value)).toMatchObject({ key, handle, url: value });
  });

  it('makes a URL written without its scheme a full URL', () => {
    expect(socialProfileOf('facebook', 'facebook.com/acme')).toMatchObject({
      handle: 'acme',
      url: 'https://facebook.com/acme',
    });
    expect(socialProfileOf('instagram', 'www.instagram.com/acme')).toMatchObject({
      handle: 'acme',
      url: 'https://www.instagram.com/acme',
    });
  });

  it('encodes a handle that is not URL-safe', () => {
    expect(socialProfileOf('facebook', 'acme store')?.url).toBe('https://www.facebook.com/acme%20store');
  });

  it('is null for an empty field', () => {
    for (const value of [null, undefined, '', '   ']) expect(socialProfileOf('twitter', value)).toBeNull();
  });
});

describe('socialProfilesOf', () => {
  it('lists the filled fields in field order, and nothing when none is filled', () => {
    expect(
      socialProfilesOf({ tiktok: 'b', facebook: 'a', twitter: null, yelp: '' }).map((profile) => profile.key),
    ).toEqual(['facebook', 'tiktok']);
    expect(socialProfilesOf({})).toEqual([]);
  });
});
