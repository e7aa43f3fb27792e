import { describe, expect, it } from 'vitest';
import { newPublicId, randomBase62 } from '../../src/domain/ids.ts';

describe('public IDs', () => {
  it('are the kind prefix and 16 base-62 characters', () => {
    expect(newPublicId('location')).toMatch(/^loc_[0-9a-zA-Z]{16}$/);
    expect(newPublicId('callToAction')).toMatch(/^cta_[0-9a-zA-Z]{16}$/);
  });

  it('never repeat, across many refills of the random pool', () => {
    const ids = Array.from({ length: 20_000 }, () => newPublicId('location'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('use every character of the alphabet about equally often', () => {
    const counts = new Map<string, number>();
    for (const char of randomBase62(62_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 1,000 expected per character; a modulo bias (256 % 62) would give the first eight about 1,200.
    for (const count of counts.values()) expect(count).toBeGreaterThan(850);
    for (const count of counts.values()) expect(count).toBeLessThan(1150);
  });
});
