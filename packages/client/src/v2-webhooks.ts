import type { CallOptions, HttpClient } from './http.ts';
import type { Operation, SuccessBody } from './operations.ts';
import type {
  CreatedWebhook,
  V2Paths,
  Webhook,
  WebhookCreate,
  WebhookDeliveryPage,
  WebhookDeliveryQuery,
  WebhookPatch,
} from './v2-types.ts';

type TestAnswer = SuccessBody<
  Operation<V2Paths, '/api/v2/projects/{project_id}/webhooks/{webhook_id}/test', 'post'>
>['data'];
type RetryAnswer = SuccessBody<
  Operation<V2Paths, '/api/v2/projects/{project_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/retry', 'post'>
>['data'];

/**
 * A project's webhook endpoints (scope `project:manage`). Creating one, rotating its secret, a test and a retry are
 * sent once: the server does not deduplicate them, so a lost answer is not made good by sending them again.
 */
export class V2Webhooks {
  constructor(private readonly http: HttpClient) {}

  private collection(projectId: string): string {
    return `/api/v2/projects/${encodeURIComponent(projectId)}/webhooks`;
  }

  private item(projectId: string, webhookId: string): string {
    return `${this.collection(projectId)}/${encodeURIComponent(webhookId)}`;
  }

  /** Every endpoint of the project, oldest first, without secrets. */
  async list(projectId: string, options?: CallOptions): Promise<Webhook[]> {
    return (await this.http.send<{ data: Webhook[] }>('GET', this.collection(projectId), options)).data;
  }

  async get(projectId: string, webhookId: string, options?: CallOptions): Promise<Webhook> {
    return (await this.http.send<{ data: Webhook }>('GET', this.item(projectId, webhookId), options)).data;
  }

  /** Creates an endpoint; the answer's `secret` (`whsec_…`) is shown only here: keep it to verify deliveries. */
  async create(projectId: string, body: WebhookCreate, options?: CallOptions): Promise<CreatedWebhook> {
    return (
      await this.http.send<{ data: CreatedWebhook }>('POST', this.collection(projectId), {
        ...options,
        body,
        once: true,
      })
    ).data;
  }

  /**
   * Changes what `body` names (`url`, `events`, `enabled`, `description`); enabling sends the deliveries that waited.
   */
  async update(projectId: string, webhookId: string, body: WebhookPatch, options?: CallOptions): Promise<Webhook> {
    return (await this.http.send<{ data: Webhook }>('PATCH', this.item(projectId, webhookId), { ...options, body }))
      .data;
  }

  async delete(projectId: string, webhookId: string, options?: CallOptions): Promise<void> {
    await this.http.send('DELETE', this.item(projectId, webhookId), options);
  }

  /** A new signing secret, shown only in this answer; the previous one keeps signing as well for 24 hours. */
  async rotateSecret(projectId: string, webhookId: string, options?: CallOptions): Promise<CreatedWebhook> {
    return (
      await this.http.send<{ data: CreatedWebhook }>('POST', `${this.item(projectId, webhookId)}/rotate-secret`, {
        ...options,
        once: true,
      })
    ).data;
  }

  /** Sends a `ping` event now and answers how the endpoint took it. */
  async test(projectId: string, webhookId: string, options?: CallOptions): Promise<TestAnswer> {
    return (
      await this.http.send<{ data: TestAnswer }>('POST', `${this.item(projectId, webhookId)}/test`, {
        ...options,
        once: true,
      })
    ).data;
  }

  /** One page of the endpoint's delivery log: tries, status codes, durations, next try. */
  async deliveries(
    projectId: string,
    webhookId: string,
    query: WebhookDeliveryQuery = {},
    options?: CallOptions,
  ): Promise<WebhookDeliveryPage> {
    return this.http.send<WebhookDeliveryPage>('GET', `${this.item(projectId, webhookId)}/deliveries`, {
      ...options,
      query,
    });
  }

  /** Sends a delivery again at once (a failed one, or one waiting for its next try). */
  async retryDelivery(
    projectId: string,
    webhookId: string,
    deliveryId: string,
    options?: CallOptions,
  ): Promise<RetryAnswer> {
    const target = `${this.item(projectId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`;
    return (await this.http.send<{ data: RetryAnswer }>('POST', target, { ...options, once: true })).data;
  }
}
