/** Letters that Unicode does not decompose into a base letter and an accent, spelled as people type them without it. */
const UNDECOMPOSABLE: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/**
 * A name as it is compared: lower case, accents folded, punctuation dropped, whitespace collapsed.
 * Letters of other scripts stay, so a name written in them still compares with itself.
 * @example foldText('  São   Paulo, ') // "sao paulo"
 * @example foldText('Großstraße 5') // "grossstrasse 5"
 */
export function foldText(text: string): string {
  // Most names are plain ASCII; they skip the Unicode work, which dominates loading the offline place names.
  if (/^[\x20-\x7e]*$/.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđðþıħ]/g, (letter) => UNDECOMPOSABLE[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A postcode as it is compared: folded, without spaces, so `SW1A 1AA` and `sw1a1aa` are the same code.
 * @example foldPostcode(' 90210-1234 ') // "902101234"
 */
export function foldPostcode(postcode: string): string {
  return foldText(postcode).replace(/ /g, '');
}
