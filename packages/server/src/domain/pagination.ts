export interface PageLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
  self: string;
}

export interface PageMeta {
  current_page: number;
  from: number | null;
  last_page: number;
  path: string;
  per_page: number;
  to: number | null;
  total: number;
}

/**
 * Laravel-style `links` and `meta` for a page. Links keep every query parameter the caller gave
 * (`limit`, filters, include flags) and change only `page`.
 * @example paginate({ path: 'https://x/api/locations', query: [['limit', '10']], page: 2, perPage: 10, total: 25, count: 10 }).meta.from // 11
 */
export function paginate(options: {
  path: string;
  query: readonly (readonly [string, string])[];
  page: number;
  perPage: number;
  total: number;
  /** Items on this page. */
  count: number;
}): { links: PageLinks; meta: PageMeta } {
  const { path, query, page, perPage, total, count } = options;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const urlFor = (target: number) => {
    const params = new URLSearchParams();
    let placed = false;
    for (const [key, value] of query) {
      if (key === 'page') {
        if (!placed) params.append('page', String(target));
        placed = true;
      } else params.append(key, value);
    }
    if (!placed) params.append('page', String(target));
    return `${path}?${params.toString()}`;
  };
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  return {
    links: {
      first: urlFor(1),
      last: urlFor(lastPage),
      prev: page > 1 ? urlFor(page - 1) : null,
      next: page < lastPage ? urlFor(page + 1) : null,
      self: urlFor(page),
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: from === null ? null : from + count - 1,
      total,
    },
  };
}
