import type { Kysely } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../schema.js';

export type EndpointKind = 'v2' | 'dashboard';

/** Webhook endpoints (v2 ones and the dashboard row); every query is bound to the organisation.
 * A deleted endpoint keeps its row with deleted_at set. */
export class WebhookEndpointsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countLive(orgId: string, kind: EndpointKind): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(endpoint: WebhookEndpointsTable): Promise<void> {
    await this.db.insertInto('webhook_endpoints').values(endpoint).execute();
  }

  /** Inserts unless a row with its id exists. */
  async insertIfMissing(endpoint: WebhookEndpointsTable): Promise<void> {
    await this.db
      .insertInto('webhook_endpoints')
      .values(endpoint)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async listLive(orgId: string, kind: EndpointKind): Promise<WebhookEndpointsTable[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .execute();
  }

  async findLive(orgId: string, kind: EndpointKind, id: string): Promise<WebhookEndpointsTable | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async get(orgId: string, id: string): Promise<WebhookEndpointsTable> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  }

  /** Live endpoints of this kind that have a URL: the ones events are delivered to. */
  async listReceiving(orgId: string, kind: EndpointKind) {
    return this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'events'])
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .where('url', 'is not', null)
      .execute();
  }

  async hasReceiving(orgId: string, kind: EndpointKind): Promise<boolean> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .where('url', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markDeleted(orgId: string, id: string, at: string): Promise<void> {
    await this.db.updateTable('webhook_endpoints').set({ deleted_at: at, updated_at: at }).where('id', '=', id).where('org_id', '=', orgId).execute();
  }

  /** Stores the rotated secrets only if the secret is still `currentSecret`; returns whether it was. */
  async rotate(
    orgId: string,
    id: string,
    currentSecret: string,
    change: Pick<WebhookEndpointsTable, 'secret_enc' | 'previous_secret_enc' | 'previous_expires_at' | 'updated_at'>,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('webhook_endpoints')
      .set(change)
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('secret_enc', '=', currentSecret)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async setUrl(orgId: string, id: string, url: string | null, at: string): Promise<void> {
    await this.db.updateTable('webhook_endpoints').set({ url, updated_at: at }).where('id', '=', id).where('org_id', '=', orgId).execute();
  }
}
