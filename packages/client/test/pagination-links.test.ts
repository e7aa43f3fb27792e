import { describe, expect, it } from 'vitest';
import { nextPageNumber } from '../src/pagination.ts';

const page = (current: number, next: string | null) => ({ data: [], links: { next }, meta: { current_page: current } });

describe('nextPageNumber', () => {
  it('takes the page number of the next link, whatever else the link holds or lacks', () => {
    expect(nextPageNumber(page(1, 'https://x.example/api/locations?page=2'))).toBe(2);
    expect(nextPageNumber(page(2, 'https://x.example/api/locations?limit=100&city=Austin&page=3'))).toBe(3);
    expect(nextPageNumber(page(4, '/api/locations?page=5'))).toBe(5);
  });

  it('is undefined on the last page', () => {
    expect(nextPageNumber(page(3, null))).toBeUndefined();
  });

  it('counts on from the current page when the link carries no page number', () => {
    expect(nextPageNumber(page(1, 'https://x.example/api/locations'))).toBe(2);
    expect(nextPageNumber(page(1, 'https://x.example/api/locations?page=abc'))).toBe(2);
  });

  it('refuses a link that does not move forward', () => {
    expect(() => nextPageNumber(page(2, 'https://x.example/api/locations?page=2'))).toThrow(/links back/);
  });
});
