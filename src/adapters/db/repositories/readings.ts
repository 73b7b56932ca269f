import type { Kysely } from 'kysely';
import type { Database, ReadingsTable } from '../schema.js';
import { insertRow } from '../statement-template.js';

/** Readings of documents; every query is bound to the organisation. */
export class ReadingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** On the upload path: from a template (see statement-template.ts). */
  async insert(reading: ReadingsTable): Promise<void> {
    await this.db.executeQuery(insertRow(this.db, 'readings', reading));
  }

  async find(orgId: string, id: string): Promise<ReadingsTable | undefined> {
    return this.db.selectFrom('readings').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  }

  async listForDocument(orgId: string, documentId: string): Promise<ReadingsTable[]> {
    return this.db.selectFrom('readings').selectAll().where('document_id', '=', documentId).where('org_id', '=', orgId).orderBy('number').execute();
  }

  /** The document's readings without their results, oldest first. */
  async summariesForDocument(orgId: string, documentId: string) {
    return this.db
      .selectFrom('readings')
      .select(['id', 'number', 'trigger', 'status', 'started_at', 'finished_at', 'cached_from_reading', 'outcome'])
      .where('document_id', '=', documentId)
      .where('org_id', '=', orgId)
      .orderBy('number')
      .execute();
  }

  async hasActive(orgId: string, documentId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('readings')
      .select('id')
      .where('document_id', '=', documentId)
      .where('org_id', '=', orgId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The number the document's next reading takes. */
  async nextNumber(orgId: string, documentId: string): Promise<number> {
    const last = await this.db
      .selectFrom('readings')
      .select((eb) => eb.fn.max<number>('number').as('n'))
      .where('document_id', '=', documentId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return Number(last?.n ?? 0) + 1;
  }

  async markRunning(orgId: string, id: string): Promise<void> {
    await this.db.updateTable('readings').set({ status: 'running' }).where('id', '=', id).where('org_id', '=', orgId).execute();
  }

  /** Records the result unless the reading is done already; returns whether it was recorded. */
  async finish(orgId: string, id: string, done: Pick<ReadingsTable, 'outcome' | 'result' | 'raw' | 'finished_at'>): Promise<boolean> {
    const res = await this.db
      .updateTable('readings')
      .set({ status: 'done', ...done })
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('status', '!=', 'done')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
