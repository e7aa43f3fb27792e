import { describe, expect, it } from 'vitest';
import { addressRefusal, checkWebhookUrl } from '../../src/domain/webhook-urls.ts';

const closed = { allowPrivateNetworks: false };
const open = { allowPrivateNetworks: true };

describe('addresses a webhook may not reach', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.8.9.10', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['172.16.5.4', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['fd00:ec2::254', 'a private address'],
    ['169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
    ['fe80::1', 'a link-local address (where cloud metadata services answer)'],
    ['100.100.100.200', 'a shared (carrier-grade NAT) address, where some cloud metadata services answer'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.251', 'a multicast address'],
    ['255.255.255.255', 'a broadcast address'],
    ['198.18.0.1', 'a reserved address (reserved)'],
    ['2001:db8::1', 'a reserved address (reserved)'],
  ])('refuses %s: %s', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  // Each IPv6 form that carries an IPv4 address is judged by the address it carries.
  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', '127.0.0.1', 'a loopback address'],
    ['::127.0.0.1', '127.0.0.1', 'a loopback address'],
    ['::7f00:1', '127.0.0.1', 'a loopback address'],
    ['::169.254.169.254', '169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
    ['::a00:1', '10.0.0.1', 'a private address'],
    ['::ffff:0:a00:1', '10.0.0.1', 'a private address'],
    ['64:ff9b::a00:1', '10.0.0.1', 'a private address'],
    ['64:ff9b::169.254.169.254', '169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
    ['2002:7f00:1::1', '127.0.0.1', 'a loopback address'],
    ['2002:a9fe:a9fe:1::1', '169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
    ['2606:4700::5efe:a00:1', '10.0.0.1', 'a private address'],
    ['2606:4700::200:5efe:7f00:1', '127.0.0.1', 'a loopback address'],
    ['::0.0.0.2', '0.0.0.2', 'an unspecified address'],
  ])('refuses %s, a form of %s: %s', (address, embedded, reason) => {
    expect(addressRefusal(address)).toBe(`an IPv6 form of ${embedded}, ${reason}`);
  });

  it('refuses Teredo and local-use NAT64 addresses, whose IPv4 address cannot be told', () => {
    expect(addressRefusal('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe(
      'a Teredo tunnel address (the IPv4 address it reaches is hidden)',
    );
    expect(addressRefusal('64:ff9b:1::a00:1')).toBe('a local-use NAT64 address (64:ff9b:1::/48)');
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700::1111',
    '::ffff:93.184.216.34',
    '::93.184.216.34',
    '64:ff9b::8.8.8.8',
    '2002:5db8:d822::1',
    '2606:4700::5efe:808:808',
  ])('allows the public address %s', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });
});

describe('webhook URLs', () => {
  it('takes https URLs, and http only where private networks are allowed', () => {
    expect(checkWebhookUrl('https://shop.example/hooks?x=1', closed)).toEqual({
      url: new URL('https://shop.example/hooks?x=1'),
    });
    expect(checkWebhookUrl('http://shop.example/hooks', closed)).toEqual({ error: 'must use https' });
    expect(checkWebhookUrl('http://127.0.0.1:3000/hooks', open)).toEqual({
      url: new URL('http://127.0.0.1:3000/hooks'),
    });
  });

  it('refuses addresses written in any form, unless private networks are allowed', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://[::1]/',
      'https://[::ffff:7f00:1]/',
    ]) {
      expect(checkWebhookUrl(url, closed), url).toEqual({
        error: expect.stringMatching(/^must not point at a loopback address/),
      });
      expect(checkWebhookUrl(url, open), url).toHaveProperty('url');
    }
    for (const url of ['https://[::127.0.0.1]/', 'https://[::7f00:1]/', 'https://[64:ff9b::127.0.0.1]/']) {
      expect(checkWebhookUrl(url, closed), url).toEqual({
        error: expect.stringMatching(/^must not point at an IPv6 form of 127\.0\.0\.1, a loopback address \(/),
      });
      expect(checkWebhookUrl(url, open), url).toHaveProperty('url');
    }
  });

  it('refuses what is no absolute http(s) URL', () => {
    expect(checkWebhookUrl('/hooks', closed)).toEqual({ error: expect.stringMatching(/^must be an absolute URL/) });
    expect(checkWebhookUrl('ftp://shop.example/', closed)).toEqual({ error: 'must be an http(s) URL' });
    expect(checkWebhookUrl('https://shop.example/#x', closed)).toEqual({ error: 'must not have a fragment (#...)' });
    expect(checkWebhookUrl(`https://shop.example/${'a'.repeat(2048)}`, closed)).toEqual({
      error: 'must be at most 2048 characters',
    });
  });
});
