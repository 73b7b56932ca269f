import type { Kysely } from 'kysely';
import type { Database, DocumentFactsTable } from '../schema.js';

export type Fact = Pick<DocumentFactsTable, 'kind' | 'fact_key' | 'amount'>;

/** Facts kept from documents' current readings, for comparisons within one organisation. */
export class DocumentFactsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The document's facts become `facts` (none when empty). */
  async replace(orgId: string, documentId: string, facts: Fact[], at: string): Promise<void> {
    await this.db.deleteFrom('document_facts').where('document_id', '=', documentId).where('org_id', '=', orgId).execute();
    if (facts.length) {
      await this.db
        .insertInto('document_facts')
        .values(facts.map((f) => ({ ...f, document_id: documentId, org_id: orgId, created_at: at })))
        .execute();
    }
  }

  /** The oldest other document with this fact whose amount is unknown or equal to `amount` (any
   * amount when `amount` is null). */
  async findOther(orgId: string, exceptDocumentId: string, kind: string, factKey: string, amount: number | null): Promise<string | null> {
    let q = this.db
      .selectFrom('document_facts')
      .select('document_id')
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where('fact_key', '=', factKey)
      .where('document_id', '!=', exceptDocumentId);
    if (amount !== null) q = q.where((eb) => eb.or([eb('amount', 'is', null), eb('amount', '=', amount)]));
    const row = await q.orderBy('created_at').limit(1).executeTakeFirst();
    return row?.document_id ?? null;
  }
}
