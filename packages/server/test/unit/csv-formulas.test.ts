import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeFormula, unescapeFormula } from '../../src/domain/csv-formulas.ts';

describe('formula cells of a CSV export', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Click")', `'=HYPERLINK("https://evil.example","Click")`],
    ['+1+1', "'+1+1"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['+1 512 555 0199', "'+1 512 555 0199"],
    ['-', "'-"],
    ["'=already quoted", "''=already quoted"],
  ])('writes %j as %j', (cell, written) => {
    expect(escapeFormula(cell)).toBe(written);
    expect(unescapeFormula(written)).toBe(cell);
  });

  it.each(['Main St', "'quoted", "O'Brien", 'a=b', '', ' =1'])('writes %j as it is', (cell) => {
    expect(escapeFormula(cell)).toBe(cell);
    expect(unescapeFormula(cell)).toBe(cell);
  });

  it('writes numbers as they are, negative ones too', () => {
    expect(escapeFormula(-97.7431)).toBe(-97.7431);
  });

  it('takes the quote off a formula written by hand, as a spreadsheet would show it', () => {
    expect(unescapeFormula("'=1+1")).toBe('=1+1');
    expect(unescapeFormula('=1+1')).toBe('=1+1');
  });

  it('imports every text back as it was exported', () => {
    const text = fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ') });
    fc.assert(
      fc.property(text, (cell) => {
        const written = escapeFormula(cell);
        expect(/^[=+\-@\t\r]/.test(written)).toBe(false);
        expect(unescapeFormula(written)).toBe(cell);
      }),
    );
  });
});
