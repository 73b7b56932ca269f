import type { Logger } from 'pino';
import type { BlobStore } from '../adapters/blobs/types.js';
import type { Repositories } from '../adapters/db/repositories/index.js';
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
  repos: Repositories;
  blobs: BlobStore;
  read: ReadDeps;
  logger: Logger;
  observer?: ReadingObserver;
  /** The organisation's effective verification policy; the built-in default when absent. */
  policyFor?: (orgId: string) => Promise<Policy>;
  /** Job state and webhook events, written in the transaction that records the finish. */
  events?: JobEvents;
}): JobHandler<ReadJobPayload> {
  const { repos, blobs, logger } = deps;
  return async (job) => {
    const { orgId, documentId, readingId } = job.payload;
    const reading = await repos.readings.find(orgId, readingId);
    if (!reading || reading.status === 'done') return;
    const doc = await repos.documents.find(orgId, documentId);
    if (!doc) return;
    await repos.readings.markRunning(orgId, readingId);
    const started = performance.now();

    let output: ReadOutput;
    const bytes = doc.blob_key ? await blobs.get(doc.blob_key) : null;
    if (!bytes) {
      output = failedReading('DOCUMENT_UNREADABLE', 'The stored original could not be found.');
    } else {
      try {
        const policy = await deps.policyFor?.(orgId);
        output = await readDocument(
          {
            bytes,
            kind: doc.file_kind as FileKind,
            typeHint: doc.type_hint,
            now: new Date(),
            lookups: ruleLookups(repos.documentFacts, orgId, documentId),
            improve: doc.improve === 1,
            ...(policy ? { policy } : {}),
          },
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
    await repos.transaction(async (tx) => {
      const recorded = await tx.readings.finish(orgId, readingId, {
        outcome: JSON.stringify(output.outcome),
        result: JSON.stringify(output.result),
        raw: JSON.stringify(output.raw),
        finished_at: at,
      });
      if (!recorded) return;
      const current = await tx.documents.finishReading(orgId, documentId, readingId, {
        status,
        outcome: JSON.stringify(output.outcome),
        doc_type: output.documentType,
        confidence: output.confidence,
        tamper_score: output.tamperScore,
        updated_at: at,
      });
      if (!current) return;
      await tx.documentFacts.replace(orgId, documentId, factsFromResult(output.result), at);
      await deps.events?.documentFinished(tx, { orgId, documentId, readingId, status, outcome: output.outcome });
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
