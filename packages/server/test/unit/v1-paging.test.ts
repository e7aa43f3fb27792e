import { describe, expect, it } from 'vitest';
import { v1LimitOf, v1LinkQuery, v1PageOf } from '../../src/domain/v1-paging.ts';

describe('v1LimitOf', () => {
  it('takes an integer from 1 to 100', () => {
    expect([v1LimitOf('1'), v1LimitOf('40'), v1LimitOf('100'), v1LimitOf(' 7 '), v1LimitOf('+8')]).toEqual([
      1, 40, 100, 7, 8,
    ]);
  });

  it('falls back to 15 for anything else', () => {
    for (const value of [
      undefined,
      '',
      '101',
      '1000',
      '0',
      '-1',
      'abc',
      '2.5',
      '1e1',
      '0x10',
      '99999999999999999999',
    ]) {
      expect(v1LimitOf(value), String(value)).toBe(15);
    }
  });

  it('reads the last of repeated values, as PHP does', () => {
    expect(v1LimitOf(['5', '30'])).toBe(30);
    expect(v1LimitOf(['5', 'abc'])).toBe(15);
  });
});

describe('v1PageOf', () => {
  it('takes a positive integer and reads anything else as 1', () => {
    expect(v1PageOf('3', 15)).toBe(3);
    for (const value of [undefined, '', '0', '-3', 'abc', '1.5']) expect(v1PageOf(value, 15), String(value)).toBe(1);
  });

  it('reads a page whose offset is past exact integers as 1', () => {
    expect(v1PageOf('1000000000000', 100)).toBe(1000000000000);
    expect(v1PageOf(String(Number.MAX_SAFE_INTEGER), 100)).toBe(1);
  });
});

describe('v1LinkQuery', () => {
  it('keeps every parameter, with limit set once to the size used', () => {
    expect(
      v1LinkQuery(
        [
          ['city', 'x'],
          ['limit', '500'],
          ['page', '2'],
          ['limit', '3'],
        ],
        15,
      ),
    ).toEqual([
      ['city', 'x'],
      ['limit', '15'],
      ['page', '2'],
    ]);
  });

  it('adds no limit the caller did not send', () => {
    expect(v1LinkQuery([['page', '2']], 15)).toEqual([['page', '2']]);
  });
});
