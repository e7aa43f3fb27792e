import { t } from '../i18n/index.ts';
import { announce, announceProblem } from '../state/status.ts';

/** A value to copy (a new token, an invitation link): read-only, selectable, with a copy button. */
export function CopyField({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <div class="field copy">
      <label for={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      ) : null}
      <div class="copy-row">
        <input
          id={id}
          type="text"
          readOnly
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              announce(t('copied'));
            } catch {
              announceProblem(t('copyFailed'));
            }
          }}
        >
          {t('copy')}
        </button>
      </div>
    </div>
  );
}
