import type { NextAction, OutcomeStatus } from './statuses.js';

/** Document-level outcome codes (`outcome.code`). Where the spec leaves a code's outcome status
 * unstated, the careful operator's choice is action_required: a person looks before the result is used. */
export interface OutcomeCodeInfo {
  status: OutcomeStatus;
  message: string;
  next_action: NextAction;
}

const rescan = (message: string, action: string): OutcomeCodeInfo => ({
  status: 'rescan_required',
  message,
  next_action: { type: 'RESCAN', message: action },
});
const review = (message: string, action = 'A person must check the fields marked for review.'): OutcomeCodeInfo => ({
  status: 'action_required',
  message,
  next_action: { type: 'REVIEW', message: action },
});

export const OUTCOME_CODES = {
  QUALITY_GATE_GLARE: rescan('Glare covers part of the text.', 'Retake the photo away from direct light, tilting the document slightly.'),
  QUALITY_GATE_BLUR: rescan('The image is too blurred to read reliably.', 'Retake the photo holding the camera still, with the document in focus.'),
  QUALITY_GATE_CUTOFF: rescan(
    'Part of the document is cut off at the edge of the image.',
    'Retake the photo with the whole document inside the frame and a small margin around it.',
  ),
  QUALITY_GATE_LOW_RESOLUTION: rescan('The text is too small to read reliably.', 'Move the camera closer or scan at 300 dpi or more.'),
  QUALITY_GATE_DARK: rescan('The image is too dark.', 'Retake the photo in better light.'),
  QUALITY_GATE_UNREADABLE: rescan('No readable text was found in the image.', 'Retake the photo of the document, flat and in focus, filling the frame.'),
  DOCUMENT_UNREADABLE: {
    status: 'failed',
    message: 'The file could not be opened.',
    next_action: { type: 'UPLOAD_AGAIN', message: 'Upload an intact PNG, JPG, PDF or Word file.' },
  },
  PROCESSING_PROVIDER_FAILURE: {
    status: 'failed',
    message: 'The reading service was unavailable after every fallback.',
    next_action: { type: 'RETRY', message: 'Rescan the document in a few minutes.' },
  },
  MISSING_PAGE: review('Some pages were not processed.', 'Check the pages that were not read, or upload them separately.'),
  UNSUPPORTED_LANGUAGE_SCRIPT: review('The script of the document is not available on the active reading route.', 'A person must read the document.'),
  FIELD_CONFLICT: review('The readers disagree on one or more fields.', 'A person must decide the disputed fields.'),
  FIELD_UNCONFIRMED: review('A key field rests on a single reading.', 'A person must confirm the unconfirmed fields.'),
  CRITICAL_FIELD_INVALID: review('A key field failed a consistency check.', 'A person must check the invalid field against the document.'),
  REQUIRED_FIELD_MISSING: review('A required field is empty.', 'A person must fill in the missing fields.'),
  DATE_NEEDS_REVIEW: review('A date is impossible, ambiguous or not Gregorian.', 'A person must check the dates.'),
  DOCUMENT_EXPIRED: review('The document has expired.', 'Ask for a valid document, or approve if an expired one is acceptable.'),
  ARITHMETIC_MISMATCH: review('The amounts do not add up.', 'A person must check the amounts.'),
  DUPLICATE_SUSPECTED: review('This looks like a document the organisation already recorded.', 'Check the earlier document before using this one.'),
  TAMPER_SUSPECTED: review('Signs of image editing were found. This is evidence, not a finding.', 'A person must examine the document before it is used.'),
  NO_FIELDS_EXTRACTED: review('No usable fields were extracted.', 'A person must read the document.'),
  LOW_CONFIDENCE: review('The readings are too weak to rely on.', 'A person must check the fields.'),
  DOCUMENT_TYPE_UNKNOWN: review('The document type was not recognised.', 'A person must classify the document.'),
} as const satisfies Record<string, OutcomeCodeInfo>;

export type OutcomeCode = keyof typeof OUTCOME_CODES;
export const OUTCOME_CODE_NAMES = Object.keys(OUTCOME_CODES) as OutcomeCode[];

export function isOutcomeCode(value: string): value is OutcomeCode {
  return Object.prototype.hasOwnProperty.call(OUTCOME_CODES, value);
}

/** The code an error carries (a reader's or intake's error names the outcome code it should end
 * the document with); null when it carries none. Not to be confused with verification's
 * outcomeCodeOf, which picks the code that names a decided outcome. */
export function errorCodeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}
