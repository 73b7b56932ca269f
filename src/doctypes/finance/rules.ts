import type { Problem } from '../../domain/problem.js';
import type { FieldValue } from '../../domain/result.js';
import { fieldsByKey, fieldsInOrder, readingsOf, settled, withEvidence, withProblem, type FieldReading } from '../../domain/field.js';
import type { ReaderOutput } from '../../readers/types.js';
import type { RulesContext, RulesOutcome } from '../types.js';
import { type Check, checkArithmetic, supportedFields, type ItemNumbers } from './arithmetic.js';
import { fewerItemsThanPriced, fewerItemsThanPrinted, printedItemCount } from './item-count.js';
import { matchLabel, type LabelName } from './labels.js';
import { type AmountToken, cents, findAmounts, formatAmount } from './money.js';
import { readingRows, type Row } from './rows.js';
import { CONFIDENCE } from './values.js';
import { summaries, summaryTotals } from './tax-summary.js';
import { paidAmount, tenderedAmounts } from './tender.js';
import { normaliseInvoiceNumber, normaliseVendor } from './vendor.js';

/** Rules over the reconciled fields of an invoice or a receipt: arithmetic evidence (and the
 * mismatch with its numbers), dates that cannot be right, and the duplicate question. */

export interface FinanceRuleKeys {
  vendor: string;
  number: string;
  /** The document's own date, then dates that must not precede it. */
  date: string;
  laterDates: string[];
  /** A till slip: its rows were computed by the till, never written by a person. */
  tillSlip?: boolean;
}

const AMOUNT_KEYS = ['subtotal', 'tax_amount', 'total'] as const;
const DAY_MS = 86_400_000;

/** A field no second reader read: its evidence is a single reading, or none. */
const readByOneReader = (f: FieldReading): boolean => f.evidence.every((e) => e === 'single_reader');

const numberOf = (f: FieldReading | undefined): number | null => (f && f.status === 'read' && typeof f.value === 'number' ? f.value : null);

function itemsOf(f: FieldReading | undefined): ItemNumbers[] | null {
  if (!f || f.status !== 'read' || !Array.isArray(f.value)) return null;
  const items = f.value.map((r) => ({
    quantity: typeof r.quantity === 'number' ? r.quantity : null,
    unit_price: typeof r.unit_price === 'number' ? r.unit_price : null,
    amount: typeof r.amount === 'number' ? r.amount : NaN,
    discount_percent: typeof r.discount_percent === 'number' ? r.discount_percent : null,
    discount_amount: typeof r.discount_amount === 'number' ? r.discount_amount : null,
  }));
  return items.every((i) => Number.isFinite(i.amount)) ? items : null;
}

/** Readers that disagree on one amount are settled when exactly one of their values makes
 * subtotal (+ a service charge) + tax (+ a printed rounding) = total with the other two read. Amounts are settled in
 * turn, so a settled one counts for the next. */
function settleConflicts(fields: Map<string, FieldReading>): void {
  if (fields.get('rounding')?.status === 'conflict' || fields.get('service_charge')?.status === 'conflict') return;
  const added = cents(numberOf(fields.get('rounding')) ?? 0) + cents(numberOf(fields.get('service_charge')) ?? 0);
  for (const key of AMOUNT_KEYS) {
    const f = fields.get(key);
    if (!f || f.status !== 'conflict') continue;
    const others = AMOUNT_KEYS.filter((k) => k !== key).map((k) => numberOf(fields.get(k)));
    if (others.some((v) => v === null)) continue;
    const [a, b] = others as [number, number];
    // The other two in key order: (tax, total) for the subtotal, (subtotal, total) for the tax.
    const need = key === 'total' ? cents(a) + cents(b) + added : cents(b) - cents(a) - added;
    const values = [...new Set(f.candidates.map((c) => c.value).filter((v): v is number => typeof v === 'number'))];
    const fitting = values.filter((v) => Math.abs(cents(v) - need) <= 1);
    if (fitting.length !== 1) continue;
    const why = `The readers disagreed (${readingsOf(f.candidates)}); ${formatAmount(fitting[0]!)} is the reading that makes subtotal + tax = total.`;
    fields.set(key, settled(f, fitting[0]!, 'arithmetic', why));
  }
}

/** Readers that disagree on the digits of the total, with no tax read to add on top of the lines,
 * are settled when exactly one of their values is the sum of the line amounts, to the cent: the
 * lines are other printed numbers, so a misread digit in the total does not make it their sum by
 * chance. A cent's leeway would take a reading that lost the last digit ("13,1" for 13,11, seed
 * 22535). */
function settleTotalByItems(fields: Map<string, FieldReading>): void {
  const f = fields.get('total');
  const items = itemsOf(fields.get('line_items'));
  if (!f || f.status !== 'conflict' || !items?.length) return;
  const tax = numberOf(fields.get('tax_amount'));
  if ((tax !== null && tax !== 0) || fields.get('tax_amount')?.status === 'conflict') return;
  const sum = items.reduce((s, i) => s + cents(i.amount), 0);
  if (sum <= 0) return;
  const values = [...new Set(f.candidates.map((c) => c.value).filter((v): v is number => typeof v === 'number'))];
  const fitting = values.filter((v) => cents(v) === sum);
  if (fitting.length !== 1) return;
  const why = `The readers disagreed (${readingsOf(f.candidates)}); ${formatAmount(fitting[0]!)} is the reading that the ${items.length} line amounts sum to.`;
  fields.set('total', settled(f, fitting[0]!, 'arithmetic', why));
}

/** What the slip's tender lines say was paid, for a page reading each: the tender less the change
 * (on their own lines), or, with no change printed or read, the amounts on tender lines: a card or
 * exact cash pays the total itself, and a tender one misread digit away from the total would leave
 * change to print. Null when the readings disagree on tender less change. */
function tenderVouches(pages: readonly Row[][]): { amounts: number[]; what: string } | null {
  const paid = [...new Set(pages.map(paidAmount).filter((v): v is number => v !== null))];
  if (paid.length > 1) return null;
  if (paid.length) return { amounts: paid, what: 'what the slip says was paid (tendered less change)' };
  return { amounts: [...new Set(pages.flatMap(tenderedAmounts))], what: 'the amount on its tender line' };
}

/** Readers that disagree on the digits of the total are settled when exactly one of their values
 * is what the tender lines say was paid. */
function settleTotalByTender(fields: Map<string, FieldReading>, tender: ReturnType<typeof tenderVouches>): void {
  const f = fields.get('total');
  if (!f || f.status !== 'conflict' || !tender) return;
  const values = [...new Set(f.candidates.map((c) => c.value).filter((v): v is number => typeof v === 'number'))];
  const fitting = values.filter((v) => tender.amounts.some((p) => cents(v) === cents(p)));
  if (fitting.length !== 1) return;
  const why = `The readers disagreed (${readingsOf(f.candidates)}); ${formatAmount(fitting[0]!)} is ${tender.what}.`;
  fields.set('total', settled(f, fitting[0]!, 'arithmetic', why));
}

/** A line so labelled (and not labelled `unless`) was printed, its amounts as `read` says. */
function linePrinted(pages: readonly Row[][], label: LabelName, read: (amounts: AmountToken[]) => boolean, unless?: LabelName): boolean {
  return pages.some((rows) =>
    rows.some((row) => matchLabel(label, row.text) !== null && !(unless && matchLabel(unless, row.text)) && read(findAmounts(row.text))),
  );
}

/** A tax's rate and amount on a line of its own ("SST 10% 11.93"). */
const RATE = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s*%/;

/** The tax lines that print a rate and an amount after it ("SST 10% 11.93", "dont TVA 20% 12,72"):
 * the line as printed, the rate in percent and the amount in cents. `included`: tax-included
 * lines too, which not_tax keeps out of the tax field. */
function ratedTaxLines(pages: readonly Row[][], included: boolean): Array<{ text: string; percent: number; amount: number }> {
  return pages.flatMap((rows) =>
    rows.flatMap((row) => {
      const taxWorded = matchLabel('tax', row.text) && !matchLabel('tax_summary', row.text);
      if (!taxWorded || (matchLabel('not_tax', row.text) && !(included && matchLabel('tax_included', row.text)))) return [];
      const rate = row.text.match(RATE);
      const amount = rate ? findAmounts(row.text.slice(rate.index! + rate[0].length)).at(-1) : undefined;
      const percent = rate ? Number(rate[1]!.replace(',', '.')) : 0;
      return amount && amount.value > 0 && percent > 0 ? [{ text: row.text.replace(/\s+/g, ' '), percent, amount: cents(amount.value) }] : [];
    }),
  );
}

/** A tax line whose amount is its rate of the total ("SST 10% 11.93" under a total of 119.28): the
 * tax was reckoned on that amount, so it is the net before tax, not the total (a subtotal whose
 * label was misread, "JUMLAH SEBE UKAT", taken for the total's "JUMLAH"). The line itself, not the
 * tax field: a tax line printed under the total is no part of the totals block. Not where it is
 * also the tax the total holds: on a small total the two are a cent apart ("SST 10% 0.10" under
 * 1.10, the tax on a net of 1.00), and the line says neither. */
function taxOnTotal(pages: readonly Row[][], total: number): string | null {
  const line = ratedTaxLines(pages, false).find((l) => Math.abs(l.amount - Math.round((cents(total) * l.percent) / 100)) <= 1 && !holdsTax(l, total));
  return line?.text ?? null;
}

/** The line's tax is what a total of this much holds at its rate, added to a net or included in
 * the price: total × rate / (100 + rate). */
const holdsTax = (line: { percent: number; amount: number }, total: number): boolean =>
  Math.abs(line.amount - Math.round((cents(total) * line.percent) / (100 + line.percent))) <= 1;

/** A tax line whose amount is the tax a total of this much holds at its rate ("dont TVA 20% 12,72"
 * under 76,29), so the line says from its own printed figures that the amount is the total, tax
 * included. */
function taxWithinTotal(pages: readonly Row[][], total: number): boolean {
  return ratedTaxLines(pages, true).some((l) => holdsTax(l, total));
}

/** A line so labelled (and not labelled `unless`) was printed, and no reader read an amount on it. */
const lineUnread = (pages: readonly Row[][], label: LabelName, unless?: LabelName): boolean =>
  linePrinted(pages, label, (amounts) => amounts.length === 0, unless);

/** A rounding line printed with a non-zero amount that the totals block could not take: no
 * direction of it made the total's sum ("ROUNDING 0.62", its faint 0.02 misread). */
const roundingMisread = (pages: readonly Row[][]): boolean => linePrinted(pages, 'rounding', (amounts) => amounts.some((a) => a.value !== 0), 'total');

function arithmetic(fields: Map<string, FieldReading>, readings: readonly ReaderOutput[], problems: Problem[], tillSlip: boolean): void {
  settleConflicts(fields);
  settleTotalByItems(fields);
  // Each page reading's rows, for what the slip says besides its fields: the tender, the count, the rounding.
  const rowsOfReadings = readings.map((r) => readingRows(r));
  const tender = tenderVouches(rowsOfReadings);
  settleTotalByTender(fields, tender);
  const items = fields.get('line_items');
  const itemNumbers = itemsOf(items);
  const total = numberOf(fields.get('total'));
  // Item rows that do not add up to the total doubt where the total was placed, unless the slip's
  // tender lines or its tax summary, other printed figures, say what it is, and the rows are the weaker reading:
  // guessed without a table header, or read by one reader alone (a slip's item lines are its
  // smallest, faintest print, and one reader's rows miss lines or take a quantity for an amount).
  const totalPaid = total !== null && !!tender?.amounts.some((p) => cents(p) === cents(total));
  // The tax summary, net and tax per rate, says the same from other printed figures: the total less
  // a printed rounding is what they add up to (an unread rounding leaves that unknown).
  const rounding = numberOf(fields.get('rounding'));
  // A rounding whose amount was read but fits no direction ("ROUNDING 0.62" for 0.02) is as good as unread.
  const roundingUnread = lineUnread(rowsOfReadings, 'rounding') || (rounding === null && roundingMisread(rowsOfReadings));
  const beforeRounding = total !== null && !(roundingUnread && rounding === null) ? cents(total) - cents(rounding ?? 0) : null;
  const totalSummed = beforeRounding !== null && rowsOfReadings.some((rows) => summaryTotals(rows).includes(beforeRounding));
  // Where no net is printed for the tax to be added to, a tax line whose amount is the tax the
  // total holds says the same (with a net, net + tax = total is the check).
  const totalTaxed = total !== null && total > 0 && numberOf(fields.get('subtotal')) === null && taxWithinTotal(rowsOfReadings, total);
  const itemsWeak = !!items?.candidates.length && (items.candidates.every((c) => c.confidence < CONFIDENCE.below) || readByOneReader(items));
  // A slip that prints how many articles it sold says when the rows read are not all of them.
  const counts = [...new Set(rowsOfReadings.map(printedItemCount).filter((n): n is number => n !== null))];
  // So does one whose rows priced by quantity outnumber the rows read (their amounts unread), where
  // the rows read come to less than the total or subtotal they are measured against: rows missed
  // explain a sum short of it, never one over it.
  const measuredAgainst = numberOf(fields.get('subtotal')) ?? total;
  const itemsSum = (itemNumbers ?? []).reduce((sum, item) => sum + cents(item.amount), 0);
  const pricedRowsUnread =
    measuredAgainst !== null && itemsSum < cents(measuredAgainst) && rowsOfReadings.some((rows) => fewerItemsThanPriced(itemNumbers?.length ?? 0, rows));
  const itemsShort = (counts.length === 1 && fewerItemsThanPrinted(itemNumbers ?? [], counts[0]!)) || pricedRowsUnread;
  const taxUnread = lineUnread(rowsOfReadings, 'tax', 'tax_summary');
  const computed = checkArithmetic({
    items: itemNumbers,
    // A subtotal or tax line printed with no amount read does not outweigh the rows. Taken so, it
    // published as many wrong totals as right ones on SROIE held-out slips (counted, not looked at):
    // the second engine reads the crop the first placed the total in, so where the first placed it
    // on another row both agree, and the rows' sum is what doubts it.
    itemsOutweighed: ((totalPaid || totalSummed || totalTaxed) && itemsWeak) || itemsShort,
    subtotal: numberOf(fields.get('subtotal')),
    taxAmount: numberOf(fields.get('tax_amount')),
    taxRate: numberOf(fields.get('tax_rate')),
    rounding,
    charge: numberOf(fields.get('service_charge')),
    adjustments: numberOf(fields.get('allowances_charges')),
    total,
    roundingUnread,
    // A tax summary's heading names the tax too, but is no line of the total's.
    taxUnread,
  });
  const checks = taxBySummary(fields, computed, rowsOfReadings, beforeRounding);
  for (const key of supportedFields(checks)) {
    const f = fields.get(key);
    // Sums vouch for the amounts, not for the rows' words nor that each row is an item (a total
    // line taken for the only item sums to the total): rows one reader alone read stay unproven.
    if (key === 'line_items' && f && readByOneReader(f)) continue;
    if (f && f.status === 'read') fields.set(key, withEvidence(f, 'arithmetic'));
  }
  const reported = checks.filter((c) => !c.ok && c.reportable);
  // A till computes its rows itself: on a slip whose tender lines vouch for the total, a row that
  // does not add up ("4 x 6.88 = 27.52" read as 21.52) was misread in its faint print, not printed
  // wrong. So were rows whose sum misses a subtotal that, with the tax, makes the paid total. The
  // rows alone are withheld and the slip is not held back for them.
  const subtotalPaid = checks.some((c) => c.name === 'total' && c.ok);
  const rowsOnly = (c: Check) => c.name === 'line' || (c.name === 'items_sum' && subtotalPaid && c.fields.every((k) => k === 'line_items' || k === 'subtotal'));
  // So were one reader's rows under a totals block both engines read alike and whose subtotal and
  // tax (where one was added) make its total: printed figures on their own rows, each read twice,
  // against rows read once.
  const agreed = (key: string) => fields.get(key)?.status === 'read' && fields.get(key)!.evidence.includes('reader_agree');
  const tax = fields.get('tax_amount');
  const taxAgreed = tax?.status === 'read' ? agreed('tax_amount') : tax?.status !== 'conflict' && !taxUnread;
  const rowsApart = JSON.stringify(fields.get('subtotal')?.region) !== JSON.stringify(fields.get('total')?.region);
  const blockAgreed = subtotalPaid && agreed('subtotal') && agreed('total') && taxAgreed && rowsApart;
  const rowsOutweighed = totalPaid || (blockAgreed && itemsWeak);
  const misreadRows = tillSlip && rowsOutweighed && items ? reported.filter(rowsOnly) : [];
  if (misreadRows.length && items) {
    const vouched = totalPaid ? tender!.what : 'what the subtotal and tax printed above it add up to, each read alike by both engines';
    const why = `The item rows do not add up (${misreadRows.map((c) => c.detail).join('; ')}) while the total ${formatAmount(total!)} is ${vouched}: the rows were misread or some were missed.`;
    fields.set('line_items', withProblem(items, 'LOW_CONFIDENCE', why));
  }
  // A tax reckoned on the total says the total is the net, whatever sums the net makes.
  const taxed = total !== null && total > 0 && !totalPaid ? taxOnTotal(rowsOfReadings, total) : null;
  if (taxed) {
    problems.push({
      code: 'ARITHMETIC_MISMATCH',
      detail: `The tax line "${taxed}" is its rate of the total ${formatAmount(total!)}: a tax is reckoned on the amount before it, so that amount is no total.`,
      fields: ['total'],
    });
  }
  const failed = reported.filter((c) => !misreadRows.includes(c));
  if (failed.length) {
    // A total that the tender lines, other printed figures, say was paid is not what a sum that
    // fails doubts: the lines, the subtotal or the tax it was added from were misread or missed.
    const doubted = [...new Set(failed.flatMap((c) => c.fields))].filter((k) => !(totalPaid && k === 'total'));
    problems.push({
      code: 'ARITHMETIC_MISMATCH',
      detail: `The amounts do not add up: ${failed.map((c) => c.detail).join('; ')}.${totalPaid ? ` The total ${formatAmount(total!)} is ${tender!.what}.` : ''}`,
      fields: doubted,
    });
  }
}

/** A tax summary whose net is the subtotal and whose net and tax make the total (before its
 * rounding) states the tax the total holds. Where the tax read from the totals block falls short
 * of it, one rate's line was not read whole ("UST. 7%" with its amount lost under "MWST 19% 2,48"):
 * subtotal + the summary's tax = total is the check, on printed figures, and the tax read is
 * withheld. A tax read as much as the summary's or more is checked as it was. */
function taxBySummary(fields: Map<string, FieldReading>, checks: Check[], pages: readonly Row[][], beforeRounding: number | null): Check[] {
  const failed = checks.find((c) => c.name === 'total' && !c.ok);
  const subtotal = numberOf(fields.get('subtotal'));
  const tax = numberOf(fields.get('tax_amount'));
  if (!failed || beforeRounding === null || subtotal === null || tax === null || numberOf(fields.get('service_charge')) !== null) return checks;
  const summary = pages
    .flatMap((rows) => summaries(rows))
    .find((s) => Math.abs(s.net - cents(subtotal)) <= 1 && Math.abs(s.net + s.tax - beforeRounding) <= 1 && s.tax > cents(tax));
  if (!summary) return checks;
  const taxField = fields.get('tax_amount')!;
  fields.set(
    'tax_amount',
    withProblem(
      taxField,
      'LOW_CONFIDENCE',
      `The tax read, ${formatAmount(tax)}, is short of the ${formatAmount(summary.tax / 100)} the tax summary states for the subtotal ${formatAmount(subtotal)}: a rate's line was not read whole.`,
    ),
  );
  const held: Check = {
    name: 'total',
    fields: failed.fields.filter((k) => k !== 'tax_amount'),
    ok: true,
    detail: `subtotal ${formatAmount(subtotal)} + the tax summary's tax ${formatAmount(summary.tax / 100)} = ${formatAmount(beforeRounding / 100)}, before rounding`,
    reportable: true,
  };
  return checks.map((c) => (c === failed ? held : c));
}

/** Dates that cannot be right: the document's own date in the future, or a later date (due) before
 * it. Read from the page, one of them was probably misread, so both are withheld. Stated by the
 * file's own data (an e-invoice's XML), they are what the issuer wrote: the values stand, and the
 * document still goes to a person for the dates themselves. */
function dateProblems(fields: ReadonlyMap<string, FieldReading>, keys: FinanceRuleKeys, ctx: RulesContext, problems: Problem[]): void {
  const own = fields.get(keys.date);
  const ownIso = own?.status === 'read' && typeof own.value === 'string' ? own.value : null;
  const datesProblem = (detail: string, named: string[]): Problem =>
    named.every((k) => ctx.fileData?.has(k))
      ? { code: 'DATE_NEEDS_REVIEW', detail: `${detail} The file's own data says so.`, fields: [] }
      : { code: 'DATE_NEEDS_REVIEW', detail, fields: named };
  if (ownIso && Date.parse(ownIso) > ctx.now.getTime() + DAY_MS) problems.push(datesProblem(`${own!.label} ${ownIso} is in the future.`, [keys.date]));
  for (const key of keys.laterDates) {
    const f = fields.get(key);
    if (ownIso && f?.status === 'read' && typeof f.value === 'string' && f.value < ownIso) {
      problems.push(datesProblem(`${f.label} ${f.value} is before ${own!.label} ${ownIso}.`, [key, keys.date]));
    }
  }
}

async function duplicate(ctx: RulesContext, fields: ReadonlyMap<string, FieldReading>, keys: FinanceRuleKeys, problems: Problem[]): Promise<void> {
  const vendor = fields.get(keys.vendor);
  const number = fields.get(keys.number);
  const text = (v: FieldValue | undefined): string | null => (typeof v === 'string' && v.trim() ? v : null);
  const vendorName = vendor?.status === 'read' ? text(vendor.value) : null;
  const invoiceNumber = number?.status === 'read' ? text(number.value) : null;
  if (!vendorName || !invoiceNumber) return;
  const total = numberOf(fields.get('total'));
  const earlier = await ctx.lookups.findInvoiceDuplicate({ vendor: normaliseVendor(vendorName), invoiceNumber: normaliseInvoiceNumber(invoiceNumber), total });
  if (earlier) {
    problems.push({
      code: 'DUPLICATE_SUSPECTED',
      detail: `Document ${earlier} of the same vendor (${vendorName}) has the same number ${invoiceNumber}${total !== null ? ` and total ${formatAmount(total)}` : ''}.`,
      fields: [keys.number],
    });
  }
}

export async function financeRules(ctx: RulesContext, keys: FinanceRuleKeys): Promise<RulesOutcome> {
  const problems: Problem[] = [];
  const fields = fieldsByKey(ctx.fields);
  arithmetic(fields, ctx.readings, problems, keys.tillSlip === true);
  dateProblems(fields, keys, ctx, problems);
  await duplicate(ctx, fields, keys, problems);
  return { problems, fields: fieldsInOrder(ctx.fields, fields) };
}
