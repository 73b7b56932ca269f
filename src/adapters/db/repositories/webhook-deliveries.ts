import type { Kysely } from 'kysely';
import type { Database, EventsTable, WebhookAttemptsTable, WebhookDeliveriesTable } from '../schema.js';

/** The outbox's events, their deliveries to endpoints and each delivery's attempts; every query
 * is bound to the organisation. */
export class WebhookDeliveriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertEvent(event: EventsTable): Promise<void> {
    await this.db.insertInto('events').values(event).execute();
  }

  async insert(delivery: WebhookDeliveriesTable): Promise<void> {
    await this.db.insertInto('webhook_deliveries').values(delivery).execute();
  }

  async exists(orgId: string, endpointId: string, id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A delivery with its endpoint and event: everything one attempt sends. */
  async findForAttempt(orgId: string, id: string) {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .innerJoin('events as v', 'v.id', 'd.event_id')
      .select([
        'd.id',
        'd.status',
        'd.attempts',
        'd.endpoint_id',
        'e.kind',
        'e.url',
        'e.secret_enc',
        'e.previous_secret_enc',
        'e.previous_expires_at',
        'e.deleted_at',
        'v.id as event_id',
        'v.event',
        'v.body',
      ])
      .where('d.id', '=', id)
      .where('d.org_id', '=', orgId)
      .executeTakeFirst();
  }

  async insertAttempt(attempt: WebhookAttemptsTable): Promise<void> {
    await this.db.insertInto('webhook_attempts').values(attempt).execute();
  }

  async markDelivered(orgId: string, id: string, at: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered', next_attempt_at: null, updated_at: at })
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .execute();
  }

  /** Records a scheduled attempt only if the delivery is still pending after `attemptsBefore`
   * attempts; returns whether it was (another worker may have recorded it first). */
  async recordScheduled(
    orgId: string,
    id: string,
    attemptsBefore: number,
    change: Pick<WebhookDeliveriesTable, 'attempts' | 'status' | 'next_attempt_at' | 'updated_at'>,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('webhook_deliveries')
      .set(change)
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('attempts', '=', attemptsBefore)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The endpoint's newest deliveries with their events. */
  async recent(orgId: string, endpointId: string, limit: number) {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('events as v', 'v.id', 'd.event_id')
      .select(['d.id', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.created_at', 'v.id as event_id', 'v.event'])
      .where('d.org_id', '=', orgId)
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id')
      .limit(limit)
      .execute();
  }

  async attemptsOf(orgId: string, deliveryIds: string[]): Promise<WebhookAttemptsTable[]> {
    if (deliveryIds.length === 0) return [];
    return this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('started_at')
      .execute();
  }
}
