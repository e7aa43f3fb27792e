import type { Analytics, UnservedDemand } from '@locator/client';
import { api } from './client.ts';

export type { Analytics, UnservedDemand };

/** A report's UTC days, `YYYY-MM-DD`; a day not given is the API's default (the last 30 days). */
export interface Period {
  from?: string;
  to?: string;
}

const analyticsOf = (projectId: string) => `/api/v2/projects/${encodeURIComponent(projectId)}/analytics`;

export async function getAnalytics(projectId: string, period: Period): Promise<Analytics> {
  return (await api.request<{ data: Analytics }>('GET', analyticsOf(projectId), { query: { ...period } })).data;
}

export async function getUnservedDemand(projectId: string, period: Period): Promise<UnservedDemand> {
  const target = `${analyticsOf(projectId)}/unserved`;
  return (await api.request<{ data: UnservedDemand }>('GET', target, { query: { ...period } })).data;
}

/** The report as the API writes it as a file (`format=csv`). */
export async function getAnalyticsCsv(projectId: string, period: Period): Promise<string> {
  return api.request<string>('GET', analyticsOf(projectId), { query: { ...period, format: 'csv' } });
}
