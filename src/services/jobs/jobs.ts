import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, JobsTable } from '../../adapters/db/schema.js';
import type { JobDecision, JobStatus } from '../../domain/events.js';
import type { DocumentStatus } from '../../domain/statuses.js';
import { AppError } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import type { Outcome } from '../../domain/result.js';
import type { Principal } from '../accounts.js';
import { formatTimestamp, type DocumentView } from '../document-view.js';
import type { DocumentsService, UploadInput } from '../documents.js';
import type { JobEvents } from './job-events.js';
import type { Contradiction } from './cross-check.js';
import { inputDecision } from './job-state.js';

/** Inputs per job: a case is a handful of documents, and every finish re-reads them all. */
export const MAX_JOB_INPUTS = 50;

export interface CreateJobBody {
  reference?: string | null | undefined;
  expected_types?: string[] | undefined;
  metadata?: Record<string, string | number | boolean | null> | undefined;
}

export interface JobView {
  id: string;
  reference: string | null;
  status: JobStatus;
  decision: JobDecision;
  expected_types: string[];
  metadata: Record<string, unknown>;
  state_version: number;
  review_reasons: Contradiction[];
  inputs: Array<{ document_id: string; name: string; doc_type: string | null; status: DocumentStatus; decision: JobDecision; code: string | null; added_at: string }>;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface JobsOptions {
  idempotencyHours: number;
}

/** Canonical JSON (sorted keys): the same body written in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Jobs group documents about one person or case; see README "Jobs". */
export class JobsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DocumentsService,
    private readonly events: JobEvents,
    private readonly opts: JobsOptions,
  ) {}

  /** Creates a job. With an Idempotency-Key, the key and the request are recorded in the job's
   * transaction: the same key and body replay the first answer, another body answers 409, and
   * concurrent requests with one key make one job (the key's row is the lock). Keys expire after
   * IDEMPOTENCY_KEY_HOURS (24 h at least). */
  async create(principal: Principal, body: CreateJobBody, idempotencyKey: string | undefined): Promise<{ replayed: boolean; status: 201; body: JobView }> {
    const requestHash = createHash('sha256').update(canonical(body)).digest('hex');
    // The organisation's expired keys go first, in their own statement (no locks held into the
    // job's transaction), so the table keeps about a day of keys.
    if (idempotencyKey !== undefined) await this.db.deleteFrom('idempotency_keys').where('org_id', '=', principal.orgId).where('expires_at', '<', new Date().toISOString()).execute();
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const at = now.toISOString();
      if (idempotencyKey !== undefined) {
        await trx.deleteFrom('idempotency_keys').where('org_id', '=', principal.orgId).where('key', '=', idempotencyKey).where('expires_at', '<', at).execute();
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({ org_id: principal.orgId, key: idempotencyKey, request_hash: requestHash, status_code: 0, response: '', created_at: at, expires_at: new Date(now.getTime() + this.opts.idempotencyHours * 3600_000).toISOString() })
          .onConflict((oc) => oc.columns(['org_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!claimed) {
          const first = await trx.selectFrom('idempotency_keys').selectAll().where('org_id', '=', principal.orgId).where('key', '=', idempotencyKey).executeTakeFirstOrThrow();
          if (first.request_hash !== requestHash) throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request; use a new key.');
          return { replayed: true, status: 201 as const, body: JSON.parse(first.response) as JobView };
        }
      }
      const job: JobsTable = {
        id: newId('job'),
        org_id: principal.orgId,
        reference: body.reference ?? null,
        expected_types: JSON.stringify([...new Set(body.expected_types ?? [])]),
        metadata: JSON.stringify(body.metadata ?? {}),
        status: 'open',
        decision: 'pending',
        review_reasons: '[]',
        state_version: 1,
        created_at: at,
        updated_at: at,
        completed_at: null,
      };
      await trx.insertInto('jobs').values(job).execute();
      const view = present(job, []);
      if (idempotencyKey !== undefined) {
        await trx.updateTable('idempotency_keys').set({ status_code: 201, response: JSON.stringify(view) }).where('org_id', '=', principal.orgId).where('key', '=', idempotencyKey).execute();
      }
      return { replayed: false, status: 201 as const, body: view };
    });
  }

  private async requireJob(exec: Kysely<Database>, orgId: string, id: string): Promise<JobsTable> {
    const job = await exec.selectFrom('jobs').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
    if (!job) throw new AppError('not_found', 'No job with this id.');
    return job;
  }

  /** Checked before a file is read from the request: an unknown or completed job refuses at once. */
  async requireOpen(principal: Principal, id: string): Promise<void> {
    const job = await this.requireJob(this.db, principal.orgId, id);
    if (job.status === 'completed') throw completed();
  }

  async get(principal: Principal, id: string): Promise<JobView> {
    const job = await this.requireJob(this.db, principal.orgId, id);
    return present(job, await this.inputs(this.db, principal.orgId, [id]));
  }

  async list(principal: Principal, query: { status?: string | undefined; reference?: string | undefined; page: number; page_size: number }) {
    let base = this.db.selectFrom('jobs').where('org_id', '=', principal.orgId);
    if (query.status) base = base.where('status', '=', query.status);
    if (query.reference) base = base.where('reference', '=', query.reference);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.page_size).offset((query.page - 1) * query.page_size).execute();
    const inputs = await this.inputs(this.db, principal.orgId, rows.map((r) => r.id));
    return { items: rows.map((r) => present(r, inputs.filter((i) => i.job_id === r.id))), page: query.page, page_size: query.page_size, total: Number(total.n) };
  }

  /** Adds a file to the job. The document, its job membership and the job's new state are one
   * transaction: a completed job refuses (409 job_completed) and nothing is stored. A cached
   * upload is finished at once, so its finish events are written right there. */
  async addInput(principal: Principal, jobId: string, input: UploadInput): Promise<DocumentView> {
    await this.requireOpen(principal, jobId);
    return this.documents.upload(principal, { ...input, source: 'job' }, async (trx: Transaction<Database>, doc, reading) => {
      const locked = await trx
        .updateTable('jobs')
        .set({ updated_at: doc.uploaded_at })
        .where('id', '=', jobId)
        .where('org_id', '=', principal.orgId)
        .where('status', '!=', 'completed')
        .returning('id')
        .executeTakeFirst();
      if (!locked) throw completed();
      const count = await trx.selectFrom('job_inputs').select((eb) => eb.fn.countAll<number>().as('n')).where('job_id', '=', jobId).where('org_id', '=', principal.orgId).executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_JOB_INPUTS) throw new AppError('validation_error', `A job holds at most ${MAX_JOB_INPUTS} documents.`);
      await trx.insertInto('job_inputs').values({ document_id: doc.id, job_id: jobId, org_id: principal.orgId, added_at: doc.uploaded_at }).execute();
      if (doc.status === 'processing') await this.events.recompute(trx, principal.orgId, jobId);
      else await this.events.documentFinished(trx, { orgId: principal.orgId, documentId: doc.id, readingId: reading.id, status: doc.status, outcome: JSON.parse(doc.outcome) as Outcome });
    });
  }

  private async inputs(exec: Kysely<Database>, orgId: string, jobIds: string[]) {
    if (jobIds.length === 0) return [];
    const rows = await exec
      .selectFrom('job_inputs as i')
      .innerJoin('documents as d', 'd.id', 'i.document_id')
      .select(['i.job_id', 'i.added_at', 'd.id', 'd.name', 'd.doc_type', 'd.status', 'd.outcome'])
      .where('i.org_id', '=', orgId)
      .where('d.org_id', '=', orgId)
      .where('i.job_id', 'in', jobIds)
      .orderBy('i.added_at')
      .orderBy('d.id')
      .execute();
    return rows.map((r) => {
      const outcome = JSON.parse(r.outcome) as Outcome;
      return {
        job_id: r.job_id,
        document_id: r.id,
        name: r.name,
        doc_type: r.doc_type === 'unknown' ? null : r.doc_type,
        status: r.status as DocumentStatus,
        decision: inputDecision({ status: r.status, outcome_status: outcome.status }),
        code: outcome.code,
        added_at: formatTimestamp(r.added_at),
      };
    });
  }
}

const completed = () => new AppError('job_completed', 'The job is completed; it takes no more documents. Create a new job.');

function present(job: JobsTable, inputs: Array<JobView['inputs'][number] & { job_id?: string }>): JobView {
  return {
    id: job.id,
    reference: job.reference,
    status: job.status as JobStatus,
    decision: job.decision as JobDecision,
    expected_types: JSON.parse(job.expected_types) as string[],
    metadata: JSON.parse(job.metadata) as Record<string, unknown>,
    state_version: Number(job.state_version),
    review_reasons: JSON.parse(job.review_reasons) as Contradiction[],
    inputs: inputs.map(({ job_id: _job, ...rest }) => rest),
    created_at: formatTimestamp(job.created_at),
    updated_at: formatTimestamp(job.updated_at),
    completed_at: job.completed_at ? formatTimestamp(job.completed_at) : null,
  };
}
