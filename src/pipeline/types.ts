import type { FileKind } from '../domain/document-types.js';
import type { EmbeddedInvoice } from '../doctypes/finance/einvoice/types.js';
import type { PageImage, PageText } from '../readers/types.js';

/** What intake learns from a file: its kind, its pages as images, and any text of its own. */
export interface IntakeResult {
  kind: FileKind;
  /** Pages in the file (for PDFs, as declared), and how many were taken. */
  pageCount: number;
  pagesTaken: number;
  /** Pages among those taken that could not be read, with why (the pipeline reports MISSING_PAGE). */
  missingPages?: { page: number; reason: string }[];
  /** Page images for OCR (images; PDF pages without a usable text layer). */
  images: PageImage[];
  /** Text the file itself carries, with positions where the format has them (PDF, DOCX, DOC). */
  textLayer: PageText[];
  /** The invoice a PDF carries as EN 16931 XML (Factur-X, ZUGFeRD, XRechnung), or why it was set aside. */
  embeddedInvoice?: EmbeddedInvoice;
  /** Plain text of Word files, in reading order. */
  plainText?: string;
  /** Facts about the file worth keeping for later checks (producer, incremental updates, EXIF software). */
  metadata: Record<string, unknown>;
  /** JPEGs: the error-level map of the one page, a greyscale PNG of the page image's size, made
   * in the sandbox so the tamper check never decodes the original. */
  elaMap?: Buffer;
}
