import { type Signal, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { type Location, listLocations } from '../api/locations.ts';
import type { MemberProject } from '../api/projects.ts';
import { formatDateTime, type MessageKey, t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { editsLocations } from '../state/roles.ts';
import { announce } from '../state/status.ts';
import { Page } from '../ui/page.tsx';
import { useResource } from '../ui/resource.ts';
import { ProjectScope } from './project-scope.tsx';
import { BulkActions, type BulkTarget, counted } from './stores-bulk.tsx';
import {
  ATTENTION,
  isFiltered,
  listQueryOf,
  PAGE_SIZES,
  type SortColumn,
  type StoresQuery,
  searchOf,
  storesQueryOf,
  whereOf,
} from './stores-query.ts';

// The project's home: its stores, a page at a time from the server (never every row), searched, filtered and sorted,
// with the state in the address; editors select stores (or every match) for a bulk action.

const ATTENTION_LABELS: Record<(typeof ATTENTION)[number], MessageKey> = {
  any: 'attentionAny',
  no_coordinates: 'attentionNoCoordinates',
  geocoding_failed: 'attentionGeocodingFailed',
  no_hours: 'attentionNoHours',
  hidden: 'attentionHidden',
};

/** What a store needs a look at, as the API's `attention` filter finds it. */
function problemsOf(location: Location): MessageKey[] {
  const problems: MessageKey[] = [];
  if (!location.lat || !location.lng) problems.push('attentionNoCoordinates');
  if (location.geocoding.status === 'failed') problems.push('attentionGeocodingFailed');
  if (!location.hours || Object.values(location.hours).every((day) => day === null)) problems.push('attentionNoHours');
  if (!location.visible) problems.push('attentionHidden');
  return problems;
}

/** The stores chosen for a bulk action: some by ID, or every match of the filters. */
type Selection = { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'all' };
const NOTHING: Selection = { kind: 'ids', ids: new Set() };

function SortHeader({
  column,
  label,
  state,
  onSort,
}: {
  column: SortColumn;
  label: string;
  state: StoresQuery;
  onSort: (sort: string) => void;
}) {
  const direction = state.sort === column ? 'ascending' : state.sort === `-${column}` ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={direction}>
      <button
        type="button"
        class="sort"
        onClick={() => onSort(direction === 'ascending' ? `-${column}` : column)}
        aria-label={t(direction === 'ascending' ? 'sortDescendingBy' : 'sortAscendingBy', { column: label })}
      >
        {label}
        <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

/** A filter chosen from a list, applied at once. */
function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A typed filter, applied with the search. */
function TextFilter({ id, label, value }: { id: string; label: string; value: Signal<string> }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value.value}
        maxLength={255}
        onInput={(event) => {
          value.value = event.currentTarget.value;
        }}
      />
    </div>
  );
}

function SearchForm({ state, onChange }: { state: StoresQuery; onChange: (next: StoresQuery) => void }) {
  const q = useSignal(state.q);
  const city = useSignal(state.city);
  const country = useSignal(state.country);
  // The address changed (Back, a link): the boxes show what it says.
  useEffect(() => {
    q.value = state.q;
    city.value = state.city;
    country.value = state.country;
  }, [state.q, state.city, state.country]);
  const choose = (change: Partial<StoresQuery>) => onChange({ ...state, ...change, page: 1 });
  return (
    <form
      class="store-search"
      aria-label={t('storesFilters')}
      onSubmit={(event) => {
        event.preventDefault();
        choose({ q: q.value, city: city.value, country: country.value });
      }}
    >
      <div class="field wide">
        <label for="stores-q">{t('storesSearch')}</label>
        <input
          id="stores-q"
          type="search"
          value={q.value}
          maxLength={255}
          aria-describedby="stores-q-hint"
          onInput={(event) => {
            q.value = event.currentTarget.value;
          }}
        />
        <p id="stores-q-hint" class="hint">
          {t('storesSearchHint')}
        </p>
      </div>
      <Choice
        id="stores-attention"
        label={t('storesAttention')}
        value={state.attention}
        options={[['', t('attentionAll')], ...ATTENTION.map((kind) => [kind, t(ATTENTION_LABELS[kind])] as const)]}
        onChange={(value) => choose({ attention: value as StoresQuery['attention'] })}
      />
      <Choice
        id="stores-visible"
        label={t('storesVisibility')}
        value={state.visible}
        options={[
          ['', t('visibilityAll')],
          ['true', t('visibilityShown')],
          ['false', t('visibilityHidden')],
        ]}
        onChange={(value) => choose({ visible: value as StoresQuery['visible'] })}
      />
      <Choice
        id="stores-phone"
        label={t('storesPhone')}
        value={state.phoneValid}
        options={[
          ['', t('phoneAll')],
          ['true', t('phoneValid')],
          ['false', t('phoneInvalid')],
        ]}
        onChange={(value) => choose({ phoneValid: value as StoresQuery['phoneValid'] })}
      />
      <TextFilter id="stores-city" label={t('storesCity')} value={city} />
      <TextFilter id="stores-country" label={t('storesCountry')} value={country} />
      <div class="search-buttons">
        <button type="submit" class="primary">
          {t('storesSearchButton')}
        </button>
        {isFiltered(state) ? (
          <button
            type="button"
            onClick={() => choose({ q: '', attention: '', visible: '', phoneValid: '', city: '', country: '' })}
          >
            {t('storesClearFilters')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function Pager({
  projectId,
  state,
  total,
  onChange,
}: {
  projectId: string;
  state: StoresQuery;
  total: number;
  onChange: (next: StoresQuery) => void;
}) {
  const last = Math.max(1, Math.ceil(total / state.limit));
  const hrefOf = (page: number) => paths.project(projectId) + searchOf({ ...state, page });
  return (
    <nav class="pager" aria-label={t('storesPages')}>
      {state.page > 1 ? (
        <a href={hrefOf(state.page - 1)} rel="prev">
          {t('previousPage')}
        </a>
      ) : null}
      <span>{t('pageOf', { page: state.page, last })}</span>
      {state.page < last ? (
        <a href={hrefOf(state.page + 1)} rel="next">
          {t('nextPage')}
        </a>
      ) : null}
      <label for="stores-limit">{t('pageSize')}</label>
      <select
        id="stores-limit"
        value={String(state.limit)}
        onChange={(event) => onChange({ ...state, limit: Number(event.currentTarget.value), page: 1 })}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={String(size)}>
            {size}
          </option>
        ))}
      </select>
    </nav>
  );
}

function StoreRow({
  projectId,
  location,
  selectable,
  selected,
  onSelect,
}: {
  projectId: string;
  location: Location;
  selectable: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const problems = problemsOf(location);
  return (
    <tr>
      {selectable ? (
        <td>
          <input
            type="checkbox"
            checked={selected}
            aria-label={t('selectStore', { name: location.name })}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        </td>
      ) : null}
      <th scope="row">
        <a href={paths.project(projectId, `stores/${encodeURIComponent(location.id)}`)}>{location.name}</a>
        {location.external_id ? <span class="meta"> · {location.external_id}</span> : null}
      </th>
      <td>{[location.city, location.postcode].filter(Boolean).join(' ') || '—'}</td>
      <td>{location.location_type ?? '—'}</td>
      <td>{location.visible ? t('visibilityShown') : t('visibilityHidden')}</td>
      <td>
        {problems.length ? (
          <ul class="problems">
            {problems.map((problem) => (
              <li key={problem}>{t(problem)}</li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </td>
      <td>{formatDateTime(location.updated_at)}</td>
    </tr>
  );
}

function Stores({ project }: { project: MemberProject }) {
  const { query, route } = useLocation();
  const state = storesQueryOf(query);
  const search = searchOf(state);
  const editor = editsLocations(project.role);
  const list = useResource(() => listLocations(project.id, listQueryOf(state)), [project.id, search]);
  const selection = useSignal<Selection>(NOTHING);
  const told = useRef(false);
  useEffect(() => {
    selection.value = NOTHING;
  }, [project.id, search]);
  const page = list.data.value;
  const total = page?.meta.total ?? 0;
  // After a search of the person's own (not on opening the screen), say how many stores it found.
  useEffect(() => {
    if (page && told.current) {
      told.current = false;
      announce(total === 0 ? t('storesNoneFound') : counted('storesFound', total));
    }
  }, [page]);
  const go = (next: StoresQuery) => {
    told.current = true;
    route(paths.project(project.id) + searchOf(next));
  };
  const rows = page?.data ?? [];
  const chosen = selection.value;
  const pageIds = rows.map((location) => location.id);
  const allOnPage = chosen.kind === 'all' || (pageIds.length > 0 && pageIds.every((id) => chosen.ids.has(id)));
  const someOnPage = chosen.kind === 'ids' && pageIds.some((id) => chosen.ids.has(id));
  const count = chosen.kind === 'all' ? total : chosen.ids.size;
  const target: BulkTarget = chosen.kind === 'all' ? { where: whereOf(state) } : { ids: [...chosen.ids] };
  const select = (ids: string[], on: boolean) => {
    const next = new Set(chosen.kind === 'ids' ? chosen.ids : pageIds);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    selection.value = { kind: 'ids', ids: next };
  };
  const plainColumns = [t('storeType'), t('storeVisibility'), t('storeAttention')];
  const sortBy = (sort: string) => go({ ...state, sort });
  const from = total === 0 ? 0 : (state.page - 1) * state.limit + 1;
  return (
    <section aria-labelledby="stores-heading">
      <div class="page-actions">
        <h2 id="stores-heading">{t('storesHeading')}</h2>
        {editor ? (
          <a class="button primary" href={paths.project(project.id, 'stores/new')}>
            {t('newStore')}
          </a>
        ) : null}
      </div>
      <SearchForm state={state} onChange={go} />
      {list.error.value ? <p class="field-error">{list.error.value}</p> : null}
      <p class="meta" id="stores-summary">
        {page
          ? total === 0
            ? t('storesNoneFound')
            : t('storesShowing', { from, to: from + rows.length - 1, total })
          : t('loading')}
      </p>
      {editor && count > 0 ? (
        <section class="selection" aria-label={t('storesSelection')}>
          <p>
            {chosen.kind === 'all' ? t('selectedAllMatches', { count: total }) : t('selectedCount', { count })}{' '}
            {chosen.kind === 'ids' && allOnPage && total > rows.length ? (
              <button type="button" class="link" onClick={() => (selection.value = { kind: 'all' })}>
                {t('selectAllMatches', { count: total })}
              </button>
            ) : null}{' '}
            <button type="button" class="link" onClick={() => (selection.value = NOTHING)}>
              {t('clearSelection')}
            </button>
          </p>
          <BulkActions
            projectId={project.id}
            target={target}
            count={count}
            onDone={async () => {
              selection.value = NOTHING;
              await list.reload();
            }}
          />
        </section>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to scroll by keyboard */}
      <section class="table-scroll" aria-label={t('storesTable')} tabIndex={0}>
        <table aria-describedby="stores-summary" aria-busy={!page}>
          <thead>
            <tr>
              {editor ? (
                <th scope="col">
                  <input
                    type="checkbox"
                    checked={allOnPage && rows.length > 0}
                    indeterminate={!allOnPage && someOnPage}
                    disabled={rows.length === 0}
                    aria-label={t('selectPage')}
                    onChange={(event) => select(pageIds, event.currentTarget.checked)}
                  />
                </th>
              ) : null}
              <SortHeader column="name" label={t('storeName')} state={state} onSort={sortBy} />
              <SortHeader column="city" label={t('storeCity')} state={state} onSort={sortBy} />
              {plainColumns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              <SortHeader column="updated_at" label={t('storeUpdated')} state={state} onSort={sortBy} />
            </tr>
          </thead>
          <tbody>
            {rows.map((location) => (
              <StoreRow
                key={location.id}
                projectId={project.id}
                location={location}
                selectable={editor}
                selected={chosen.kind === 'all' || chosen.ids.has(location.id)}
                onSelect={(on) => select([location.id], on)}
              />
            ))}
          </tbody>
        </table>
      </section>
      {page && total > 0 ? <Pager projectId={project.id} state={state} total={total} onChange={go} /> : null}
    </section>
  );
}

/** The project's home, named by the project: its stores. */
export function StoresPage({ projectId }: { projectId: string }) {
  return (
    <ProjectScope projectId={projectId}>
      {(project) => (
        <Page title={project.name}>
          <Stores project={project} />
        </Page>
      )}
    </ProjectScope>
  );
}
