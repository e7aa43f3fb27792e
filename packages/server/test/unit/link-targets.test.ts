import { describe, expect, it } from 'vitest';
import { linkTargetRefusal } from '../../src/domain/link-targets.ts';

describe('what a call to action may link to', () => {
  it.each([
    'https://shop.example/order?store=1',
    'http://shop.example/',
    'HTTPS://SHOP.EXAMPLE/',
    'mailto:orders@shop.example',
    'tel:+15125550199',
  ])('takes %s', (value) => {
    expect(linkTargetRefusal(value)).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(document.domain)', 'javascript:'],
    ['java\tscript:alert(1)', 'javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['vbscript:msgbox(1)', 'vbscript:'],
    ['file:///etc/passwd', 'file:'],
    ['ftp://shop.example/menu.pdf', 'ftp:'],
    ['blob:https://shop.example/1', 'blob:'],
  ])('refuses %s', (value, scheme) => {
    expect(linkTargetRefusal(value)).toBe(`must be an http(s), mailto: or tel: link, not ${scheme}`);
  });

  it.each(['shop.example/order', '/order', 'Call us', '//shop.example/order'])(
    'refuses %s, which is no absolute URL',
    (value) => {
      expect(linkTargetRefusal(value)).toMatch(/^must be an absolute http\(s\), mailto: or tel: link/);
    },
  );
});
