import type { Logger } from 'pino';
import type { EmbeddedMismatch } from '../doctypes/finance/einvoice/compare.js';
import type { Cv } from '../doctypes/cv/model.js';
import type { Doctype, MrzConsensusShown, PrintLook, RuleLookups } from '../doctypes/types.js';
import type { FileKind } from '../domain/document-types.js';
import type { Problem } from '../domain/problem.js';
import type { ReaderRegistry } from '../readers/registry.js';
import type { PageImage, ReaderOutput } from '../readers/types.js';
import type { Policy } from '../verification/policy.js';
import type { TamperReport } from '../verification/tamper/types.js';
import type { FieldReading } from '../domain/field.js';
import type { IntakeLimits } from './intake/limits.js';
import type { ReaderValues } from './reconcile.js';
import type { IntakeResult } from './types.js';

/** What the pipeline needs from the outside world, built once per process. */
export interface ReadDeps {
  intake(bytes: Buffer, kind: FileKind, limits: IntakeLimits, opts?: { signal?: AbortSignal }): Promise<IntakeResult>;
  limits: IntakeLimits;
  /** Pixel budget of a page image for the first reader's page read. */
  ocrMaxPixels: number;
  /** The readers by name (readers/registry.ts). */
  readers: Pick<ReaderRegistry, 'get'> & Partial<Pick<ReaderRegistry, 'accents' | 'arabic' | 'legacy'>>;
  doctypes: readonly Doctype[];
  logger?: Logger;
}

export interface ReadInput {
  bytes: Buffer;
  kind: FileKind;
  typeHint: string | null;
  now: Date;
  lookups: RuleLookups;
  /** The organisation's effective verification policy; the built-in default when absent. */
  policy?: Policy;
  /** For CVs: improve the wording (facts locked) after reading. */
  improve?: boolean;
}

/** Everything one reading learns; steps fill it in order. */
export interface ReadContext {
  input: ReadInput;
  deps: ReadDeps;
  intake: IntakeResult | null;
  /** The page images the readers read: the intake's, downscaled to the OCR pixel budget. */
  pageImages: PageImage[];
  /** The pages Tesseract read where their light was uneven (imaging/even-light.ts): the same
   * pixels, grey and divided by the paper's brightness. Pages lit evenly are not listed. */
  evenPages?: PageImage[];
  readings: ReaderOutput[];
  /** The readings as the page readers gave them, before the MRZ pass's band lines were joined in
   * (steps/read.ts): a type without an MRZ is read from these (steps/extract.ts). */
  pageReadings?: ReaderOutput[];
  doctype: Doctype | null;
  documentType: string;
  classified: boolean;
  extracted: ReaderValues[];
  fields: FieldReading[];
  problems: Problem[];
  /** Quality-gate findings the reading may overrule (verification/capture-doubts): small or cut
   * text is read anyway, and the finding stands only if the reading then falls short. */
  captureDoubts?: Problem[];
  /** The MRZ lines all readings of a band vote for, per page (steps/mrz-pass.ts). */
  mrzConsensus?: MrzConsensusShown[];
  issuingCountry: string | null;
  /** Where the page differs from the invoice's embedded XML, and what the page was read by. */
  embeddedInvoice?: { mismatches: EmbeddedMismatch[]; comparedWith: 'text_layer' | 'ocr' };
  /** The fields the file's own embedded data states (an e-invoice's XML), as rules are told them. */
  fileData?: ReadonlySet<string>;
  /** Signs of editing; null until the tamper step has run. */
  tamper: TamperReport | null;
  engines: Array<{ name: string; version: string }>;
  costUsd: number;
  /** The engine's internal record (`raw_json`): reasons, repairs, per-reader text. */
  raw: Record<string, unknown>;
  /** The second engine's looks at the print of disputed fields (print-look step). */
  printLooks?: PrintLook[];
  /** For CVs: the structure (the improved wording is made from it once the fields are decided). */
  cv?: Cv;
  signal?: AbortSignal;
}
