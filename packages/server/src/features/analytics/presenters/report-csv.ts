import { stringify } from 'csv-stringify/sync';
import { escapeFormula } from '../../../domain/csv-formulas.ts';
import type { AnalyticsReport } from '../analytics-report.ts';

type Row = [section: string, key: string, name: string, metric: string, value: number | string];

/**
 * A report as one long CSV table, `section,key,name,metric,value`, one row per count (as the OpenAPI description of
 * `format=csv` tells); names are written as the export writes text, so no spreadsheet runs one as a formula.
 */
export function reportCsvOf(report: AnalyticsReport): string {
  const rows: Row[] = [];
  const counts = (section: string, key: string, name: string, values: object) => {
    for (const [metric, value] of Object.entries(values))
      if (typeof value === 'number') rows.push([section, key, name, metric, value]);
  };
  counts('totals', '', '', report.totals);
  counts('kinds', '', '', report.kinds);
  for (const { date, ...values } of report.daily) counts('daily', date, '', values);
  for (const { place, ...values } of report.places) counts('places', place, '', values);
  for (const { kind, name, searches } of report.filters) rows.push(['filters', kind, name, 'searches', searches]);
  for (const { id, name, ...values } of report.locations) counts('locations', id, name, values);
  const escaped = rows.map(([section, key, name, metric, value]) => [section, key, escapeFormula(name), metric, value]);
  return stringify([['section', 'key', 'name', 'metric', 'value'], ...escaped], { record_delimiter: 'windows' });
}
