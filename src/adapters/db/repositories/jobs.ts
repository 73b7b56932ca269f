import type { Kysely } from 'kysely';
import type { Database, JobInputsTable, JobsTable } from '../schema.js';

/** Jobs and their inputs; every query is bound to the organisation. */
export class JobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(job: JobsTable): Promise<void> {
    await this.db.insertInto('jobs').values(job).execute();
  }

  async find(orgId: string, id: string): Promise<JobsTable | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  }

  /** One page of the organisation's jobs, newest first, and the total matching the filter. */
  async page(
    orgId: string,
    filter: { status?: string | undefined; reference?: string | undefined },
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: JobsTable[] }> {
    let base = this.db.selectFrom('jobs').where('org_id', '=', orgId);
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.reference) base = base.where('reference', '=', filter.reference);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(total.n), rows };
  }

  /** The inputs of these jobs with their documents' standing, in the order they were added. */
  async inputsOf(orgId: string, jobIds: string[]) {
    return this.db
      .selectFrom('job_inputs as i')
      .innerJoin('documents as d', 'd.id', 'i.document_id')
      .select(['i.job_id', 'i.added_at', 'd.id', 'd.name', 'd.doc_type', 'd.status', 'd.outcome'])
      .where('i.org_id', '=', orgId)
      .where('d.org_id', '=', orgId)
      .where('i.job_id', 'in', jobIds)
      .orderBy('i.added_at')
      .orderBy('d.id')
      .execute();
  }

  /** Touches a job that is not completed (on PostgreSQL this locks its row); returns whether there was one. */
  async touchUnlessCompleted(orgId: string, id: string, at: string): Promise<boolean> {
    const row = await this.db
      .updateTable('jobs')
      .set({ updated_at: at })
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('status', '!=', 'completed')
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async countInputs(orgId: string, jobId: string): Promise<number> {
    const row = await this.db
      .selectFrom('job_inputs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', jobId)
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async addInput(input: JobInputsTable): Promise<void> {
    await this.db.insertInto('job_inputs').values(input).execute();
  }

  /** The job the document is an input of, if any. */
  async jobOf(orgId: string, documentId: string): Promise<string | null> {
    const row = await this.db.selectFrom('job_inputs').select('job_id').where('document_id', '=', documentId).where('org_id', '=', orgId).executeTakeFirst();
    return row?.job_id ?? null;
  }

  async removeInput(orgId: string, documentId: string): Promise<void> {
    await this.db.deleteFrom('job_inputs').where('document_id', '=', documentId).where('org_id', '=', orgId).execute();
  }

  /** Bumps state_version (locking the job row) and returns the job's state before this change. */
  async bumpState(orgId: string, id: string, at: string) {
    return this.db
      .updateTable('jobs')
      .set((eb) => ({ state_version: eb('state_version', '+', 1), updated_at: at }))
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .returning(['state_version', 'status', 'expected_types', 'review_reasons'])
      .executeTakeFirst();
  }

  /** The job's input documents with the result a cross-check compares (a person's over the machine's). */
  async caseDocuments(orgId: string, jobId: string) {
    return this.db
      .selectFrom('job_inputs as i')
      .innerJoin('documents as d', 'd.id', 'i.document_id')
      .leftJoin('readings as r', 'r.id', 'd.current_reading_id')
      .select(['d.id', 'd.doc_type', 'd.status', 'd.outcome', 'd.review_result', 'r.result'])
      .where('i.job_id', '=', jobId)
      .where('i.org_id', '=', orgId)
      .where('d.org_id', '=', orgId)
      .execute();
  }

  async storeState(
    orgId: string,
    id: string,
    state: Pick<JobsTable, 'status' | 'decision' | 'review_reasons'> & Partial<Pick<JobsTable, 'completed_at'>>,
  ): Promise<void> {
    await this.db.updateTable('jobs').set(state).where('id', '=', id).where('org_id', '=', orgId).execute();
  }
}
