import { createHash } from 'node:crypto';
import type { Repositories } from '../../adapters/db/repositories/index.js';
import type { JobsTable } from '../../adapters/db/schema.js';
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
  inputs: Array<{
    document_id: string;
    name: string;
    doc_type: string | null;
    status: DocumentStatus;
    decision: JobDecision;
    code: string | null;
    added_at: string;
  }>;
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
    private readonly repos: Repositories,
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
    if (idempotencyKey !== undefined) await this.repos.idempotencyKeys.deleteExpired(principal.orgId, new Date().toISOString());
    return this.repos.transaction(async (tx) => {
      const now = new Date();
      const at = now.toISOString();
      if (idempotencyKey !== undefined) {
        await tx.idempotencyKeys.deleteIfExpired(principal.orgId, idempotencyKey, at);
        const claimed = await tx.idempotencyKeys.claim({
          org_id: principal.orgId,
          key: idempotencyKey,
          request_hash: requestHash,
          status_code: 0,
          response: '',
          created_at: at,
          expires_at: new Date(now.getTime() + this.opts.idempotencyHours * 3600_000).toISOString(),
        });
        if (!claimed) {
          const first = await tx.idempotencyKeys.get(principal.orgId, idempotencyKey);
          if (first.request_hash !== requestHash)
            throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request; use a new key.');
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
      await tx.jobs.insert(job);
      const view = present(job, []);
      if (idempotencyKey !== undefined) await tx.idempotencyKeys.storeResponse(principal.orgId, idempotencyKey, 201, JSON.stringify(view));
      return { replayed: false, status: 201 as const, body: view };
    });
  }

  private async requireJob(orgId: string, id: string): Promise<JobsTable> {
    const job = await this.repos.jobs.find(orgId, id);
    if (!job) throw new AppError('not_found', 'No job with this id.');
    return job;
  }

  /** Checked before a file is read from the request: an unknown or completed job refuses at once. */
  async requireOpen(principal: Principal, id: string): Promise<void> {
    const job = await this.requireJob(principal.orgId, id);
    if (job.status === 'completed') throw completed();
  }

  async get(principal: Principal, id: string): Promise<JobView> {
    const job = await this.requireJob(principal.orgId, id);
    return present(job, await this.inputs(principal.orgId, [id]));
  }

  async list(principal: Principal, query: { status?: string | undefined; reference?: string | undefined; page: number; page_size: number }) {
    const { total, rows } = await this.repos.jobs.page(principal.orgId, { status: query.status, reference: query.reference }, query.page, query.page_size);
    const inputs = await this.inputs(
      principal.orgId,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) =>
        present(
          r,
          inputs.filter((i) => i.job_id === r.id),
        ),
      ),
      page: query.page,
      page_size: query.page_size,
      total,
    };
  }

  /** Adds a file to the job. The document, its job membership and the job's new state are one
   * transaction: a completed job refuses (409 job_completed) and nothing is stored. A cached
   * upload is finished at once, so its finish events are written right there. */
  async addInput(principal: Principal, jobId: string, input: UploadInput): Promise<DocumentView> {
    await this.requireOpen(principal, jobId);
    return this.documents.upload(principal, { ...input, source: 'job' }, async (tx, doc, reading) => {
      if (!(await tx.jobs.touchUnlessCompleted(principal.orgId, jobId, doc.uploaded_at))) throw completed();
      if ((await tx.jobs.countInputs(principal.orgId, jobId)) >= MAX_JOB_INPUTS)
        throw new AppError('validation_error', `A job holds at most ${MAX_JOB_INPUTS} documents.`);
      await tx.jobs.addInput({ document_id: doc.id, job_id: jobId, org_id: principal.orgId, added_at: doc.uploaded_at });
      if (doc.status === 'processing') await this.events.recompute(tx, principal.orgId, jobId);
      else
        await this.events.documentFinished(tx, {
          orgId: principal.orgId,
          documentId: doc.id,
          readingId: reading.id,
          status: doc.status,
          outcome: JSON.parse(doc.outcome) as Outcome,
        });
    });
  }

  private async inputs(orgId: string, jobIds: string[]) {
    if (jobIds.length === 0) return [];
    const rows = await this.repos.jobs.inputsOf(orgId, jobIds);
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
