import type { FileKind, DocumentType } from '../domain/document-types.js';
import type { EvidenceItem } from '../domain/evidence.js';
import type { FieldKind } from '../domain/normalise.js';
import type { OutcomeCode } from '../domain/outcome-codes.js';
import type { Problem } from '../domain/problem.js';
import type { FieldValue, Region } from '../domain/result.js';
import type { FieldReading } from '../domain/field.js';
import type { PageText, ReaderOutput } from '../readers/types.js';

export interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  /** A key field decides the document: it must be corroborated, not rest on one reading. */
  isKey?: boolean;
  /** A required field missing sends the document to review (REQUIRED_FIELD_MISSING). */
  required?: boolean;
  /** This field's values found in a text, in order (e-mail addresses, phone numbers): a crop's
   * reading is taken through it, which picks among the words read and never makes up characters.
   * Such a field is re-read from its crop where the readers disagree. */
  grammar?: (text: string) => string[];
  /** The field's value in the text of the line it is printed on, as the extractor takes it there
   * (a registration printed after a shop's name taken off): a second reader's crop of that line is
   * read the same way, so that the readers compare the name with the name. */
  fromLine?: (text: string) => string;
}

/** One reader's value for a field, before reconciliation. */
export interface ExtractedValue {
  key: string;
  value: FieldValue;
  /** The text as it stood on the page. */
  raw: string;
  region: Region | null;
  /** A value printed over several lines: each line's box, for readers that read a crop as one line. */
  parts?: Region['box'][];
  /** Each line's text, in the order of `parts`, where the value is compared line by line (an address). */
  partTexts?: string[];
  /** A sum of amounts printed apart (a tax printed per rate): each one's value, in the order of
   * `parts`. A crop re-read reads each part for its own amount and adds them; the union of the
   * parts read as one text would give only its last amount. */
  sumOf?: number[];
  confidence: number;
  /** Evidence the extractor itself established (e.g. mrz_checksum when the check digit passes). */
  evidence?: EvidenceItem[];
  problems?: OutcomeCode[];
  reason?: string;
}

/** What classification sees: every reader's text, the file kind and the caller's hint. */
export interface DetectInput {
  kind: FileKind;
  /** All lines of all readers, as read. */
  lines: string[];
  /** The same joined and upper-cased, for keyword search. */
  text: string;
  /** The file carries its content as structured data (an EN 16931 invoice XML in a PDF). */
  embedded?: { kind: 'en16931_invoice'; source: string };
  /** How wide the first page's text runs, in letter heights, on an image; null where unknown. */
  textWidth?: number | null;
}

export interface Detection {
  /** 0..1: how strongly the text says this type. */
  score: number;
  reason: string;
}

export interface ExtractContext {
  now: Date;
  pages: PageText[];
  /** Lines another reader read of the same document. Where it was printed (its country, tax,
   * legal form: what tells its day order) is the document's, whichever reader saw it. */
  otherLines?: readonly string[];
}

/** Questions a rule may ask of the organisation's stored documents (answered by the service). */
export interface RuleLookups {
  /** The id of an earlier, non-deleted document of the organisation with the same normalised
   * vendor and invoice number (and total when given), or null. */
  findInvoiceDuplicate(q: { vendor: string; invoiceNumber: string; total: number | null }): Promise<string | null>;
}

export interface RulesContext {
  now: Date;
  /** The reconciled fields; rules change them only through the transitions of domain/field.ts and
   * hand the changed ones back in their outcome. */
  fields: readonly FieldReading[];
  readings: ReaderOutput[];
  lookups: RuleLookups;
  /** The second engine's looks at the print of disputed fields (see Doctype.printed). */
  printLooks?: readonly PrintLook[];
  /** The MRZ as all readings of its band vote it, decoded under the MRZ grammar (identity/
   * mrz-consensus.ts), per page: what the MRZ is shown as reading. */
  mrzConsensus?: ReadonlyArray<MrzConsensusShown>;
  /** Fields the file's own embedded data states (an e-invoice's XML): no reader placed them, so a
   * check that finds them at odds finds the document so, not a misreading. */
  fileData?: ReadonlySet<string>;
}

/** The MRZ of one page as all readings of its band vote it. */
export interface MrzConsensusShown {
  page: number;
  lines: readonly string[];
  /** The consensus's fields its check digits verify, no reading contesting a check-blind place
   * (identity/mrz-image.ts): each may stand on its check digit. */
  verified?: readonly string[];
  /** Every reading of the band that found an MRZ, the glyph reader's included, as repaired lines. */
  readings?: ReadonlyArray<{ reader: string; lines: readonly string[] }>;
}

/** One engine's reading of a field's printed value from its crop. */
export interface PrintLook {
  key: string;
  reader: string;
  raw: string;
}

export interface RulesOutcome {
  problems: Problem[];
  /** The fields after the rules, in the order they came. */
  fields: FieldReading[];
  issuingCountry?: string | null;
}

/** Every document type is one module of this shape, listed in doctypes/registry.ts. */
export interface Doctype {
  type: DocumentType;
  fields: FieldSpec[];
  detect(input: DetectInput): Detection;
  /** Maps one reader's words to field values with their regions. */
  extract(reading: ReaderOutput, ctx: ExtractContext): ExtractedValue[];
  /** Consistency checks over the reconciled fields (dates, expiry, arithmetic, cross-checks). May
   * add evidence (e.g. arithmetic) or problems to fields, returning the changed fields. */
  rules(ctx: RulesContext): Promise<RulesOutcome>;
  /** Where one reader found the printed values of the fields a second zone also gives (an MRZ
   * document's visual zone), so that the second engine can read them when the readings disagree. */
  printed?(reading: ReaderOutput): Array<{ key: string; region: Region }>;
  /** The fields both zones of an MRZ document give, and how the two are compared (a visa's print
   * gives the passport's number, not the MRZ's document number, so it has no document_number here). */
  crossChecked?: ReadonlyArray<{ key: string; kind: 'name' | 'date' | 'code' | 'sex' | 'country' }>;
}
