import { daysBetween, documentDayOrder, findDates, resolveDate, termsDays, type DayOrder, type ResolvedDate } from './dates.js';
import { matchLabel, upper, LABELS } from './labels.js';
import { findPairs, type Pair } from './pairs.js';
import type { Row } from './rows.js';

/** The invoice date and the due date, read in the order the document itself shows. When nothing
 * printed decides the order, plausibility does: the due date follows the invoice date (by the
 * payment terms where printed) and an invoice is not dated in the future. */

export interface InvoiceDates {
  invoice: Pair<string> | null;
  due: Pair<string> | null;
  /** Other dates a due-date label names as firmly as the chosen one's: a page that prints two due
   * dates leaves the person to say which holds. */
  dueRivals: Pair<string>[];
  order: DayOrder | null;
  why: string;
}

const firstDate = (text: string): { value: string; raw: string } | null => {
  const d = findDates(text)[0];
  return d ? { value: d.raw, raw: d.raw } : null;
};

/** Whether the text ends in one of the label's phrases. */
const endsWithLabel = (name: 'number_date', text: string): boolean => {
  const tail = upper(text);
  return LABELS[name].some((p) => {
    const m = tail.match(new RegExp(`(?:${p.re.source})\\s*$`, p.re.flags));
    return m !== null;
  });
};

/** A date on the row of the invoice number ("Facture n° 562 du 02 juillet 2015"), else the first
 * unlabelled date high on the first page. */
function fallbackInvoiceDate(rows: Row[]): Pair<string> | null {
  for (const row of rows) {
    const number = matchLabel('invoice_number', row.text);
    if (!number) continue;
    const d = firstDate(row.text);
    if (!d) continue;
    // "Rechnung Nr. 42 vom 30.10.2019": the date joined to a labelled number is the invoice's own.
    const before = row.text.slice(0, row.text.indexOf(d.raw)).trimEnd();
    const joined = number.strength >= 3 && /\S\s+\S+$/.test(before) && endsWithLabel('number_date', before);
    return { ...d, page: row.page, boxes: [row.box], score: joined ? 30 : 5, how: 'same', row };
  }
  // Dates inside sentences ("credits expire on …") are not the document's own.
  const short = rows
    .filter((r) => r.page === rows[0]?.page && r.box[1] <= 0.5)
    .flatMap((row) => row.cells.map((cell) => ({ row, cell })))
    .filter(({ cell }) => cell.words.length <= 7 && !matchLabel('due_date', cell.text) && firstDate(cell.text));
  const found = short.find(({ cell }) => !matchLabel('other_date', cell.text)) ?? short[0];
  const d = found ? firstDate(found.cell.text) : null;
  return found && d ? { ...d, page: found.row.page, boxes: [found.cell.box], score: 1, how: 'same', row: found.row } : null;
}

function plausibleOrder(invoiceRaw: string, dueRaw: string | null, terms: number | null, now: Date): { order: DayOrder | null; why: string } {
  const fits = (order: DayOrder): boolean => {
    const inv = resolveDate(invoiceRaw, order);
    const due = dueRaw ? resolveDate(dueRaw, order) : null;
    if (!inv || (dueRaw && !due)) return false;
    if (Date.parse(inv.iso) > now.getTime() + 86_400_000) return false;
    if (due && daysBetween(inv.iso, due.iso) < 0) return false;
    if (due && terms !== null && daysBetween(inv.iso, due.iso) !== terms) return false;
    return true;
  };
  const dmy = fits('dmy');
  const mdy = fits('mdy');
  if (dmy !== mdy)
    return { order: dmy ? 'dmy' : 'mdy', why: 'only one day/month order gives dates that fit together (due after issue, payment terms, not in the future)' };
  return { order: null, why: 'no date on the document shows the day/month order' };
}

export function findInvoiceDates(rows: Row[], now: Date): InvoiceDates {
  const texts = rows.map((r) => r.text);
  // A bare "Date" label also stands before due and order dates: those rows are not the invoice's.
  const byLabel = findPairs(rows, 'invoice_date', firstDate).filter(
    (p) => p.score >= 30 || !(matchLabel('due_date', p.row.text) || matchLabel('other_date', p.row.text)),
  );
  const invoice = byLabel[0] ?? fallbackInvoiceDate(rows);
  const dues = findPairs(rows, 'due_date', firstDate);
  const due = dues[0] ?? null;
  const dueRivals = dues.slice(1).filter((p) => p.score >= 30);
  const decision = documentDayOrder(texts);
  let { order, why } = decision;
  if (!order && invoice) {
    const terms = texts.map(termsDays).find((n) => n !== null) ?? null;
    ({ order, why } = plausibleOrder(invoice.value, due?.value ?? null, terms, now));
  }
  if (!order && decision.dotted) return { invoice, due, dueRivals, order: 'dmy', why: 'dates are written with dots (day first)' };
  return { invoice, due, dueRivals, order, why };
}

export const resolvePair = (pair: Pair<string>, order: DayOrder | null): ResolvedDate | null => resolveDate(pair.value, order);
