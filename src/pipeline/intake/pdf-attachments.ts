import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { parseEInvoice, XmlRefused } from '../../doctypes/finance/einvoice/parse.js';
import type { EmbeddedInvoice } from '../../doctypes/finance/einvoice/types.js';
import { describeError } from './errors.js';

/** The invoice a PDF carries as data: Factur-X and ZUGFeRD name their XML `factur-x.xml` or
 * `zugferd-invoice.xml`, XRechnung `xrechnung.xml`; any other XML attachment is tried after them.
 * pdf.js inflates the attachments when asked; the sandbox's memory watchdog bounds that, and an
 * XML over the cap is not parsed at all. */

const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'zugferd_invoice.xml'];
export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;
/** Attachments looked at, at most (a PDF may carry hundreds). */
const MAX_TRIED = 5;

interface PdfAttachment {
  filename?: string;
  content?: Uint8Array;
}

export async function readEmbeddedInvoice(doc: PDFDocumentProxy): Promise<EmbeddedInvoice | null> {
  let attachments: Record<string, PdfAttachment> | null;
  try {
    attachments = (await doc.getAttachments()) as Record<string, PdfAttachment> | null;
  } catch (err) {
    return { attachment: '(attachments)', error: `the PDF's attachments could not be read (${describeError(err)})` };
  }
  if (!attachments) return null;
  const xml = Object.values(attachments)
    .filter((a) => typeof a.filename === 'string' && a.filename.toLowerCase().endsWith('.xml') && a.content)
    .sort((a, b) => rank(a.filename!) - rank(b.filename!))
    .slice(0, MAX_TRIED);
  let refused: EmbeddedInvoice | null = null;
  for (const a of xml) {
    const name = a.filename!;
    if (a.content!.byteLength > MAX_ATTACHMENT_BYTES) {
      refused ??= { attachment: name, error: `the attachment is larger than ${MAX_ATTACHMENT_BYTES} bytes` };
      continue;
    }
    try {
      return { attachment: name, invoice: parseEInvoice(new TextDecoder('utf-8', { fatal: false }).decode(a.content!)) };
    } catch (err) {
      if (!(err instanceof XmlRefused)) throw err;
      refused ??= { attachment: name, error: err.message };
    }
  }
  return refused;
}

function rank(name: string): number {
  const i = KNOWN_NAMES.indexOf(name.toLowerCase());
  return i === -1 ? KNOWN_NAMES.length : i;
}
