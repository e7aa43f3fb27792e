import type { CallOptions, HttpClient } from './http.ts';
import type { PublishableKey, PublishableKeyCreate, PublishableKeyPatch } from './v2-types.ts';

/** A project's publishable keys of the store finder (`lpk_…`, scope `project:manage`). */
export class V2PublishableKeys {
  constructor(private readonly http: HttpClient) {}

  private collection(projectId: string): string {
    return `/api/v2/projects/${encodeURIComponent(projectId)}/publishable-keys`;
  }

  /** Every key of the project, revoked ones included. */
  async list(projectId: string, options?: CallOptions): Promise<PublishableKey[]> {
    return (await this.http.send<{ data: PublishableKey[] }>('GET', this.collection(projectId), options)).data;
  }

  /**
   * A new key, allowing the `origins` given (none given: every origin). Sent once: a lost answer is not made good by a
   * second key.
   */
  async create(projectId: string, body: PublishableKeyCreate = {}, options?: CallOptions): Promise<PublishableKey> {
    return (
      await this.http.send<{ data: PublishableKey }>('POST', this.collection(projectId), {
        ...options,
        body,
        once: true,
      })
    ).data;
  }

  /** Replaces the key's allowed origins. */
  async update(
    projectId: string,
    keyId: string,
    body: PublishableKeyPatch,
    options?: CallOptions,
  ): Promise<PublishableKey> {
    return (
      await this.http.send<{ data: PublishableKey }>(
        'PATCH',
        `${this.collection(projectId)}/${encodeURIComponent(keyId)}`,
        { ...options, body },
      )
    ).data;
  }

  /** Revokes the key: the store finder answers it 401 from then on. */
  async revoke(projectId: string, keyId: string, options?: CallOptions): Promise<void> {
    await this.http.send('DELETE', `${this.collection(projectId)}/${encodeURIComponent(keyId)}`, options);
  }
}
