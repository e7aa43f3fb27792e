/**
 * The names of a comma-separated list parameter (`filters=Parking,Wifi`), trimmed, empty ones left out. A name that
 * holds a comma (or a double quote) is written in double quotes, as in CSV: `filters="Beer, wine",Parking`, with a
 * quote inside doubled (`"The ""Best"" Deli"`). Text after a closing quote up to the next comma is kept, so a stray
 * quote never loses a name.
 * @example namesOfList('"Beer, wine", Parking') // ['Beer, wine', 'Parking']
 */
export function namesOfList(text: string | undefined): string[] {
  if (text === undefined) return [];
  const names: string[] = [];
  let name = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        name += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else name += char;
    } else if (char === '"' && name.trim() === '') {
      name = '';
      quoted = true;
    } else if (char === ',') {
      names.push(name);
      name = '';
    } else name += char;
  }
  names.push(name);
  return names.map((part) => part.trim()).filter(Boolean);
}
