import { type Signal, useSignal } from '@preact/signals';
import type { MemberProject } from '../api/projects.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
} from '../api/webhooks.ts';
import { formatDateTime, type MessageKey, t } from '../i18n/index.ts';
import { managesProject } from '../state/roles.ts';
import { announce, announceError, announceProblem } from '../state/status.ts';
import { runChange } from '../ui/change.ts';
import { CopyField } from '../ui/copy-field.tsx';
import { Field, Form, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { type Resource, useResource } from '../ui/resource.ts';
import { roleName } from '../ui/role-name.ts';
import { ProjectScope } from './project-scope.tsx';

/** A signing secret just made (by a create or a rotation), shown once with a copy button. */
interface ShownSecret {
  url: string;
  secret: string;
}

const ALL = '*';

function EventChoice({ id, events, errors }: { id: string; events: Signal<string[]>; errors: string[] | undefined }) {
  const all = events.value.includes(ALL);
  const toggle = (type: string, on: boolean) => {
    const rest = events.value.filter((kept) => kept !== type);
    events.value = on ? [...rest, type] : rest;
  };
  return (
    <fieldset class="field" aria-describedby={errors ? `${id}-error` : undefined}>
      <legend>{t('webhookEvents')}</legend>
      <label class="check">
        <input type="checkbox" checked={all} onChange={(event) => toggle(ALL, event.currentTarget.checked)} />
        {t('webhookAllEvents')}
      </label>
      {WEBHOOK_EVENTS.map((type) => (
        <label key={type} class="check">
          <input
            type="checkbox"
            checked={all || events.value.includes(type)}
            disabled={all}
            onChange={(event) => toggle(type, event.currentTarget.checked)}
          />
          <code>{type}</code>
        </label>
      ))}
      {errors ? (
        <p id={`${id}-error`} class="field-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The form of a new endpoint (`webhook` absent) or of one being edited; `onSaved` is told the URL saved. */
function WebhookForm({
  project,
  webhook,
  onSaved,
  onCancel,
}: {
  project: MemberProject;
  webhook?: Webhook;
  onSaved: (saved: Webhook, secret?: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const prefix = webhook ? `webhook-${webhook.id}` : 'webhook-new';
  const url = useSignal(webhook?.url ?? '');
  const description = useSignal(webhook?.description ?? '');
  const events = useSignal<string[]>(webhook?.events ?? [ALL]);
  const enabled = useSignal(true);
  const submission = useSubmit(async () => {
    const note = description.value.trim() === '' ? null : description.value;
    const chosen = events.value.includes(ALL) ? [ALL] : events.value;
    if (webhook) {
      const saved = await updateWebhook(project.id, webhook.id, { url: url.value, events: chosen, description: note });
      await onSaved(saved);
    } else {
      const made = await createWebhook(project.id, {
        url: url.value,
        events: chosen,
        description: note,
        enabled: enabled.value,
      });
      url.value = '';
      description.value = '';
      events.value = [ALL];
      await onSaved(made, made.secret);
    }
  });
  const errors = submission.errors.value;
  return (
    <Form submission={submission} label={webhook ? t('webhookEditing', { url: webhook.url }) : t('webhookNew')}>
      <Field
        id={`${prefix}-url`}
        name="url"
        label={t('webhookUrl')}
        type="url"
        value={url}
        errors={errors}
        hint={t('webhookUrlHint')}
        required
      />
      <Field
        id={`${prefix}-description`}
        name="description"
        label={t('webhookDescription')}
        value={description}
        errors={errors}
        hint={t('webhookDescriptionHint')}
      />
      <EventChoice id={`${prefix}-events`} events={events} errors={errors.events} />
      {webhook ? null : (
        <label class="check">
          <input
            type="checkbox"
            checked={enabled.value}
            onChange={(event) => {
              enabled.value = event.currentTarget.checked;
            }}
          />
          {t('webhookEnabledOnCreate')}
        </label>
      )}
      <div class="buttons">
        <SubmitButton submission={submission}>{webhook ? t('webhookSave') : t('webhookCreate')}</SubmitButton>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            {t('webhookCancel')}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

const DELIVERY_STATUS: Record<WebhookDelivery['status'], MessageKey> = {
  pending: 'deliveryPending',
  delivered: 'deliveryDelivered',
  failed: 'deliveryFailed',
};

/** The body as sent, indented for reading (it is JSON; anything else is shown as it is). */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function DeliveryItem({
  project,
  webhook,
  delivery,
  reload,
}: {
  project: MemberProject;
  webhook: Webhook;
  delivery: WebhookDelivery;
  reload: () => Promise<void>;
}) {
  const when = formatDateTime(delivery.created_at);
  return (
    <li>
      <span>
        <code>{delivery.event_type}</code> · {t(DELIVERY_STATUS[delivery.status])}
      </span>
      <span class="meta">
        <time dateTime={delivery.created_at}>{when}</time>
        {delivery.next_attempt_at
          ? ` · ${t('deliveryNextTry', { when: formatDateTime(delivery.next_attempt_at) })}`
          : ''}
      </span>
      {delivery.event_type === 'ping' || !webhook.enabled ? null : (
        <button
          type="button"
          aria-label={t('deliveryRetryOf', { event: delivery.event_type, when })}
          onClick={() =>
            runChange(() => retryDelivery(project.id, webhook.id, delivery.id), t('deliveryRetried'), reload)
          }
        >
          {t('deliveryRetry')}
        </button>
      )}
      <details class="delivery">
        <summary>{t('deliveryRequestAndAnswer')}</summary>
        <h4>{t('deliveryRequest')}</h4>
        <pre>{`POST ${webhook.url}\nwebhook-id: ${delivery.event_id}\n\n${readable(delivery.request_body)}`}</pre>
        <h4>{t('deliveryAnswers')}</h4>
        {delivery.attempts.length === 0 ? <p>{t('deliveryNoTries')}</p> : null}
        {delivery.attempts.map((attempt) => (
          <div key={attempt.attempted_at} class="attempt">
            <p>
              {t('deliveryTry', {
                when: formatDateTime(attempt.attempted_at),
                result:
                  attempt.status_code === null
                    ? (attempt.error ?? t('deliveryNoAnswer'))
                    : t('deliveryHttp', { code: String(attempt.status_code) }),
                ms: attempt.duration_ms,
              })}
              {attempt.status_code !== null && attempt.error ? ` · ${attempt.error}` : ''}
            </p>
            {attempt.response_body ? (
              <>
                <p class="meta">{t('deliveryAnswerBody')}</p>
                <pre>{attempt.response_body}</pre>
              </>
            ) : null}
          </div>
        ))}
      </details>
    </li>
  );
}

/** An endpoint's delivery log, newest first, with each one's request and answers; older pages on request. */
function DeliveryLog({ project, webhook, version }: { project: MemberProject; webhook: Webhook; version: number }) {
  const pages = useSignal(1);
  const log = useResource(async () => {
    const loaded: WebhookDelivery[] = [];
    let total = 0;
    for (let page = 1; page <= pages.value; page += 1) {
      const answer = await listDeliveries(project.id, webhook.id, page);
      loaded.push(...answer.data);
      total = answer.meta.total;
    }
    return { deliveries: loaded, total };
  }, [project.id, webhook.id, version, pages.value]);
  const data = log.data.value;
  return (
    <section aria-labelledby="delivery-log-heading" class="delivery-log">
      <h3 id="delivery-log-heading">{t('deliveryLogTitle', { url: webhook.url })}</h3>
      <button type="button" onClick={log.reload}>
        {t('deliveryRefresh')}
      </button>
      {log.error.value ? <p class="field-error">{log.error.value}</p> : null}
      {data?.deliveries.length === 0 ? <p>{t('deliveryLogNone')}</p> : null}
      {data?.deliveries.length ? (
        <>
          <p class="meta">{t('deliveryCount', { shown: data.deliveries.length, total: data.total })}</p>
          <ul class="cards" aria-label={t('deliveryLog')}>
            {data.deliveries.map((delivery) => (
              <DeliveryItem
                key={delivery.id}
                project={project}
                webhook={webhook}
                delivery={delivery}
                reload={log.reload}
              />
            ))}
          </ul>
          {data.deliveries.length < data.total ? (
            <button
              type="button"
              onClick={() => {
                pages.value += 1;
              }}
            >
              {t('deliveryOlder')}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function EndpointItem({
  project,
  webhook,
  webhooks,
  shown,
  logOf,
  logVersion,
}: {
  project: MemberProject;
  webhook: Webhook;
  webhooks: Resource<Webhook[]>;
  shown: Signal<ShownSecret | undefined>;
  logOf: Signal<string | undefined>;
  logVersion: Signal<number>;
}) {
  const editing = useSignal(false);
  const { url } = webhook;
  const showLog = () => {
    logOf.value = webhook.id;
    logVersion.value += 1;
  };
  if (editing.value) {
    return (
      <li class="editing">
        <WebhookForm
          project={project}
          webhook={webhook}
          onCancel={() => {
            editing.value = false;
          }}
          onSaved={async (saved) => {
            announce(t('webhookSaved', { url: saved.url }));
            editing.value = false;
            await webhooks.reload();
          }}
        />
      </li>
    );
  }
  return (
    <li>
      <span>
        <code class="url">{url}</code>
        {webhook.description ? <span class="meta"> · {webhook.description}</span> : null}
      </span>
      <span class="meta">
        {webhook.enabled
          ? t('webhookEnabled')
          : webhook.disabled_reason
            ? t('webhookDisabledBecause', { reason: webhook.disabled_reason })
            : t('webhookDisabled')}
        {' · '}
        {t('webhookEventsList', { events: webhook.events.join(', ') })}
      </span>
      <div class="buttons">
        <button
          type="button"
          aria-label={t('webhookTestOf', { url })}
          onClick={async () => {
            try {
              const ping = await testWebhook(project.id, webhook.id);
              const [attempt] = ping.attempts;
              if (ping.status === 'delivered') {
                announce(
                  t('webhookPingDelivered', {
                    url,
                    code: String(attempt?.status_code ?? ''),
                    ms: attempt?.duration_ms ?? 0,
                  }),
                );
              } else {
                announceProblem(t('webhookPingFailed', { url, error: attempt?.error ?? t('deliveryNoAnswer') }));
              }
            } catch (error) {
              announceError(error);
            }
            showLog();
          }}
        >
          {t('webhookTest')}
        </button>
        <button type="button" aria-label={t('webhookDeliveriesOf', { url })} onClick={showLog}>
          {t('webhookDeliveriesShow')}
        </button>
        <button
          type="button"
          aria-label={t('webhookEditOf', { url })}
          onClick={() => {
            editing.value = true;
          }}
        >
          {t('webhookEdit')}
        </button>
        <button
          type="button"
          aria-label={t(webhook.enabled ? 'webhookDisableOf' : 'webhookEnableOf', { url })}
          onClick={() =>
            runChange(
              () => updateWebhook(project.id, webhook.id, { enabled: !webhook.enabled }),
              t(webhook.enabled ? 'webhookDisabledNow' : 'webhookEnabledNow', { url }),
              webhooks.reload,
            )
          }
        >
          {webhook.enabled ? t('webhookDisable') : t('webhookEnable')}
        </button>
        <button
          type="button"
          aria-label={t('webhookRotateOf', { url })}
          onClick={async () => {
            if (!confirm(t('webhookRotateConfirm', { url }))) return;
            try {
              const rotated = await rotateWebhookSecret(project.id, webhook.id);
              shown.value = { url, secret: rotated.secret };
              announce(t('webhookRotated', { url }));
            } catch (error) {
              announceError(error);
            }
          }}
        >
          {t('webhookRotate')}
        </button>
        <button
          type="button"
          class="danger"
          aria-label={t('webhookDeleteOf', { url })}
          onClick={() => {
            if (!confirm(t('webhookDeleteConfirm', { url }))) return;
            if (logOf.value === webhook.id) logOf.value = undefined;
            void runChange(() => deleteWebhook(project.id, webhook.id), t('webhookDeleted', { url }), webhooks.reload);
          }}
        >
          {t('webhookDelete')}
        </button>
      </div>
    </li>
  );
}

function Webhooks({ project }: { project: MemberProject }) {
  const webhooks = useResource(() => listWebhooks(project.id), [project.id]);
  const shown = useSignal<ShownSecret | undefined>(undefined);
  const logOf = useSignal<string | undefined>(undefined);
  const logVersion = useSignal(0);
  const logged = webhooks.data.value?.find((webhook) => webhook.id === logOf.value);
  return (
    <>
      <section aria-labelledby="new-webhook-heading">
        <h2 id="new-webhook-heading">{t('webhookNew')}</h2>
        <WebhookForm
          project={project}
          onSaved={async (made, secret) => {
            if (secret) shown.value = { url: made.url, secret };
            announce(t('webhookCreated', { url: made.url }));
            await webhooks.reload();
          }}
        />
      </section>
      {shown.value ? (
        <CopyField
          id="webhook-secret"
          label={t('webhookSecret', { url: shown.value.url })}
          value={shown.value.secret}
          hint={t('webhookSecretHint')}
        />
      ) : null}
      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">{t('webhookEndpoints')}</h2>
        {webhooks.error.value ? <p class="field-error">{webhooks.error.value}</p> : null}
        {webhooks.data.value?.length === 0 ? <p>{t('webhooksNone')}</p> : null}
        {webhooks.data.value?.length ? (
          <ul class="cards" aria-label={t('webhookEndpoints')}>
            {webhooks.data.value.map((webhook) => (
              <EndpointItem
                key={`${webhook.id}-${webhook.updated_at}`}
                project={project}
                webhook={webhook}
                webhooks={webhooks}
                shown={shown}
                logOf={logOf}
                logVersion={logVersion}
              />
            ))}
          </ul>
        ) : null}
        {logged ? <DeliveryLog project={project} webhook={logged} version={logVersion.value} /> : null}
      </section>
    </>
  );
}

/** The project's webhook endpoints, their secrets and delivery logs; for owners and admins. */
export function WebhooksPage({ projectId }: { projectId: string }) {
  return (
    <ProjectScope projectId={projectId}>
      {(project) => (
        <Page title={t('webhooksTitle', { project: project.name })}>
          <p>{t('webhooksIntro')}</p>
          {managesProject(project.role) ? (
            <Webhooks project={project} />
          ) : (
            <p class="notice">{t('webhooksNotAllowed', { role: roleName(project.role) })}</p>
          )}
        </Page>
      )}
    </ProjectScope>
  );
}
