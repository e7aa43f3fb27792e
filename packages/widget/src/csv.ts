// Filter and type names travel as one comma-separated value; a name that holds a comma or a double quote is quoted
// as in CSV, which is also how the `filters` attribute is written. Read as the server reads the `filters` parameter
// (`namesOfList`): a quote opens a quoted name only at its start, so `Joe's "Best" Deli` stays one name as written.

export function parseCsvList(text: string): string[] {
  const names: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current.trim() === '') {
      current = '';
      quoted = true;
    } else if (char === ',') {
      names.push(current.trim());
      current = '';
    } else current += char;
  }
  names.push(current.trim());
  return names.filter((name) => name !== '');
}

export function toCsvList(names: readonly string[]): string {
  return names.map((name) => (/[",]/.test(name) ? `"${name.replaceAll('"', '""')}"` : name)).join(',');
}
