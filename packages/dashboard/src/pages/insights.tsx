import { type Signal, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import {
  type Analytics,
  getAnalytics,
  getAnalyticsCsv,
  getUnservedDemand,
  type Period,
  type UnservedDemand,
} from '../api/analytics.ts';
import type { MemberProject } from '../api/projects.ts';
import { type MessageKey, t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { announce, announceError } from '../state/status.ts';
import { Page } from '../ui/page.tsx';
import { useResource } from '../ui/resource.ts';
import { DailyChart } from './insights/daily-chart.tsx';
import { DataTable } from './insights/data-table.tsx';
import { DemandMap } from './insights/demand-map.tsx';
import { dayPlus, formatCount, formatDay, formatShare, todayUtc } from './insights/format.ts';
import './insights/insights.css';
import { ProjectScope } from './project-scope.tsx';

type Counts = Analytics['totals'];
type Action = 'select' | 'page_view' | 'directions' | 'call' | 'website' | 'cta';

const ACTIONS: readonly [Action, MessageKey][] = [
  ['select', 'insightsSelect'],
  ['page_view', 'insightsPageView'],
  ['directions', 'insightsDirections'],
  ['call', 'insightsCall'],
  ['website', 'insightsWebsite'],
  ['cta', 'insightsCta'],
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period the address asks for (`?from=&to=`); a day that is no day is left to the API's default. */
function periodOf(query: Record<string, string>): Period {
  return {
    ...(query.from && DAY.test(query.from) ? { from: query.from } : {}),
    ...(query.to && DAY.test(query.to) ? { to: query.to } : {}),
  };
}

const periodQuery = (period: Period) => new URLSearchParams(period as Record<string, string>).toString();

/** A UTC day of the period, as the browser's date field (`YYYY-MM-DD`). */
function DayField({ name, label, value }: { name: string; label: string; value: Signal<string> }) {
  return (
    <div class="field">
      <label for={`insights-${name}`}>{label}</label>
      <input
        id={`insights-${name}`}
        name={name}
        type="date"
        value={value.value}
        onInput={(event) => {
          value.value = event.currentTarget.value;
        }}
      />
    </div>
  );
}

function PeriodForm({ period, shown }: { period: Period; shown: Analytics | undefined }) {
  const { path, route } = useLocation();
  const today = todayUtc();
  // The fields show the period shown (the API's defaults filled in), and stay where the focus is while it changes.
  const from = useSignal(period.from ?? '');
  const to = useSignal(period.to ?? '');
  const shownFrom = shown?.from ?? period.from ?? '';
  const shownTo = shown?.to ?? period.to ?? '';
  useEffect(() => {
    from.value = shownFrom;
    to.value = shownTo;
  }, [shownFrom, shownTo]);
  return (
    <section aria-labelledby="period-heading">
      <h2 id="period-heading">{t('insightsPeriod')}</h2>
      {shown ? <p>{t('insightsPeriodShown', { from: formatDay(shown.from), to: formatDay(shown.to) })}</p> : null}
      <ul class="presets">
        {[7, 30, 90, 365].map((days) => (
          <li key={days}>
            <a href={`${path}?${periodQuery({ from: dayPlus(today, 1 - days), to: today })}`}>
              {t('insightsLast', { days })}
            </a>
          </li>
        ))}
      </ul>
      <form
        class="period"
        aria-label={t('insightsPeriod')}
        onSubmit={(event) => {
          event.preventDefault();
          route(`${path}?${periodQuery(periodOf({ from: from.value, to: to.value }))}`);
        }}
      >
        <DayField name="from" label={t('insightsFrom')} value={from} />
        <DayField name="to" label={t('insightsTo')} value={to} />
        <button type="submit" class="primary">
          {t('insightsShow')}
        </button>
      </form>
    </section>
  );
}

async function downloadCsv(projectId: string, report: Analytics): Promise<void> {
  try {
    const text = await getAnalyticsCsv(projectId, { from: report.from, to: report.to });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    link.download = `insights-${projectId}-${report.from}-${report.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
    announce(t('insightsDownloaded'));
  } catch (error) {
    announceError(error);
  }
}

function Totals({ report }: { report: Analytics }) {
  const { totals, kinds } = report;
  const items: [MessageKey, number][] = [
    ['insightsViews', totals.views],
    ['insightsSearches', totals.searches],
    ['insightsZeroResult', totals.zero_result],
    ['insightsFallback', totals.fallback],
    ['insightsByText', kinds.text],
    ['insightsByPosition', kinds.position],
    ['insightsByArea', kinds.area],
    ...ACTIONS.map(([action, key]): [MessageKey, number] => [key, totals[action]]),
  ];
  return (
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading">{t('insightsTotals')}</h2>
      <dl class="totals">
        {items.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>
              {formatCount(value)}
              {key === 'insightsZeroResult' && totals.searches > 0 ? (
                <span class="meta"> ({formatShare(value / totals.searches)})</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const actionsOf = (counts: Pick<Counts, Action>) => ACTIONS.reduce((sum, [action]) => sum + counts[action], 0);

function Daily({ report }: { report: Analytics }) {
  return (
    <section aria-labelledby="daily-heading">
      <h2 id="daily-heading">{t('insightsDaily')}</h2>
      <DailyChart id="daily-chart" daily={report.daily} />
      <details>
        <summary>{t('insightsDailyTable')}</summary>
        <DataTable
          id="daily-table"
          caption={t('insightsDaily')}
          columns={[
            t('insightsDate'),
            t('insightsViews'),
            t('insightsSearches'),
            t('insightsZeroResult'),
            t('insightsFallback'),
            t('insightsActions'),
          ]}
          numeric={[1, 2, 3, 4, 5]}
        >
          {report.daily.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td class="number">{formatCount(day.views)}</td>
              <td class="number">{formatCount(day.searches)}</td>
              <td class="number">{formatCount(day.zero_result)}</td>
              <td class="number">{formatCount(day.fallback)}</td>
              <td class="number">{formatCount(actionsOf(day))}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </section>
  );
}

/** A share as a bar beside its number: the number is what is read, the bar only shows it. */
function ShareBar({ share }: { share: number }) {
  return (
    <span class="share">
      <svg viewBox="0 0 100 10" aria-hidden="true" class="share-bar">
        <rect class="share-track" x={0} y={0} width={100} height={10} />
        <rect class="share-fill" x={0} y={0} width={Math.round(share * 100)} height={10} />
      </svg>
      {formatShare(share)}
    </span>
  );
}

const osmAt = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=11/${lat}/${lng}`;

function PlaceName({ place, lat, lng }: { place: string; lat: number | null; lng: number | null }) {
  if (place === 'other' || lat === null || lng === null) return <>{t('insightsOtherPlaces')}</>;
  const name = `${lat.toFixed(2)}, ${lng.toFixed(2)}`;
  return (
    <a href={osmAt(lat, lng)} rel="noopener noreferrer" aria-label={t('insightsOnMap', { place: name })}>
      {name}
    </a>
  );
}

function Places({ report }: { report: Analytics }) {
  return (
    <section aria-labelledby="places-heading">
      <h2 id="places-heading">{t('insightsPlaces')}</h2>
      <p class="hint">{t('insightsPlacesHint')}</p>
      {report.places.length === 0 ? (
        <p>{t('insightsNone')}</p>
      ) : (
        <DataTable
          id="places-table"
          caption={t('insightsPlaces')}
          columns={[t('insightsPlace'), t('insightsSearches'), t('insightsZeroResult'), t('insightsZeroShare')]}
          numeric={[1, 2]}
        >
          {report.places.map((place) => (
            <tr key={place.place}>
              <th scope="row">
                <PlaceName {...place} />
              </th>
              <td class="number">{formatCount(place.searches)}</td>
              <td class="number">{formatCount(place.zero_result)}</td>
              <td>
                <ShareBar share={place.zero_result_share} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function Filters({ report }: { report: Analytics }) {
  return (
    <section aria-labelledby="filters-heading">
      <h2 id="filters-heading">{t('insightsFilters')}</h2>
      {report.filters.length === 0 ? (
        <p>{t('insightsNone')}</p>
      ) : (
        <DataTable
          id="filters-table"
          caption={t('insightsFilters')}
          columns={[t('name'), t('insightsKind'), t('insightsSearches')]}
          numeric={[2]}
        >
          {report.filters.map((filter) => (
            <tr key={`${filter.kind}-${filter.name}`}>
              <th scope="row">{filter.name}</th>
              <td>{t(filter.kind === 'filter' ? 'insightsKindFilter' : 'insightsKindType')}</td>
              <td class="number">{formatCount(filter.searches)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function Locations({ project, report }: { project: MemberProject; report: Analytics }) {
  return (
    <section aria-labelledby="locations-heading">
      <h2 id="locations-heading">{t('insightsLocations')}</h2>
      {report.locations.length === 0 ? (
        <p>{t('insightsNone')}</p>
      ) : (
        <DataTable
          id="locations-table"
          caption={t('insightsLocations')}
          columns={[t('insightsStore'), ...ACTIONS.map(([, key]) => t(key))]}
          numeric={ACTIONS.map((_, index) => index + 1)}
        >
          {report.locations.map((location) => (
            <tr key={location.id}>
              <th scope="row">
                <a href={paths.project(project.id, `stores/${encodeURIComponent(location.id)}`)}>{location.name}</a>
              </th>
              {ACTIONS.map(([action]) => (
                <td key={action} class="number">
                  {formatCount(location[action])}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function Unserved({ demand }: { demand: UnservedDemand }) {
  return (
    <>
      {demand.places.length === 0 ? <p>{t('insightsNoUnserved')}</p> : null}
      <DemandMap places={demand.places} />
      {demand.places.length > 0 ? (
        <DataTable
          id="unserved-table"
          caption={t('insightsUnserved')}
          columns={[
            t('insightsRank'),
            t('insightsPlace'),
            t('insightsZeroResult'),
            t('insightsSearches'),
            t('insightsNearest'),
          ]}
          numeric={[0, 2, 3, 4]}
        >
          {demand.places.map((place, index) => (
            <tr key={place.place}>
              <td class="number">{index + 1}</td>
              <th scope="row">
                <PlaceName {...place} />
              </th>
              <td class="number">{formatCount(place.zero_result)}</td>
              <td class="number">{formatCount(place.searches)}</td>
              <td class="number">
                {place.nearest_store_km === null
                  ? t('insightsNoStore')
                  : t('insightsKm', { km: place.nearest_store_km })}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}

function Insights({ project, period }: { project: MemberProject; period: Period }) {
  const keys = [project.id, period.from, period.to];
  const report = useResource(() => getAnalytics(project.id, period), keys);
  const demand = useResource(() => getUnservedDemand(project.id, period), keys);
  const data = report.data.value;
  return (
    <>
      <p>{t('insightsIntro')}</p>
      <PeriodForm period={period} shown={data} />
      {report.error.value ? <p class="field-error">{report.error.value}</p> : null}
      {data ? (
        <>
          <p>
            <button type="button" onClick={() => void downloadCsv(project.id, data)}>
              {t('insightsDownload')}
            </button>
          </p>
          <Totals report={data} />
          <Daily report={data} />
          <Places report={data} />
          <Filters report={data} />
          <Locations project={project} report={data} />
        </>
      ) : (
        !report.error.value && <p>{t('loading')}</p>
      )}
      <section aria-labelledby="unserved-heading">
        <h2 id="unserved-heading">{t('insightsUnserved')}</h2>
        <p class="hint">{t('insightsUnservedHint')}</p>
        {demand.error.value && !report.error.value ? <p class="field-error">{demand.error.value}</p> : null}
        {demand.data.value ? <Unserved demand={demand.data.value} /> : null}
      </section>
    </>
  );
}

/** The store finder's analytics of a project over a period (`?from=&to=`): every role of the project may read them. */
export function InsightsPage({ projectId }: { projectId: string }) {
  const { query } = useLocation();
  const period = periodOf(query);
  return (
    <ProjectScope projectId={projectId}>
      {(project) => (
        <Page title={t('insightsTitle', { project: project.name })}>
          <Insights project={project} period={period} />
        </Page>
      )}
    </ProjectScope>
  );
}
