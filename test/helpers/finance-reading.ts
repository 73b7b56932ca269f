import type { Doctype, RuleLookups } from '../../src/doctypes/types.js';
import type { FieldReading } from '../../src/domain/field.js';
import { intakeFile, intakeLimits } from '../../src/pipeline/intake/index.js';
import { reconcile } from '../../src/pipeline/reconcile.js';
import type { ReaderOutput } from '../../src/readers/types.js';

/** The read set-up the invoice and receipt tests share: a PDF's own text layer as a reader's
 * output, and a finance type's fields and problems from readings, reconciled and judged by the
 * type's rules as the pipeline does. */

export const NO_DUPLICATES: RuleLookups = { findInvoiceDuplicate: async () => null };

export async function textLayerOf(pdf: Buffer): Promise<ReaderOutput> {
  const intake = await intakeFile(pdf, 'pdf', intakeLimits());
  return { reader: 'text_layer', engine: { name: 'pdfjs-dist', version: '5' }, pages: intake.textLayer, ms: 0, cost_usd: 0 };
}

export async function readFinance(type: Doctype, readings: ReaderOutput[], now: Date, lookups: RuleLookups = NO_DUPLICATES) {
  const reconciled = reconcile(
    type.fields,
    readings.map((r) => ({ reader: r.reader, values: type.extract(r, { now, pages: r.pages }) })),
  );
  const { fields, problems } = await type.rules({ now, fields: reconciled, readings, lookups });
  const get = (key: string): FieldReading => fields.find((f) => f.key === key)!;
  return { fields, problems, get };
}
