import { describe, expect, it } from 'vitest';
import { escapeLike, parseSort, textFiltersOf } from '../../src/domain/location-list.ts';
import { paginate } from '../../src/domain/pagination.ts';
import { slugify } from '../../src/domain/slug.ts';

const path = 'https://api.example.com/api/locations';

describe('paginate', () => {
  it('handles an empty list: one page, from and to null', () => {
    const { links, meta } = paginate({ path, query: [], page: 1, perPage: 15, total: 0, count: 0 });
    expect(meta).toEqual({ current_page: 1, from: null, last_page: 1, path, per_page: 15, to: null, total: 0 });
    expect(links).toEqual({
      first: `${path}?page=1`,
      last: `${path}?page=1`,
      prev: null,
      next: null,
      self: `${path}?page=1`,
    });
  });

  it('handles exactly one full page', () => {
    const { links, meta } = paginate({ path, query: [], page: 1, perPage: 15, total: 15, count: 15 });
    expect(meta).toMatchObject({ from: 1, to: 15, last_page: 1 });
    expect(links.next).toBeNull();
  });

  it('handles the last partial page and keeps every parameter in place of page', () => {
    const { links, meta } = paginate({
      path,
      query: [
        ['limit', '10'],
        ['page', '3'],
        ['city', 'Austin'],
      ],
      page: 3,
      perPage: 10,
      total: 25,
      count: 5,
    });
    expect(meta).toMatchObject({ current_page: 3, from: 21, to: 25, last_page: 3 });
    expect(links.prev).toBe(`${path}?limit=10&page=2&city=Austin`);
    expect(links.next).toBeNull();
  });

  it('handles a page past the end', () => {
    const { links, meta } = paginate({ path, query: [['page', '9']], page: 9, perPage: 10, total: 25, count: 0 });
    expect(meta).toMatchObject({ from: null, to: null, last_page: 3, current_page: 9 });
    expect(links.prev).toBe(`${path}?page=8`);
    expect(links.next).toBeNull();
  });
});

describe('list query helpers', () => {
  it('reads filters with and without operators, aliases included', () => {
    expect(textFiltersOf({ city: 'Austin', 'name[like]': 'down', 'postal_code[ne]': '1', page: '2' })).toEqual([
      { field: 'city', operator: 'eq', value: 'Austin' },
      { field: 'name', operator: 'like', value: 'down' },
      { field: 'postcode', operator: 'ne', value: '1' },
    ]);
  });

  it('parses sort keys and escapes like patterns', () => {
    expect(parseSort(undefined)).toEqual({ key: 'id', descending: false });
    expect(parseSort('-updated_at')).toEqual({ key: 'updated_at', descending: true });
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('slugs', () => {
  it('folds accents and punctuation', () => {
    expect(slugify('Café Zürich — Main St.')).toBe('cafe-zurich-main-st');
    expect(slugify('!!!')).toBe('location');
  });
});
