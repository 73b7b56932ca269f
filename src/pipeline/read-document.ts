import { withPublishedContact } from '../doctypes/cv/contact.js';
import { improveCv } from '../doctypes/cv/improve.js';
import { UNKNOWN_TYPE } from '../domain/document-types.js';
import type { Outcome, Result } from '../domain/result.js';
import { decide, type DecisionInput } from '../verification/decide.js';
import { DECISION_INPUT_KEY, storeDecisionInput } from '../verification/stored-input.js';
import type { ReadContext, ReadDeps, ReadInput } from './context.js';
import { runSteps, type Step } from './run.js';
import { addressDigitsStep } from './steps/address-digits.js';
import { addressLinesStep } from './steps/address-lines.js';
import { arabicLabelsStep } from './steps/arabic-labels.js';
import { arabicNameStep } from './steps/arabic-name.js';
import { classifyStep } from './steps/classify.js';
import { crossReadStep } from './steps/cross-read.js';
import { emailByNameStep } from './steps/cv-email.js';
import { cvPhoneStep } from './steps/cv-phone.js';
import { cvStructureStep } from './steps/cv-structure.js';
import { extractStep, reconcileStep, rulesStep } from './steps/extract.js';
import { intakeStep } from './steps/intake.js';
import { judgeStep } from './steps/judge.js';
import { accentMisprintsStep } from './steps/accent-misprints.js';
import { nameAccentsStep } from './steps/name-accents.js';
import { nameStrokesStep } from './steps/name-strokes.js';
import { nameTradeMisreadStep, nameTradeWordsStep } from './steps/name-trade-words.js';
import { nameUmlautsStep } from './steps/name-umlauts.js';
import { nameEdgesStep } from './steps/name-edges.js';
import { nameLegalFormStep } from './steps/name-legal-form.js';
import { nameSpacingStep } from './steps/name-spacing.js';
import { printLookStep } from './steps/print-look.js';
import { qrCodesStep } from './steps/qr-codes.js';
import { qualityStep } from './steps/quality.js';
import { readStep } from './steps/read.js';
import { readMissingStep } from './steps/read-missing.js';
import { reReadStep, reReadTotalRowsStep } from './steps/re-read.js';
import { tamperStep } from './steps/tamper.js';
import { thirdLookStep } from './steps/third-look.js';

export type { ReadDeps, ReadInput } from './context.js';

export interface ReadOutput {
  outcome: Outcome;
  result: Result;
  raw: Record<string, unknown>;
  documentType: string;
  /** Legacy `confidence` and `tamper_score` of the document. */
  confidence: number;
  tamperScore: number;
}

/** The reading, in order. A step that finds the document cannot go on (unreadable file, a photo
 * to retake, no recognisable type) stops the run; the decision is still made from what is known. */
export const READ_STEPS: ReadonlyArray<Step<ReadContext>> = [
  intakeStep,
  qualityStep,
  readStep,
  classifyStep,
  extractStep,
  arabicLabelsStep,
  reReadTotalRowsStep,
  crossReadStep,
  readMissingStep,
  reReadStep,
  cvPhoneStep,
  arabicNameStep,
  reconcileStep,
  nameSpacingStep,
  printLookStep,
  nameAccentsStep,
  nameLegalFormStep,
  nameStrokesStep,
  nameTradeWordsStep,
  nameTradeMisreadStep,
  nameUmlautsStep,
  thirdLookStep,
  accentMisprintsStep,
  addressLinesStep,
  addressDigitsStep,
  nameEdgesStep,
  emailByNameStep,
  judgeStep,
  rulesStep,
  tamperStep,
  qrCodesStep,
  cvStructureStep,
];

export async function readDocument(input: ReadInput, deps: ReadDeps, opts: { signal?: AbortSignal } = {}): Promise<ReadOutput> {
  const ctx: ReadContext = {
    input,
    deps,
    intake: null,
    pageImages: [],
    readings: [],
    doctype: null,
    documentType: UNKNOWN_TYPE,
    classified: false,
    extracted: [],
    fields: [],
    problems: [],
    issuingCountry: null,
    tamper: null,
    engines: [],
    costUsd: 0,
    raw: {},
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  const timings = await runSteps(READ_STEPS, ctx, opts.signal ? { signal: opts.signal } : {});
  const started = performance.now();
  const readable = ctx.readings.some((r) => r.pages.some((p) => p.lines.length > 0));
  ctx.raw.readers = ctx.readings.map((r) => ({
    reader: r.reader,
    ms: Math.round(r.ms),
    pages: r.pages.map((p) => ({ page: p.page, rotation: p.rotation ?? 0, text: p.lines.map((l) => l.text).join('\n') })),
  }));
  const decisionInput: DecisionInput = {
    documentType: ctx.documentType,
    fields: ctx.fields,
    problems: ctx.problems,
    ...(ctx.captureDoubts?.length ? { captureDoubts: ctx.captureDoubts } : {}),
    readable,
    classified: ctx.classified,
    issuingCountry: ctx.issuingCountry,
    timings,
    engines: ctx.engines,
    readers: ctx.readings.map((r) => r.reader),
    costUsd: ctx.costUsd,
    tamper: ctx.tamper,
  };
  ctx.raw[DECISION_INPUT_KEY] = storeDecisionInput(decisionInput);
  const { outcome, result, confidence, tamperScore } = decide({ ...decisionInput, ...(input.policy ? { policy: input.policy } : {}) });
  result.timings_ms.decide = Math.round((performance.now() - started) * 10) / 10;
  // The CV's contact is what the decided fields publish; the wording is improved from that CV.
  const cv = ctx.cv ? withPublishedContact(ctx.cv, result) : null;
  result.cv = cv;
  result.cv_improved = cv && input.improve ? improveCv(cv) : null;
  return { outcome, result, raw: ctx.raw, documentType: ctx.documentType, confidence, tamperScore };
}
