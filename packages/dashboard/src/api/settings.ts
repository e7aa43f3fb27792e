import type { SettingCreate, SettingItem, SettingPatch, SettingSegment } from '@locator/client';
import { api } from './client.ts';

export type { SettingCreate, SettingItem, SettingSegment };

const settingsOf = (projectId: string, segment: SettingSegment) =>
  `/api/v2/projects/${encodeURIComponent(projectId)}/${segment}`;

/** `GET …/{segment}`: every item in the project's order, each with `locations_count`. */
export async function listSettings<S extends SettingSegment>(projectId: string, segment: S): Promise<SettingItem<S>[]> {
  return (await api.request<{ data: SettingItem<S>[] }>('GET', settingsOf(projectId, segment))).data;
}

export async function createSetting<S extends SettingSegment>(
  projectId: string,
  segment: S,
  body: SettingCreate<S>,
): Promise<void> {
  await api.request('POST', settingsOf(projectId, segment), { body, once: true });
}

/** `PATCH …/{segment}/{id}`: a rename, a move (`position`) or another change. */
export async function updateSetting<S extends SettingSegment>(
  projectId: string,
  segment: S,
  id: string,
  body: SettingPatch<S>,
): Promise<void> {
  await api.request('PATCH', `${settingsOf(projectId, segment)}/${encodeURIComponent(id)}`, { body });
}

/** Detaches it from every location that uses it. */
export async function deleteSetting(projectId: string, segment: SettingSegment, id: string): Promise<void> {
  await api.request('DELETE', `${settingsOf(projectId, segment)}/${encodeURIComponent(id)}`);
}
