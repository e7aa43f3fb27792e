// What the dashboard keeps in this browser (the language chosen, the last project): nothing secret, and nothing
// that breaks when storage is off (private mode), where it lasts until the page is left.

export function readStored(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function store(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage is off: the value lasts as long as the page.
  }
}
