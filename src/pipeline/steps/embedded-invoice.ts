import { compareWithPage } from '../../doctypes/finance/einvoice/compare.js';
import { EMBEDDED_FIELD_KEYS, embeddedInvoiceValues } from '../../doctypes/finance/einvoice/fields.js';
import type { ReadContext } from '../context.js';

/** An invoice PDF that carries its EN 16931 XML is read from the XML: those fields take the
 * XML's values (the file's own data), every reader's placement of them is set aside, and the page
 * is compared with the XML for the signs of an edited copy (see einvoice/compare.ts). Fields the
 * XML does not state stay with the page's readers. */
export function applyEmbeddedInvoice(ctx: ReadContext): void {
  const embedded = ctx.intake?.embeddedInvoice;
  if (!embedded || ctx.doctype?.type !== 'invoice') return;
  if ('error' in embedded) {
    ctx.raw.embedded_invoice = { attachment: embedded.attachment, error: embedded.error };
    return;
  }
  const { invoice, attachment } = embedded;
  const values = embeddedInvoiceValues(invoice, attachment);
  const stated = values.map((v) => v.key);
  // The page's readings of every field the XML model covers are set aside, stated or not: a
  // MINIMUM profile states no lines, and the page's own table would not add up to the XML's sums.
  const keys = new Set<string>(EMBEDDED_FIELD_KEYS);
  const pageReading = ctx.extracted.find((e) => e.reader === 'text_layer') ?? ctx.extracted[0];
  const shown = Object.fromEntries(
    (pageReading?.values ?? []).filter((v) => ['total', 'iban', 'vendor_name', 'invoice_number'].includes(v.key)).map((v) => [v.key, v.value]),
  );
  const pageLines = ctx.readings.filter((r) => r.reader !== 'mrz_pass').flatMap((r) => r.pages.flatMap((p) => p.lines.map((l) => l.text)));
  const fromTextLayer = ctx.readings.some((r) => r.reader === 'text_layer');
  const mismatches = pageLines.length ? compareWithPage(invoice, { lines: pageLines, shown }) : [];
  ctx.embeddedInvoice = { mismatches, comparedWith: fromTextLayer ? 'text_layer' : 'ocr' };
  ctx.fileData = new Set(stated);

  ctx.extracted = ctx.extracted.map((e) => ({ ...e, values: e.values.filter((v) => !keys.has(v.key)) }));
  const own = ctx.extracted.find((e) => e.reader === 'text_layer');
  if (own) own.values.push(...values);
  else ctx.extracted.push({ reader: 'text_layer', values });
  ctx.raw.embedded_invoice = {
    attachment,
    syntax: invoice.syntax,
    profile: invoice.profile,
    type_code: invoice.typeCode,
    fields: stated,
    page_mismatches: mismatches,
  };
}
