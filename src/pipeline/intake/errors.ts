import type { OutcomeCode } from '../../domain/outcome-codes.js';

/** Intake fails a document only as unreadable. Pages past the limit, or single pages that fail, do
 * not fail the document: they show in IntakeResult (pageCount > pagesTaken, missingPages) and the
 * pipeline reports MISSING_PAGE. */
export type IntakeErrorCode = Extract<OutcomeCode, 'DOCUMENT_UNREADABLE'>;

/** A document intake refused, with a reason a person understands. */
export class IntakeError extends Error {
  readonly code: IntakeErrorCode;
  readonly reason: string;

  constructor(reason: string, code: IntakeErrorCode = 'DOCUMENT_UNREADABLE') {
    super(reason);
    this.name = 'IntakeError';
    this.code = code;
    this.reason = reason;
  }
}

/** A refusal decided before any parser ran on the file (size, kind, image header, zip pre-scan):
 * the sandbox process is untouched by the file and may take the next one. */
export class PrecheckRefusal extends IntakeError {}

/** A library's error message, shortened for a reason shown to people. */
export function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length > 160 ? `${oneLine.slice(0, 157)}...` : oneLine;
}
