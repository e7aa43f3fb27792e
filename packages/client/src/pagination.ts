import { LocatorError } from './errors.ts';

/** What every list page of both versions carries. */
export interface PageShape<Item> {
  data: Item[];
  links: { next: string | null };
  meta: { current_page: number };
}

/**
 * The page to ask for after this one, or undefined on the last. Only the page number is taken from `links.next`:
 * the next request is built from the caller's own parameters, so a link that drops `limit`, a filter or an include
 * flag cannot change what the following pages hold.
 */
export function nextPageNumber(page: PageShape<unknown>): number | undefined {
  if (page.links.next === null) return undefined;
  const current = page.meta.current_page;
  const linked = Number(new URL(page.links.next, 'http://relative.invalid').searchParams.get('page'));
  const next = Number.isInteger(linked) && linked > 0 ? linked : current + 1;
  if (next <= current)
    throw new LocatorError(`The page after page ${current} links back to page ${next}; stopping rather than looping.`);
  return next;
}

/** Pages from `first` on, fetched one at a time as the loop asks for them. */
export async function* pagesFrom<Page extends PageShape<unknown>>(
  first: number,
  fetchPage: (page: number) => Promise<Page>,
): AsyncGenerator<Page, void, undefined> {
  let number: number | undefined = first;
  while (number !== undefined) {
    const page = await fetchPage(number);
    yield page;
    number = nextPageNumber(page);
  }
}

/** The items of every page, in order. */
export async function* itemsOf<Item>(pages: AsyncIterable<PageShape<Item>>): AsyncGenerator<Item, void, undefined> {
  for await (const page of pages) yield* page.data;
}
