import { t } from '../../i18n/index.ts';
import { type Draft, TEXT_KEYS, type TextKey } from './draft.ts';
import { DAYS, specialHoursOf, textOfDay } from './hours.ts';
import { dayName } from './hours-editor.tsx';
import { labelOf } from './parts.tsx';

/** A field of a draft as text, to set two versions side by side. */
export function displayOf(draft: Draft, key: string): string {
  if ((TEXT_KEYS as readonly string[]).includes(key)) return draft.text[key as TextKey] || '—';
  switch (key) {
    case 'visible':
      return draft.visible ? t('yes') : t('no');
    case 'filters':
      return draft.filters.join(', ') || '—';
    case 'fields':
    case 'callsToAction': {
      const entries = Object.entries(key === 'fields' ? draft.fields : draft.callsToAction).filter(([, v]) => v !== '');
      return entries.map(([name, value]) => `${name}: ${value}`).join('; ') || '—';
    }
    case 'hours':
      return DAYS.map((day) => `${dayName(day)} ${textOfDay(draft.hours[day]) ?? '—'}`).join('; ');
    case 'special_hours':
      return (
        specialHoursOf(draft.special)
          .map((item) =>
            `${item.label ?? ''} ${'date' in item ? item.date : `${item.from}–${item.to}`} ${item.hours}`.trim(),
          )
          .join('; ') || '—'
      );
    default:
      return '—';
  }
}

/**
 * Someone else saved the store since it was read: both versions of each field either changed, and the choice of
 * which to keep.
 */
export function ConflictPanel({
  mine,
  theirs,
  keys,
  onKeepMine,
  onTakeTheirs,
}: {
  mine: Draft;
  theirs: Draft;
  keys: string[];
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  return (
    <section class="conflict notice" aria-labelledby="conflict-title">
      <h2 id="conflict-title">{t('conflictTitle')}</h2>
      <p>{t('conflictText')}</p>
      <div class="table-scroll">
        <table>
          <caption class="visually-hidden">{t('conflictCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('conflictField')}</th>
              <th scope="col">{t('conflictYours')}</th>
              <th scope="col">{t('conflictTheirs')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key}>
                <th scope="row">{labelOf(key)}</th>
                <td>{displayOf(mine, key)}</td>
                <td>{displayOf(theirs, key)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="actions">
        <button type="button" class="primary" onClick={onKeepMine}>
          {t('conflictKeepMine')}
        </button>
        <button type="button" onClick={onTakeTheirs}>
          {t('conflictTakeTheirs')}
        </button>
      </div>
    </section>
  );
}
