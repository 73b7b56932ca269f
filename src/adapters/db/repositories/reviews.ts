import type { Kysely } from 'kysely';
import type { Database, ReviewsTable } from '../schema.js';

/** People's approvals and rejections of documents. */
export class ReviewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(review: ReviewsTable): Promise<void> {
    await this.db.insertInto('reviews').values(review).execute();
  }

  async listForDocument(orgId: string, documentId: string): Promise<ReviewsTable[]> {
    return this.db.selectFrom('reviews').selectAll().where('document_id', '=', documentId).where('org_id', '=', orgId).orderBy('created_at').execute();
  }
}
