// The search as the host page's address holds it, when the page opts in (`url-state="on"`): a link reproduces a
// search, and Back from a store's page returns to the same results. A host page's address is its own (its router may
// own the query, a parameter may change what its server renders), so an embed leaves it alone unless asked, and
// writes only parameters under its prefix (`locator-` unless `url-prefix` says otherwise; the hosted finder, whose
// page is the finder's, uses none).
import { parseCsvList, toCsvList } from './csv.ts';

export interface SearchInUrl {
  /** The typed place; null for a search by position or area, which the address does not keep. */
  q: string | null;
  /** The selected filters (empty: none, over the `filters` attribute); null when the address names none. */
  filters: string[] | null;
  type: string | null;
  openNow: boolean;
  /** The ID of the selected location. */
  selected: string | null;
}

export class UrlState {
  constructor(private readonly prefix: string) {}

  read(): SearchInUrl {
    const params = new URL(location.href).searchParams;
    const get = (name: string) => params.get(this.prefix + name);
    const filters = get('filters');
    return {
      q: get('q')?.trim() || null,
      filters: filters === null ? null : parseCsvList(filters),
      type: get('type') || null,
      openNow: get('open') === '1',
      selected: get('selected') || null,
    };
  }

  /** `push` for a new search (Back returns to the one before), `replace` for a change of the one shown. */
  write(state: SearchInUrl, how: 'push' | 'replace'): void {
    const url = new URL(location.href);
    const set = (name: string, value: string | null) => {
      if (value === null) url.searchParams.delete(this.prefix + name);
      else url.searchParams.set(this.prefix + name, value);
    };
    set('q', state.q);
    set('filters', state.filters && toCsvList(state.filters));
    set('type', state.type);
    set('open', state.openNow ? '1' : null);
    set('selected', state.selected);
    if (url.href === location.href) return;
    if (how === 'push') history.pushState(history.state, '', url);
    else history.replaceState(history.state, '', url);
  }
}
