import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/schema.js';
import { CROSS_CHECK_CODE, EVENTS_BY_FINISH, REVIEW_FIELDS_CODE, type JobEventName } from '../../domain/events.js';
import type { Outcome, Result } from '../../domain/result.js';
import type { EventOutbox, JobEventData } from '../webhooks/outbox.js';
import { crossCheck, type CaseDocument, type Contradiction } from './cross-check.js';
import { jobState } from './job-state.js';

export interface FinishedDocument {
  orgId: string;
  documentId: string;
  /** The reading that finished: the event's decision_id. */
  readingId: string;
  status: string;
  outcome: Outcome;
}

export interface ReviewedDocument {
  orgId: string;
  documentId: string;
  reviewId: string;
  status: string;
}

interface Change {
  jobId: string;
  stateVersion: number;
  completedNow: boolean;
  contradictionsNow: boolean;
}

/** Keeps a job's state and writes its events, inside the transaction of the change that causes
 * them (a document's finish, a person's decision, an input added). The job row is updated first:
 * on PostgreSQL that locks it, so two inputs finishing at once are judged one after the other and
 * the second sees the first's committed status. */
export class JobEvents {
  constructor(private readonly outbox: EventOutbox) {}

  /** A machine finish: job events for a job's input, the dashboard event for a /v1 upload. */
  async documentFinished(trx: Kysely<Database>, doc: FinishedDocument): Promise<void> {
    const input = await trx.selectFrom('job_inputs').select('job_id').where('document_id', '=', doc.documentId).where('org_id', '=', doc.orgId).executeTakeFirst();
    if (!input) {
      await this.dashboardEvent(trx, doc);
      return;
    }
    const change = await this.recompute(trx, doc.orgId, input.job_id);
    if (!change) return;
    const data = (code: string | null): JobEventData => ({ job_id: change.jobId, entity_id: doc.documentId, decision_id: doc.readingId, status: doc.status, code, state_version: change.stateVersion });
    const names: JobEventName[] = ['job.finished'];
    if (doc.outcome.status !== 'pending') names.push(...EVENTS_BY_FINISH[doc.outcome.status]);
    for (const name of names) {
      await this.outbox.emitJobEvent(trx, doc.orgId, name, data(name === 'review.required' ? REVIEW_FIELDS_CODE : doc.outcome.code));
    }
    await this.jobLevelEvents(trx, doc.orgId, change, data, names);
  }

  /** A person's approve or reject of a job's input. */
  async documentReviewed(trx: Kysely<Database>, doc: ReviewedDocument): Promise<void> {
    const input = await trx.selectFrom('job_inputs').select('job_id').where('document_id', '=', doc.documentId).where('org_id', '=', doc.orgId).executeTakeFirst();
    if (!input) return;
    const change = await this.recompute(trx, doc.orgId, input.job_id);
    if (!change) return;
    const data = (code: string | null): JobEventData => ({ job_id: change.jobId, entity_id: doc.documentId, decision_id: doc.reviewId, status: doc.status, code, state_version: change.stateVersion });
    await this.outbox.emitJobEvent(trx, doc.orgId, 'job.reviewed', data(null));
    await this.jobLevelEvents(trx, doc.orgId, change, data, ['job.reviewed']);
  }

  /** A rescan or reevaluate puts a job's input back to processing: the job follows (no event yet;
   * the new reading's finish sends them). A completed job stays completed. */
  async documentRestarted(trx: Kysely<Database>, orgId: string, documentId: string): Promise<void> {
    const input = await trx.selectFrom('job_inputs').select('job_id').where('document_id', '=', documentId).where('org_id', '=', orgId).executeTakeFirst();
    if (input) await this.recompute(trx, orgId, input.job_id);
  }

  /** A deleted document leaves its job, which is judged again without it (no event: nothing was decided). */
  async documentRemoved(trx: Kysely<Database>, orgId: string, documentId: string): Promise<void> {
    const input = await trx.selectFrom('job_inputs').select('job_id').where('document_id', '=', documentId).where('org_id', '=', orgId).executeTakeFirst();
    if (!input) return;
    await trx.deleteFrom('job_inputs').where('document_id', '=', documentId).where('org_id', '=', orgId).execute();
    await this.recompute(trx, orgId, input.job_id);
  }

  /** Completion, and a contradiction between documents that appeared with this change. */
  private async jobLevelEvents(trx: Kysely<Database>, orgId: string, change: Change, data: (code: string | null) => JobEventData, sent: JobEventName[]): Promise<void> {
    if (change.completedNow) await this.outbox.emitJobEvent(trx, orgId, 'job.completed', data(null));
    if (change.contradictionsNow) {
      if (!sent.includes('job.action_required')) await this.outbox.emitJobEvent(trx, orgId, 'job.action_required', data(CROSS_CHECK_CODE));
      await this.outbox.emitJobEvent(trx, orgId, 'review.required', data(CROSS_CHECK_CODE));
    }
  }

  /** Bumps state_version (locking the job row) and stores the job's status, decision and reasons. */
  async recompute(trx: Kysely<Database>, orgId: string, jobId: string): Promise<Change | null> {
    const now = new Date().toISOString();
    const bumped = await trx
      .updateTable('jobs')
      .set((eb) => ({ state_version: eb('state_version', '+', 1), updated_at: now }))
      .where('id', '=', jobId)
      .where('org_id', '=', orgId)
      .returning(['state_version', 'status', 'expected_types', 'review_reasons'])
      .executeTakeFirst();
    if (!bumped) return null;
    const rows = await trx
      .selectFrom('job_inputs as i')
      .innerJoin('documents as d', 'd.id', 'i.document_id')
      .leftJoin('readings as r', 'r.id', 'd.current_reading_id')
      .select(['d.id', 'd.doc_type', 'd.status', 'd.outcome', 'd.review_result', 'r.result'])
      .where('i.job_id', '=', jobId)
      .where('i.org_id', '=', orgId)
      .where('d.org_id', '=', orgId)
      .execute();
    const docs: CaseDocument[] = rows
      .filter((r) => r.status !== 'processing' && r.status !== 'rejected')
      .map((r) => {
        const json = r.review_result ?? r.result;
        return { document_id: r.id, doc_type: r.doc_type, values: json ? ((JSON.parse(json) as Result).values ?? {}) : {} };
      });
    const contradictions: Contradiction[] = crossCheck(docs);
    const state = jobState(
      rows.map((r) => ({ doc_type: r.doc_type, status: r.status, outcome_status: (JSON.parse(r.outcome) as Outcome).status })),
      JSON.parse(bumped.expected_types) as string[],
      contradictions.length,
    );
    // Completed is final: a later redecide or rescan of an input does not reopen the case.
    const status = bumped.status === 'completed' ? 'completed' : state.status;
    const decision = bumped.status === 'completed' ? 'verified' : state.decision;
    await trx
      .updateTable('jobs')
      .set({ status, decision, review_reasons: JSON.stringify(contradictions), ...(status === 'completed' && bumped.status !== 'completed' ? { completed_at: now } : {}) })
      .where('id', '=', jobId)
      .where('org_id', '=', orgId)
      .execute();
    const before = (JSON.parse(bumped.review_reasons) as Contradiction[]).map(reasonKey);
    return {
      jobId,
      stateVersion: Number(bumped.state_version),
      completedNow: status === 'completed' && bumped.status !== 'completed',
      contradictionsNow: contradictions.some((c) => !before.includes(reasonKey(c))),
    };
  }

  private async dashboardEvent(trx: Kysely<Database>, doc: FinishedDocument): Promise<void> {
    const row = await trx.selectFrom('documents').select(['source', 'doc_type', 'name']).where('id', '=', doc.documentId).where('org_id', '=', doc.orgId).executeTakeFirst();
    if (!row || (row.source !== 'upload' && row.source !== 'batch')) return;
    await this.outbox.emitDashboardEvent(trx, doc.orgId, {
      document_id: doc.documentId,
      status: doc.status,
      doc_type: row.doc_type === 'unknown' ? null : row.doc_type,
      outcome_status: doc.outcome.status,
      code: doc.outcome.code,
      reading_id: doc.readingId,
    });
  }
}

const reasonKey = (c: Contradiction) => `${c.field}:${c.documents.map((d) => `${d.document_id}=${d.value}`).sort().join('|')}`;
