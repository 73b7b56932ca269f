/** The spreadsheet of a reading: a sheet of fields (value, status, evidence); a sheet of line items
 * for invoices and receipts; sheets of experience and education for CVs. exceljs: maintained, pure
 * JavaScript, writes real .xlsx (zip + OOXML) with no native parts. */
import ExcelJS from 'exceljs';
import type { Result } from '../domain/result.js';

/** A cell never starts a formula: text that looks like one is written as text (CSV/XLSX injection). */
export function cellText(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function sheet(book: ExcelJS.Workbook, name: string, header: string[], rows: unknown[][]): void {
  const ws = book.addWorksheet(name);
  ws.addRow(header).font = { bold: true };
  for (const row of rows) ws.addRow(row.map(cellText));
  ws.columns.forEach((c) => (c.width = 24));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

export const FIELDS_HEADER = ['field', 'value', 'status', 'evidence', 'reason', 'page'];
export const ITEMS_HEADER = ['line', 'description', 'quantity', 'unit_price', 'amount'];
export const EXPERIENCE_HEADER = ['title', 'employer', 'place', 'start', 'end', 'bullets'];
export const EDUCATION_HEADER = ['degree', 'institution', 'place', 'start', 'end'];

interface CvRows {
  experience?: Array<Record<string, unknown>>;
  education?: Array<Record<string, unknown>>;
}

export async function resultXlsx(result: Result): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'docread';
  const fields = Object.entries(result.fields);
  sheet(
    book,
    'Fields',
    FIELDS_HEADER,
    fields.filter(([, f]) => !Array.isArray(f.value)).map(([key, f]) => [key, f.value, f.status, f.evidence.join(', '), f.reason, f.region?.page ?? null]),
  );
  const items = fields.find(([key, f]) => key === 'line_items' && Array.isArray(f.value))?.[1].value as Array<Record<string, unknown>> | undefined;
  if (result.document_type === 'invoice' || result.document_type === 'receipt') {
    sheet(
      book,
      'Line items',
      ITEMS_HEADER,
      (items ?? []).map((it, i) => [i + 1, it.description ?? null, it.quantity ?? null, it.unit_price ?? null, it.amount ?? it.total ?? null]),
    );
  }
  const cv = result.cv as CvRows | null;
  if (cv) {
    sheet(
      book,
      'Experience',
      EXPERIENCE_HEADER,
      (cv.experience ?? []).map((e) => [e.title, e.employer, e.place, e.start, e.end, (e.bullets as string[]).join('\n')]),
    );
    sheet(
      book,
      'Education',
      EDUCATION_HEADER,
      (cv.education ?? []).map((e) => [e.degree, e.institution, e.place, e.start, e.end]),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
