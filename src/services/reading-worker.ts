import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { BlobStore } from '../adapters/blobs/types.js';
import type { Database } from '../adapters/db/schema.js';
import type { JobHandler } from '../adapters/queue/types.js';
import type { FileKind } from '../domain/document-types.js';
import { OUTCOME_CODES } from '../domain/outcome-codes.js';
import type { Outcome } from '../domain/result.js';
import { readDocument, type ReadDeps, type ReadOutput } from '../pipeline/read-document.js';
import { decide } from '../verification/decide.js';
import type { Policy } from '../verification/policy.js';
import { factsFromResult, ruleLookups } from './document-facts.js';
import { statusForOutcome } from './document-view.js';
import type { ReadJobPayload } from './documents.js';
import type { JobEvents } from './jobs/job-events.js';

export interface ReadingObserver {
  onFinished?(info: { status: string; timings: Record<string, number>; ms: number }): void;
}

/** The queue handler that reads one document. Idempotent: a finished or deleted reading is left
 * alone, and results are written only while the document still exists and this reading is its
 * current one. */
export function createReadHandler(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  read: ReadDeps;
  logger: Logger;
  observer?: ReadingObserver;
  /** The organisation's effective verification policy; the built-in default when absent. */
  policyFor?: (orgId: string) => Promise<Policy>;
  /** Job state and webhook events, written in the transaction that records the finish. */
  events?: JobEvents;
}): JobHandler<ReadJobPayload> {
  const { db, blobs, logger } = deps;
  return async (job) => {
    const { orgId, documentId, readingId } = job.payload;
    const reading = await db.selectFrom('readings').selectAll().where('id', '=', readingId).where('org_id', '=', orgId).executeTakeFirst();
    if (!reading || reading.status === 'done') return;
    const doc = await db.selectFrom('documents').selectAll().where('id', '=', documentId).where('org_id', '=', orgId).executeTakeFirst();
    if (!doc) return;
    await db.updateTable('readings').set({ status: 'running' }).where('id', '=', readingId).execute();
    const started = performance.now();

    let output: ReadOutput;
    const bytes = doc.blob_key ? await blobs.get(doc.blob_key) : null;
    if (!bytes) {
      output = failedReading('DOCUMENT_UNREADABLE', 'The stored original could not be found.');
    } else {
      try {
        const policy = await deps.policyFor?.(orgId);
        output = await readDocument(
          { bytes, kind: doc.file_kind as FileKind, typeHint: doc.type_hint, now: new Date(), lookups: ruleLookups(db, orgId, documentId), improve: doc.improve === 1, ...(policy ? { policy } : {}) },
          deps.read,
          { signal: job.signal },
        );
      } catch (err) {
        if (job.signal.aborted || job.attempt < job.maxAttempts) throw err;
        logger.error({ err, documentId, readingId }, 'reading failed on its last attempt');
        output = failedReading('PROCESSING_PROVIDER_FAILURE', 'Reading failed after every attempt.');
      }
    }

    const status = statusForOutcome(output.outcome);
    const ms = performance.now() - started;
    // Observed before the commit, so that whoever sees the new status also sees the metrics.
    deps.observer?.onFinished?.({ status, timings: output.result.timings_ms, ms });
    const at = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('readings')
        .set({ status: 'done', outcome: JSON.stringify(output.outcome), result: JSON.stringify(output.result), raw: JSON.stringify(output.raw), finished_at: at })
        .where('id', '=', readingId)
        .where('status', '!=', 'done')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return;
      const current = await trx
        .updateTable('documents')
        .set({ status, outcome: JSON.stringify(output.outcome), doc_type: output.documentType, confidence: output.confidence, tamper_score: output.tamperScore, updated_at: at })
        .where('id', '=', documentId)
        .where('org_id', '=', orgId)
        .where('current_reading_id', '=', readingId)
        .executeTakeFirst();
      if (Number(current.numUpdatedRows) === 0) return;
      await trx.deleteFrom('document_facts').where('document_id', '=', documentId).where('org_id', '=', orgId).execute();
      const facts = factsFromResult(output.result);
      if (facts.length) {
        await trx.insertInto('document_facts').values(facts.map((f) => ({ ...f, document_id: documentId, org_id: orgId, created_at: at }))).execute();
      }
      await deps.events?.documentFinished(trx, { orgId, documentId, readingId, status, outcome: output.outcome });
    });
    logger.info({ documentId, readingId, status, code: output.outcome.code, ms: Math.round(ms) }, 'document read');
  };
}

function failedReading(code: 'DOCUMENT_UNREADABLE' | 'PROCESSING_PROVIDER_FAILURE', detail: string): ReadOutput {
  const { outcome, result, confidence, tamperScore } = decide({
    documentType: 'unknown',
    fields: [],
    problems: [{ code, detail }],
    readable: false,
    classified: false,
    issuingCountry: null,
    timings: {},
    engines: [],
    readers: [],
    costUsd: 0,
  });
  const o: Outcome = { ...outcome, next_action: OUTCOME_CODES[code].next_action };
  return { outcome: o, result, raw: { error: detail }, documentType: 'unknown', confidence, tamperScore };
}
