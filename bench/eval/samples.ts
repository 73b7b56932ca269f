import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mrzDateToIso } from '../../src/doctypes/mrz/index.js';
import type { FileKind } from '../../src/domain/document-types.js';

/** The labelled samples of ../shared/data as one list: the file, the type it is, the values a
 * perfect reading publishes (in our keys), and the text a perfect reader sees where known. */
export interface Sample {
  category: 'mrz' | 'receipts' | 'invoices' | 'cvs';
  file: string;
  kind: FileKind;
  expectedTypes: string[];
  /** Our field key → expected value, compared after canonicalisation. */
  expected: Record<string, string | number>;
  truthText?: string;
  truthMrz?: string[];
}

/** Two-digit years in the labels are read as of today, as the service reads them. */
const LABEL_NOW = new Date();

const KIND_BY_EXT: Record<string, FileKind> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', pdf: 'pdf', docx: 'docx', doc: 'doc' };

function readJsonl(path: string): Record<string, any>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

function kindOf(file: string): FileKind | null {
  return KIND_BY_EXT[file.split('.').pop()!.toLowerCase()] ?? null;
}

export function loadSamples(dataDir: string): Sample[] {
  const out: Sample[] = [];
  const mrzLabels = join(dataDir, 'mrz/labels.jsonl');
  if (existsSync(mrzLabels)) {
    for (const l of readJsonl(mrzLabels)) {
      const kind = kindOf(l.file);
      if (!kind) continue;
      const f = l.fields ?? {};
      const code = String(f.document_code ?? '');
      const expected: Record<string, string> = {};
      const put = (k: string, v: unknown) => {
        if (typeof v === 'string' && v) expected[k] = v;
      };
      put('document_number', f.document_number);
      put('surname', f.surname);
      put('given_names', f.given_names);
      put('nationality', f.nationality);
      put('sex', f.sex);
      if (f.birth_date) put('date_of_birth', mrzDateToIso(f.birth_date, 'birth', LABEL_NOW).iso ?? undefined);
      if (f.expiry_date) put('expiry_date', mrzDateToIso(f.expiry_date, 'expiry', LABEL_NOW).iso ?? undefined);
      out.push({
        category: 'mrz',
        file: join(dataDir, 'mrz', l.file),
        kind,
        expectedTypes: code.startsWith('P') ? ['passport'] : code.startsWith('V') ? ['visa'] : ['id_card', 'qid'],
        expected,
        truthMrz: l.lines,
      });
    }
  }
  const receiptLabels = join(dataDir, 'receipts/labels.jsonl');
  if (existsSync(receiptLabels)) {
    for (const l of readJsonl(receiptLabels)) {
      const kind = kindOf(l.file);
      if (!kind) continue;
      const e = l.expected ?? {};
      const truthText = l.ocr_lines_file
        ? readFileSync(join(dataDir, 'receipts', l.ocr_lines_file), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((row) => row.split(',').slice(8).join(','))
            .join('\n')
        : undefined;
      out.push({
        category: 'receipts',
        file: join(dataDir, 'receipts', l.file),
        kind,
        expectedTypes: ['receipt'],
        // SROIE writes some totals with their currency mark ("$8.20").
        expected: { merchant_name: e.company, date: e.date, total: Number(String(e.total).replace(/[^\d.-]/g, '')), merchant_address: e.address },
        ...(truthText ? { truthText } : {}),
      });
    }
  }
  const invoiceLabels = join(dataDir, 'invoices/labels.jsonl');
  if (existsSync(invoiceLabels)) {
    for (const l of readJsonl(invoiceLabels)) {
      const kind = kindOf(l.file);
      if (!kind) continue;
      const e = l.expected ?? {};
      const expected: Record<string, string | number> = {};
      if (e.issuer) expected.vendor_name = e.issuer;
      if (typeof e.amount === 'number') expected.total = e.amount;
      if (e.date) expected.invoice_date = e.date;
      if (e.invoice_number) expected.invoice_number = e.invoice_number;
      if (e.currency) expected.currency = e.currency;
      out.push({ category: 'invoices', file: join(dataDir, 'invoices', l.file), kind, expectedTypes: ['invoice'], expected });
    }
  }
  const cvLabels = join(dataDir, 'cvs/labels.jsonl');
  if (existsSync(cvLabels)) {
    for (const l of readJsonl(cvLabels)) {
      const kind = kindOf(l.file);
      if (!kind) continue;
      const c = l.expected_core ?? {};
      const expected: Record<string, string> = {};
      if (c.name) expected.full_name = c.name;
      if (c.email) expected.email = c.email;
      out.push({ category: 'cvs', file: join(dataDir, 'cvs', l.file), kind, expectedTypes: ['cv'], expected });
    }
  }
  return out;
}
