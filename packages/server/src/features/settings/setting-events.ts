import { type ChangeEventType, changesBetween, type SettingEventKind } from '../../domain/events.ts';
import type { PendingEvent } from '../../events/outbox.repository.ts';

/** A change of one configuration item (a filter, a marker, ...), with its body as the API shows it. */
export interface SettingChange {
  kind: SettingEventKind;
  action: 'created' | 'updated' | 'deleted';
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** The event of a configuration change, or undefined for an update that changed nothing. */
export function settingEventOf(change: SettingChange): PendingEvent | undefined {
  const type = `${change.kind}.${change.action}` as ChangeEventType;
  const current = change.after ?? change.before;
  if (!current) return undefined;
  if (change.action !== 'updated' || !change.before || !change.after) return { type, body: { setting: current } };
  const changes = changesBetween(change.before, change.after);
  if (Object.keys(changes).length === 0) return undefined;
  return { type, body: { setting: current, changes } };
}
