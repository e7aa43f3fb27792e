import { useSignal } from '@preact/signals';
import {
  type ApiToken,
  type CreatedToken,
  createToken,
  listTokens,
  revokeToken,
  SCOPES,
  type Scope,
} from '../api/tokens.ts';
import { formatDateTime, t } from '../i18n/index.ts';
import { announce } from '../state/status.ts';
import { runChange } from '../ui/change.ts';
import { CopyField } from '../ui/copy-field.tsx';
import { Field, Form, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { type Resource, useResource } from '../ui/resource.ts';
import { ActionTable } from '../ui/table.tsx';

/** The scopes a new token starts with: reading only. */
const READ_SCOPES: Scope[] = ['user:read', 'project:read', 'location:read'];

function CreateToken({ tokens }: { tokens: Resource<ApiToken[]> }) {
  const name = useSignal('');
  const days = useSignal('');
  const scopes = useSignal<Scope[]>(READ_SCOPES);
  const made = useSignal<CreatedToken | undefined>(undefined);
  const submission = useSubmit(async () => {
    const expiresInDays = days.value.trim() === '' ? undefined : Number(days.value);
    made.value = await createToken({
      name: name.value,
      scopes: scopes.value,
      ...(expiresInDays === undefined ? {} : { expires_in_days: expiresInDays }),
    });
    announce(t('tokenCreated', { name: made.value.name }));
    name.value = '';
    await tokens.reload();
  });
  return (
    <section aria-labelledby="new-token-heading">
      <h2 id="new-token-heading">{t('newToken')}</h2>
      <Form submission={submission} label={t('newToken')}>
        <Field
          id="token-name"
          name="name"
          label={t('tokenName')}
          value={name}
          errors={submission.errors.value}
          hint={t('tokenNameHint')}
          required
        />
        <fieldset class="field">
          <legend>{t('scopes')}</legend>
          {SCOPES.map((scope) => (
            <label key={scope} class="check">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={scopes.value.includes(scope)}
                onChange={(event) => {
                  scopes.value = event.currentTarget.checked
                    ? [...scopes.value, scope]
                    : scopes.value.filter((kept) => kept !== scope);
                }}
              />
              <code>{scope}</code>
            </label>
          ))}
          {submission.errors.value.scopes ? (
            <p class="field-error">{submission.errors.value.scopes.join(' ')}</p>
          ) : null}
        </fieldset>
        <Field
          id="token-days"
          name="expires_in_days"
          label={t('tokenExpiresInDays')}
          type="number"
          min={1}
          value={days}
          errors={submission.errors.value}
          hint={t('tokenExpiresHint')}
        />
        <SubmitButton submission={submission}>{t('createToken')}</SubmitButton>
      </Form>
      {made.value ? (
        <CopyField
          id="new-token"
          label={t('tokenSecret', { name: made.value.name })}
          value={made.value.token}
          hint={t('tokenShownOnce')}
        />
      ) : null}
    </section>
  );
}

/** The signed-in person's API tokens: made here, shown once, revoked here. */
export function TokensPage() {
  const tokens = useResource(listTokens, []);
  return (
    <Page title={t('tokensTitle')}>
      <p>{t('tokensIntro')}</p>
      <CreateToken tokens={tokens} />
      <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">{t('yourTokens')}</h2>
        {tokens.error.value ? <p class="field-error">{tokens.error.value}</p> : null}
        {tokens.data.value?.length === 0 ? <p>{t('tokensNone')}</p> : null}
        {tokens.data.value?.length ? (
          <ActionTable label={t('yourTokens')} columns={[t('name'), t('scopes'), t('lastUsed'), t('expiresAt')]}>
            {tokens.data.value.map((token) => (
              <tr key={token.id}>
                <th scope="row">{token.name}</th>
                <td>{token.scopes.join(', ')}</td>
                <td>{token.last_used_at ? formatDateTime(token.last_used_at) : t('never')}</td>
                <td>{token.expires_at ? formatDateTime(token.expires_at) : t('never')}</td>
                <td>
                  <button
                    type="button"
                    class="danger"
                    aria-label={t('revokeTokenNamed', { name: token.name })}
                    onClick={() => {
                      if (!confirm(t('revokeTokenConfirm', { name: token.name }))) return;
                      void runChange(
                        () => revokeToken(token.id),
                        t('tokenRevoked', { name: token.name }),
                        tokens.reload,
                      );
                    }}
                  >
                    {t('revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </ActionTable>
        ) : null}
      </section>
    </Page>
  );
}
