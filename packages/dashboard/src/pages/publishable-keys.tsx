import { useSignal } from '@preact/signals';
import { createKey, type PublishableKey, revokeKey, updateKeyOrigins } from '../api/website.ts';
import { formatDateTime, t } from '../i18n/index.ts';
import { announce } from '../state/status.ts';
import { runChange } from '../ui/change.ts';
import { Form, type Submission, SubmitButton, useSubmit } from '../ui/form.tsx';
import type { Resource } from '../ui/resource.ts';
import { ActionTable } from '../ui/table.tsx';

const originsOf = (text: string) =>
  text
    .split(/\s+/)
    .map((origin) => origin.trim())
    .filter(Boolean);

/** A text area of origins, one per line, with its hint and errors (`origins` of the API, `origins.0` for one). */
function OriginsField({ id, value, submission }: { id: string; value: { value: string }; submission: Submission }) {
  const messages = Object.entries(submission.errors.value)
    .filter(([field]) => field === 'origins' || field.startsWith('origins.'))
    .flatMap(([, texts]) => texts);
  return (
    <div class="field">
      <label for={id}>{t('keyOrigins')}</label>
      <p id={`${id}-hint`} class="hint">
        {t('keyOriginsHint')}
      </p>
      <textarea
        id={id}
        name="origins"
        rows={3}
        value={value.value}
        onInput={(event) => {
          value.value = event.currentTarget.value;
        }}
        aria-invalid={messages.length ? 'true' : undefined}
        aria-describedby={`${id}-hint${messages.length ? ` ${id}-error` : ''}`}
      />
      {messages.length ? (
        <p id={`${id}-error`} class="field-error">
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

function NewKey({ projectId, keys }: { projectId: string; keys: Resource<PublishableKey[]> }) {
  const origins = useSignal('');
  const submission = useSubmit(async () => {
    await createKey(projectId, originsOf(origins.value));
    announce(t('keyCreated'));
    origins.value = '';
    await keys.reload();
  });
  return (
    <Form submission={submission} label={t('createKey')}>
      <OriginsField id="new-key-origins" value={origins} submission={submission} />
      <SubmitButton submission={submission}>{t('createKey')}</SubmitButton>
    </Form>
  );
}

function EditOrigins({
  projectId,
  item,
  done,
}: {
  projectId: string;
  item: PublishableKey;
  done: (saved: boolean) => void;
}) {
  const origins = useSignal(item.origins.join('\n'));
  const submission = useSubmit(async () => {
    await updateKeyOrigins(projectId, item.id, originsOf(origins.value));
    announce(t('keyOriginsSaved'));
    done(true);
  });
  return (
    <Form submission={submission} label={t('editOriginsNamed', { key: item.key })}>
      <OriginsField id={`${item.id}-origins`} value={origins} submission={submission} />
      <div class="buttons">
        <SubmitButton submission={submission}>{t('save')}</SubmitButton>
        <button type="button" onClick={() => done(false)}>
          {t('cancel')}
        </button>
      </div>
    </Form>
  );
}

/** The project's publishable keys with their origins: made, changed and revoked by those who manage the project. */
export function PublishableKeys({
  projectId,
  keys,
  canChange,
}: {
  projectId: string;
  keys: Resource<PublishableKey[]>;
  canChange: boolean;
}) {
  const editing = useSignal<string | undefined>(undefined);
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">{t('keysHeading')}</h2>
      <p>{t('keysIntro')}</p>
      {canChange ? null : <p class="notice">{t('keysReadOnly')}</p>}
      {keys.error.value ? <p class="field-error">{keys.error.value}</p> : null}
      {keys.data.value?.length === 0 ? <p>{t('keysNone')}</p> : null}
      {keys.data.value?.length ? (
        <ActionTable
          label={t('keysHeading')}
          columns={[t('columnKey'), t('columnOrigins'), t('columnCreated'), t('columnStatus')]}
        >
          {keys.data.value.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <code>{item.key}</code>
              </th>
              <td>
                {editing.value === item.id ? (
                  <EditOrigins
                    projectId={projectId}
                    item={item}
                    done={(saved) => {
                      editing.value = undefined;
                      if (saved) void keys.reload();
                      document.getElementById(`${item.id}-edit`)?.focus();
                    }}
                  />
                ) : item.origins.length ? (
                  <ul class="plain">
                    {item.origins.map((origin) => (
                      <li key={origin}>{origin}</li>
                    ))}
                  </ul>
                ) : (
                  t('keyAnyOrigin')
                )}
              </td>
              <td>{formatDateTime(item.created_at)}</td>
              <td>{item.revoked_at ? t('keyRevokedOn', { date: formatDateTime(item.revoked_at) }) : t('keyActive')}</td>
              <td>
                {canChange && !item.revoked_at ? (
                  <div class="row-actions">
                    <button
                      type="button"
                      id={`${item.id}-edit`}
                      aria-label={t('editOriginsNamed', { key: item.key })}
                      onClick={() => {
                        editing.value = item.id;
                      }}
                    >
                      {t('editOrigins')}
                    </button>
                    <button
                      type="button"
                      class="danger"
                      aria-label={t('revokeKeyNamed', { key: item.key })}
                      onClick={() => {
                        if (!confirm(t('revokeKeyConfirm', { key: item.key }))) return;
                        void runChange(() => revokeKey(projectId, item.id), t('keyRevoked'), keys.reload);
                      }}
                    >
                      {t('revokeKey')}
                    </button>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </ActionTable>
      ) : null}
      {canChange ? <NewKey projectId={projectId} keys={keys} /> : null}
    </section>
  );
}
