import type { Repositories } from '../adapters/db/repositories/index.js';
import type { DocumentsTable, ReadingsTable } from '../adapters/db/schema.js';
import { withPublishedContact } from '../doctypes/cv/contact.js';
import type { Cv } from '../doctypes/cv/model.js';
import { AppError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { FieldValue, Result } from '../domain/result.js';
import { decide } from '../verification/decide.js';
import { approve, ApprovalIncomplete, reject, type Reviewer } from '../verification/review.js';
import { loadDecisionInput } from '../verification/stored-input.js';
import type { Principal } from './accounts.js';
import { formatTimestamp } from './document-view.js';
import type { DocumentsService } from './documents.js';
import type { PoliciesService } from './policies.js';
import type { JobEvents } from './jobs/job-events.js';

/** Document statuses a person resolves; every other status answers 409. */
export const NEEDS_A_PERSON = new Set(['review', 'flagged']);

export interface HistoryEvent {
  at: string;
  type: 'uploaded' | 'reading' | 'reviewed';
  actor: string | null;
  detail: Record<string, unknown>;
}

const now = () => new Date().toISOString();

/** A person's approve or reject, deciding again under a changed policy, and the document's history. */
export class ReviewsService {
  constructor(
    private readonly repos: Repositories,
    private readonly documents: DocumentsService,
    private readonly policies: PoliciesService,
    /** Job state and webhook events of a job's input, written in the decision's transaction. */
    private readonly events?: JobEvents,
  ) {}

  private async load(orgId: string, id: string): Promise<{ doc: DocumentsTable; reading: ReadingsTable | null }> {
    const doc = await this.repos.documents.find(orgId, id);
    if (!doc) {
      throw (await this.repos.documents.wasDeleted(orgId, id))
        ? new AppError('document_deleted', 'The document was deleted.')
        : new AppError('not_found', 'No document with this id.');
    }
    if (doc.status === 'processing') throw new AppError('not_finished', 'The document is still being read.');
    const reading = doc.current_reading_id ? ((await this.repos.readings.find(orgId, doc.current_reading_id)) ?? null) : null;
    return { doc, reading };
  }

  private requirePerson(doc: DocumentsTable): void {
    if (!NEEDS_A_PERSON.has(doc.status)) {
      throw new AppError(
        'invalid_state',
        `A document in status ${doc.status} needs no person; only documents in review or flagged can be approved or rejected.`,
      );
    }
  }

  /** Writes a person's resolution if the document is still as it was read; a concurrent one loses with 409. */
  private async resolve(
    principal: Principal,
    doc: DocumentsTable,
    reading: ReadingsTable,
    row: {
      action: 'approve' | 'reject';
      toStatus: string;
      outcome: unknown;
      result: Result;
      corrections: Record<string, FieldValue>;
      machine: unknown;
      note: string | null;
      reviewer: Reviewer;
    },
  ) {
    await this.repos.transaction(async (tx) => {
      const updated = await tx.documents.resolveByPerson(
        principal.orgId,
        doc.id,
        { status: doc.status, readingId: reading.id },
        { status: row.toStatus, outcome: JSON.stringify(row.outcome), review_result: JSON.stringify(row.result), updated_at: row.reviewer.at },
      );
      if (!updated) throw new AppError('invalid_state', 'The document changed while this was being decided; load it again.');
      await tx.reviews.insert({
        id: row.reviewer.reviewId,
        document_id: doc.id,
        org_id: principal.orgId,
        reading_id: reading.id,
        action: row.action,
        from_status: doc.status,
        to_status: row.toStatus,
        corrections: JSON.stringify(row.corrections),
        machine: JSON.stringify(row.machine),
        note: row.note,
        actor: principal.actor,
        created_at: row.reviewer.at,
      });
      await this.events?.documentReviewed(tx, { orgId: principal.orgId, documentId: doc.id, reviewId: row.reviewer.reviewId, status: row.toStatus });
    });
    return this.documents.get(principal, doc.id);
  }

  async approve(principal: Principal, id: string, body: { fields: Record<string, FieldValue>; note: string | null }) {
    const { doc, reading } = await this.load(principal.orgId, id);
    this.requirePerson(doc);
    const input = reading?.raw ? loadDecisionInput(JSON.parse(reading.raw) as Record<string, unknown>) : null;
    if (!reading || !input) throw new AppError('invalid_state', 'This reading has no stored evidence to approve; reevaluate the document first.');
    const reviewer: Reviewer = { reviewId: newId('review'), actor: principal.actor, at: now(), note: body.note };
    const policy = await this.policies.effectiveFor(principal.orgId);
    let approval;
    try {
      approval = approve(input, body.fields, reviewer, policy);
    } catch (err) {
      if (err instanceof ApprovalIncomplete) throw new AppError('validation_error', err.message, { extra: { fields: err.fields } });
      throw err;
    }
    return this.resolve(principal, doc, reading, {
      action: 'approve',
      toStatus: 'verified',
      outcome: approval.outcome,
      result: approval.result,
      corrections: body.fields,
      machine: approval.machine,
      note: body.note,
      reviewer,
    });
  }

  async reject(principal: Principal, id: string, body: { reason: string }) {
    const { doc, reading } = await this.load(principal.orgId, id);
    this.requirePerson(doc);
    if (!reading?.result) throw new AppError('invalid_state', 'The document has no finished reading to reject.');
    const reviewer: Reviewer = { reviewId: newId('review'), actor: principal.actor, at: now(), note: body.reason };
    const { outcome, result } = reject(JSON.parse(reading.result) as Result, body.reason, reviewer);
    return this.resolve(principal, doc, reading, {
      action: 'reject',
      toStatus: 'rejected',
      outcome,
      result,
      corrections: {},
      machine: {},
      note: body.reason,
      reviewer,
    });
  }

  /** Decides the current reading again from its stored evidence under the current policy: a new
   * reading beside the old one, no OCR. A document a person resolved keeps the person's decision. */
  async redecide(principal: Principal, id: string) {
    const { doc, reading } = await this.load(principal.orgId, id);
    if (doc.review_result !== null)
      throw new AppError(
        'invalid_state',
        `A person has ${doc.status === 'rejected' ? 'rejected' : 'approved'} this document; rescan it to have the machine read it again.`,
      );
    const raw = reading?.raw ? (JSON.parse(reading.raw) as Record<string, unknown>) : null;
    const input = loadDecisionInput(raw);
    if (!reading || !input) throw new AppError('invalid_state', 'This reading has no stored evidence to decide again from; reevaluate the document instead.');
    const policy = await this.policies.effectiveFor(principal.orgId);
    const started = performance.now();
    const decision = decide({ ...input, policy });
    decision.result.timings_ms = { ...input.timings, decide: Math.round((performance.now() - started) * 10) / 10 };
    // The CV's structure is read, not decided: it carries over, its contact as the new decision publishes it.
    if (reading.result) {
      const previous = JSON.parse(reading.result) as Result;
      decision.result.cv = previous.cv ? withPublishedContact(previous.cv as unknown as Cv, decision.result) : null;
      decision.result.cv_improved = previous.cv_improved;
    }
    const readingId = newId('reading');
    const at = now();
    const status = decision.result.status;
    await this.repos.transaction(async (tx) => {
      const number = await tx.readings.nextNumber(principal.orgId, id);
      await tx.readings.insert({
        id: readingId,
        document_id: id,
        org_id: principal.orgId,
        number,
        trigger: 'redecide',
        status: 'done',
        outcome: JSON.stringify(decision.outcome),
        result: JSON.stringify(decision.result),
        raw: JSON.stringify({ ...raw, redecided_from: reading.id }),
        started_at: at,
        finished_at: at,
        cached_from_reading: null,
      });
      const updated = await tx.documents.adoptRedecision(principal.orgId, id, reading.id, {
        status,
        outcome: JSON.stringify(decision.outcome),
        current_reading_id: readingId,
        confidence: decision.confidence,
        tamper_score: decision.tamperScore,
        updated_at: at,
      });
      if (!updated) throw new AppError('invalid_state', 'The document changed while this was being decided; load it again.');
      await this.events?.documentFinished(tx, { orgId: principal.orgId, documentId: id, readingId, status, outcome: decision.outcome });
    });
    return { document: await this.documents.get(principal, id), reading_id: readingId, previous_reading_id: reading.id };
  }

  /** What happened to the document, oldest first: upload, each reading, each person's action.
   * Reviews carry what a v2 job.reviewed event needs (who, when, action, corrected fields). */
  async history(principal: Principal, id: string): Promise<{ document_id: string; events: HistoryEvent[] }> {
    const uploadedAt = await this.repos.documents.uploadedAt(principal.orgId, id);
    if (uploadedAt === null) await this.load(principal.orgId, id);
    const readings = await this.repos.readings.listForDocument(principal.orgId, id);
    const reviews = await this.repos.reviews.listForDocument(principal.orgId, id);
    const events: HistoryEvent[] = [{ at: uploadedAt!, type: 'uploaded', actor: null, detail: {} }];
    for (const r of readings) {
      const outcome = r.outcome ? (JSON.parse(r.outcome) as { status: string; code: string | null }) : null;
      events.push({
        at: r.finished_at ?? r.started_at,
        type: 'reading',
        actor: null,
        detail: {
          reading_id: r.id,
          number: r.number,
          trigger: r.trigger,
          status: r.status,
          outcome_status: outcome?.status ?? null,
          outcome_code: outcome?.code ?? null,
        },
      });
    }
    for (const v of reviews) {
      events.push({
        at: v.created_at,
        type: 'reviewed',
        actor: v.actor,
        detail: {
          review_id: v.id,
          action: v.action,
          reading_id: v.reading_id,
          from_status: v.from_status,
          to_status: v.to_status,
          corrections: JSON.parse(v.corrections),
          machine: JSON.parse(v.machine),
          note: v.note,
        },
      });
    }
    events.sort((a, b) => a.at.localeCompare(b.at));
    return { document_id: id, events: events.map((e) => ({ ...e, at: formatTimestamp(e.at) })) };
  }
}
