import type { Repositories } from '../../adapters/db/repositories/index.js';
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
  async documentFinished(tx: Repositories, doc: FinishedDocument): Promise<void> {
    const jobId = await tx.jobs.jobOf(doc.orgId, doc.documentId);
    if (jobId === null) {
      await this.dashboardEvent(tx, doc);
      return;
    }
    const change = await this.recompute(tx, doc.orgId, jobId);
    if (!change) return;
    const data = (code: string | null): JobEventData => ({
      job_id: change.jobId,
      entity_id: doc.documentId,
      decision_id: doc.readingId,
      status: doc.status,
      code,
      state_version: change.stateVersion,
    });
    const names: JobEventName[] = ['job.finished'];
    if (doc.outcome.status !== 'pending') names.push(...EVENTS_BY_FINISH[doc.outcome.status]);
    for (const name of names) {
      await this.outbox.emitJobEvent(tx, doc.orgId, name, data(name === 'review.required' ? REVIEW_FIELDS_CODE : doc.outcome.code));
    }
    await this.jobLevelEvents(tx, doc.orgId, change, data, names);
  }

  /** A person's approve or reject of a job's input. */
  async documentReviewed(tx: Repositories, doc: ReviewedDocument): Promise<void> {
    const jobId = await tx.jobs.jobOf(doc.orgId, doc.documentId);
    if (jobId === null) return;
    const change = await this.recompute(tx, doc.orgId, jobId);
    if (!change) return;
    const data = (code: string | null): JobEventData => ({
      job_id: change.jobId,
      entity_id: doc.documentId,
      decision_id: doc.reviewId,
      status: doc.status,
      code,
      state_version: change.stateVersion,
    });
    await this.outbox.emitJobEvent(tx, doc.orgId, 'job.reviewed', data(null));
    await this.jobLevelEvents(tx, doc.orgId, change, data, ['job.reviewed']);
  }

  /** A rescan or reevaluate puts a job's input back to processing: the job follows (no event yet;
   * the new reading's finish sends them). A completed job stays completed. */
  async documentRestarted(tx: Repositories, orgId: string, documentId: string): Promise<void> {
    const jobId = await tx.jobs.jobOf(orgId, documentId);
    if (jobId !== null) await this.recompute(tx, orgId, jobId);
  }

  /** A deleted document leaves its job, which is judged again without it (no event: nothing was decided). */
  async documentRemoved(tx: Repositories, orgId: string, documentId: string): Promise<void> {
    const jobId = await tx.jobs.jobOf(orgId, documentId);
    if (jobId === null) return;
    await tx.jobs.removeInput(orgId, documentId);
    await this.recompute(tx, orgId, jobId);
  }

  /** Completion, and a contradiction between documents that appeared with this change. */
  private async jobLevelEvents(
    tx: Repositories,
    orgId: string,
    change: Change,
    data: (code: string | null) => JobEventData,
    sent: JobEventName[],
  ): Promise<void> {
    if (change.completedNow) await this.outbox.emitJobEvent(tx, orgId, 'job.completed', data(null));
    if (change.contradictionsNow) {
      if (!sent.includes('job.action_required')) await this.outbox.emitJobEvent(tx, orgId, 'job.action_required', data(CROSS_CHECK_CODE));
      await this.outbox.emitJobEvent(tx, orgId, 'review.required', data(CROSS_CHECK_CODE));
    }
  }

  /** Bumps state_version (locking the job row) and stores the job's status, decision and reasons. */
  async recompute(tx: Repositories, orgId: string, jobId: string): Promise<Change | null> {
    const now = new Date().toISOString();
    const bumped = await tx.jobs.bumpState(orgId, jobId, now);
    if (!bumped) return null;
    const rows = await tx.jobs.caseDocuments(orgId, jobId);
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
    await tx.jobs.storeState(orgId, jobId, {
      status,
      decision,
      review_reasons: JSON.stringify(contradictions),
      ...(status === 'completed' && bumped.status !== 'completed' ? { completed_at: now } : {}),
    });
    const before = (JSON.parse(bumped.review_reasons) as Contradiction[]).map(reasonKey);
    return {
      jobId,
      stateVersion: Number(bumped.state_version),
      completedNow: status === 'completed' && bumped.status !== 'completed',
      contradictionsNow: contradictions.some((c) => !before.includes(reasonKey(c))),
    };
  }

  private async dashboardEvent(tx: Repositories, doc: FinishedDocument): Promise<void> {
    const row = await tx.documents.findSummary(doc.orgId, doc.documentId);
    if (!row || (row.source !== 'upload' && row.source !== 'batch')) return;
    await this.outbox.emitDashboardEvent(tx, doc.orgId, {
      document_id: doc.documentId,
      status: doc.status,
      doc_type: row.doc_type === 'unknown' ? null : row.doc_type,
      outcome_status: doc.outcome.status,
      code: doc.outcome.code,
      reading_id: doc.readingId,
    });
  }
}

const reasonKey = (c: Contradiction) =>
  `${c.field}:${c.documents
    .map((d) => `${d.document_id}=${d.value}`)
    .sort()
    .join('|')}`;
