import type { DocumentsTable, ReadingsTable } from '../adapters/db/schema.js';
import { pendingResult } from '../domain/pending.js';
import type { Outcome, Result } from '../domain/result.js';
import type { DocumentStatus } from '../domain/statuses.js';
import { UNKNOWN_TYPE } from '../domain/document-types.js';
import { documentStatusFor } from '../verification/decide.js';
import { presentRawRecord } from './raw-record-view.js';

/** How a stored document is shown to its owner. The stored reading is the machine's record; the
 * document row carries what changed since (status after a person's action, outputs, links). */

/** Timestamps are shown as ISO 8601 in UTC without an offset, as the interface specifies. */
export function formatTimestamp(iso: string): string {
  return iso.slice(0, 19);
}

const OUTPUT_GENERATORS: Record<string, (docType: string) => boolean> = {
  xlsx: () => true,
  docx: (t) => t === 'cv',
  pdf: (t) => t === 'cv',
};

export interface DocumentView {
  id: string;
  tenant_id: string;
  name: string;
  type: string;
  status: DocumentStatus;
  cached: boolean;
  uploaded_at: string;
  outcome: Outcome;
  doc_type: string | null;
  fields: Result['fields'];
  raw_json: Record<string, unknown>;
  engine: Record<string, unknown>;
  result: Result;
  confidence: number;
  tamper_score: number;
}

function outputsFor(doc: DocumentsTable, docType: string, status: DocumentStatus, baseUrl: string): Result['outputs'] {
  const self = `${baseUrl}/v1/documents/${doc.id}`;
  const requested = JSON.parse(doc.outputs) as string[];
  const outputs: Result['outputs'] = { json: self, unavailable: [] };
  for (const format of requested) {
    const available = status !== 'processing' && OUTPUT_GENERATORS[format]?.(docType);
    if (available && format === 'xlsx') outputs.xlsx = `${self}/outputs/xlsx`;
    else if (available && format === 'docx') outputs.docx = `${self}/cv.docx`;
    else if (available && format === 'pdf') outputs.pdf = `${self}/cv.pdf`;
    else if (status !== 'processing') outputs.unavailable.push(format);
  }
  if (docType === 'cv') outputs.cv = `${self}/cv`;
  return outputs;
}

export function presentDocument(doc: DocumentsTable, reading: ReadingsTable | null, baseUrl: string): DocumentView {
  const outcome = JSON.parse(doc.outcome) as Outcome;
  const status = doc.status as DocumentStatus;
  const finished = reading?.status === 'done' && reading.result !== null;
  const docType = doc.doc_type === UNKNOWN_TYPE ? null : doc.doc_type;
  // A person's approve or reject replaces the machine's result; the machine's reading stays stored beside it.
  const result: Result = doc.review_result
    ? (JSON.parse(doc.review_result) as Result)
    : finished
      ? (JSON.parse(reading.result!) as Result)
      : pendingResult(doc.doc_type);
  result.status = status;
  result.verified = status === 'verified';
  if (!finished) result.next_action = outcome.next_action;
  result.outputs = outputsFor(doc, doc.doc_type, status, baseUrl);
  // An improvement asked for after reading belongs to the reading it was made from.
  if (doc.cv_improved && reading && doc.cv_improved_reading_id === reading.id) result.cv_improved = JSON.parse(doc.cv_improved) as Result['cv_improved'];
  const raw = finished && reading.raw ? presentRawRecord(JSON.parse(reading.raw) as Record<string, unknown>) : {};
  return {
    id: doc.id,
    tenant_id: doc.org_id,
    name: doc.name,
    type: docType ?? doc.type_hint ?? UNKNOWN_TYPE,
    status,
    cached: doc.cached === 1,
    uploaded_at: formatTimestamp(doc.uploaded_at),
    outcome,
    doc_type: docType,
    fields: result.fields,
    raw_json: raw,
    engine: {
      reading_id: reading?.id ?? null,
      reading_number: reading?.number ?? null,
      trigger: reading?.trigger ?? null,
      started_at: reading ? formatTimestamp(reading.started_at) : null,
      finished_at: reading?.finished_at ? formatTimestamp(reading.finished_at) : null,
      cached_from_reading: reading?.cached_from_reading ?? null,
      engines: result.engines,
      readers: result.readers,
      timings_ms: result.timings_ms,
      cost_usd: result.cost_usd,
    },
    result,
    // Legacy numeric keys: 0 until a decision sets them (and on rows stored before they always were).
    confidence: doc.confidence ?? 0,
    tamper_score: doc.tamper_score ?? 0,
  };
}

/** The document status implied by an outcome, as the spec's mapping table says; a tamper
 * finding flags the document whatever its outcome status. */
export function statusForOutcome(outcome: Outcome): DocumentStatus {
  return documentStatusFor(outcome);
}
