import { describe, expect, it } from 'vitest';
import { sameNameAndAddress } from '../../src/domain/import-match.ts';

const saved = {
  name: 'Café Zürich',
  address: '1 Main St, Austin, TX 78701, US',
  address_line_1: '1 Main St',
  city: 'Austin',
};

describe('sameNameAndAddress', () => {
  it('compares name, street and city ignoring case, accents, punctuation and spacing', () => {
    expect(sameNameAndAddress({ name: 'CAFE ZURICH', address_line_1: '1 main st.', city: ' austin' }, saved)).toBe(
      true,
    );
    expect(sameNameAndAddress({ name: 'Café Zürich', address: '1 Main St, Austin, TX 78701, US' }, saved)).toBe(true);
  });

  it('is false for another street, city, name, or a row without an address', () => {
    expect(sameNameAndAddress({ name: 'Café Zürich', address_line_1: '2 Main St', city: 'Austin' }, saved)).toBe(false);
    expect(sameNameAndAddress({ name: 'Café Zürich', address_line_1: '1 Main St', city: 'Dallas' }, saved)).toBe(false);
    expect(sameNameAndAddress({ name: 'Café Bern', address_line_1: '1 Main St', city: 'Austin' }, saved)).toBe(false);
    expect(sameNameAndAddress({ name: 'Café Zürich', city: 'Austin' }, saved)).toBe(false);
    expect(sameNameAndAddress({ address_line_1: '1 Main St', city: 'Austin' }, saved)).toBe(false);
  });
});
