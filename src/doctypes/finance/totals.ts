import type { Box } from '../../readers/types.js';
import { currencyOfMark } from './currency.js';
import { cents, findAmounts, findPercent } from './money.js';
import { DOTTED_TAX, matchLabel, nearSubtotal, upper } from './labels.js';
import type { Row } from './rows.js';
import { paymentRow } from './tender.js';

/** The totals block: rows that name a subtotal, a tax or a total, each with the amount at its right. */

export interface AmountReading {
  value: number;
  raw: string;
  page: number;
  boxes: Box[];
  /** The row's words before the amount. */
  label: string;
  strength: number;
  row: Row;
  /** A tax summed from the rows printed per rate (each one here). */
  perRate?: AmountReading[];
}

export interface TotalsBlock {
  subtotal: AmountReading | null;
  tax: AmountReading | null;
  taxRate: { value: number; raw: string; page: number; boxes: Box[] } | null;
  total: AmountReading | null;
  /** Every total-labelled amount seen, amounts due included, for the arithmetic to choose among. */
  totalCandidates: AmountReading[];
  /** The amount labelled as due (after prepayments), when one is printed. */
  due: AmountReading | null;
  /** Whether subtotal + tax = total held for the amounts taken (else they were placed by label and position). */
  consistent: boolean;
  /** The total is the amount due, no total being printed: right unless something was prepaid. */
  totalFromDue: boolean;
  /** A printed non-zero rounding adjustment, signed, once its direction is known. */
  rounding: AmountReading | null;
  /** A restaurant's service charge, added to the subtotal before the total. */
  charge: AmountReading | null;
  /** Why the total taken cannot be the amount after a printed rounding (it stays out of `values`). */
  totalDoubt: string | null;
  /** Discounts (negative) and charges (positive) on the whole document, printed above the net:
   * the lines add up to the net only with them. Totals of them ("Gesamtbetrag der Abschläge")
   * stand for the single ones when printed. */
  adjustments: AmountReading[];
}

/** "TOTAL I.V.A.", "Totale I.V.A.": the tax's total, as "TOTAL IVA" is. */
const TOTAL_DOTTED_TAX = new RegExp(String.raw`\bTOTALE?\s*(?:DES\s*)?${DOTTED_TAX}`, 'u');

type Kind = 'total' | 'subtotal' | 'tax' | 'due' | 'rounding' | 'charge' | 'adjustment';

const RIGHT_TO_LEFT = /\p{Script=Arabic}/u;
/** Words in any script (Arabic's too), or letters with a dot after each ("I.V.A."). */
const HAS_WORDS = /\p{L}\.?\p{L}/u;

export interface LabelledAmount {
  value: number;
  raw: string;
  boxes: Box[];
  label: string;
}

/** A row's label–amount pairs. A cell with words starts a new pair; cells holding only numbers
 * extend it, and the pair's amount is its rightmost ("Total 24.99 5.00 29.99" is 29.99, while
 * "Net 593.36 … Subtotal 717.97" side by side are two pairs). */
export function rowAmounts(row: Row): LabelledAmount[] {
  const out: LabelledAmount[] = [];
  let pending: string[] = [];
  let current: LabelledAmount | null = null;
  // An Arabic row printed right to left: its label stands right of its amount, which comes first.
  const first = row.cells[0]?.text ?? '';
  const rightToLeft = RIGHT_TO_LEFT.test(row.text) && !/[A-Za-z]/.test(row.text) && findAmounts(first).length > 0 && !/\p{L}/u.test(first);
  const cells = rightToLeft ? [...row.cells].reverse() : row.cells;
  for (const cell of cells) {
    const amounts = findAmounts(cell.text);
    let words = cell.text;
    for (const a of [...amounts].reverse()) words = words.slice(0, a.start) + words.slice(a.end);
    const wordy = HAS_WORDS.test(words);
    if (wordy && current) {
      out.push(current);
      current = null;
      pending = [];
    }
    const last = amounts[amounts.length - 1];
    if (!last) {
      // Words and marks like "7%" belong to the next amount's label.
      if (!current) pending.push(cell.text);
      continue;
    }
    const label: string = current ? current.label : [...pending, wordy ? cell.text.slice(0, amounts[0]!.start) : ''].join(' ').trim();
    current = { value: last.value, raw: last.raw, boxes: [cell.box], label };
    pending = [];
  }
  if (current) out.push(current);
  return out;
}

/** The words that join a total's label to what it totals ("Total of discounts", "Gesamtbetrag
 * der Abschläge", "Total des remises"): nothing else may stand between them. */
const TOTAL_OF = /^\s*(?:OF(?:\s*THE)?|DER|DES|DE(?:\s*LOS|\s*LAS)?|DEL|DELLE|DEGLI|DEI|VAN\s*DE|DOS|DAS|DO|DA)?\s*$/;

/** A discount (-1) or a charge (+1) on the whole document, by its label: alone ("Rabatt",
 * "Frais de port") or as the total of them; never a total, a net or an amount due after them
 * ("Total after discount", "Net à payer"). */
function adjustmentSign(label: string): -1 | 1 | null {
  const allowance = matchLabel('allowance', label);
  const charge = matchLabel('charge', label);
  const found =
    allowance && (!charge || allowance.start <= charge.start) ? { sign: -1 as const, at: allowance } : charge ? { sign: 1 as const, at: charge } : null;
  if (!found) return null;
  if (matchLabel('subtotal', label) || matchLabel('amount_due', label) || matchLabel('tax', label) || matchLabel('prepayment', label)) return null;
  const total = matchLabel('total', label);
  if (total && (total.start > found.at.start || !TOTAL_OF.test(upper(label).slice(total.end, found.at.start)))) return null;
  return found.sign;
}

function classify(label: string): { kind: Kind; strength: number } | null {
  if (!HAS_WORDS.test(label)) return null;
  const t = upper(label);
  if (matchLabel('service_charge', label) && !matchLabel('total', label)) return { kind: 'charge', strength: 3 };
  if (adjustmentSign(label) !== null) return { kind: 'adjustment', strength: 2 };
  // "Rounding -0.02" adjusts the total; "Rounded total", "Total after rounding" are totals.
  const rounding = matchLabel('rounding', label);
  if (rounding && !matchLabel('total', label) && !matchLabel('subtotal', label) && !matchLabel('amount_due', label))
    return { kind: 'rounding', strength: rounding.strength };
  // "Total includes 6% GST 1.61" gives the tax the total holds, not the total.
  if (
    /\bTOTAL\s*(?:DES\s*)?(?:TAX(?:ES)?|VAT|GST|TVA|IVA|BTW|MWST|UST)\b|\b(?:TAX(?:ES)?|VAT|GST|IVA)\s*TOTAL\b|\bTOTALE\s*IVA\b|\bTOTAL\s+INCLUDES\s+(?:\d+(?:[.,]\d+)?\s*%\s*)?(?:GST|SST|VAT|TAX)\b/.test(
      t,
    ) ||
    TOTAL_DOTTED_TAX.test(t)
  )
    return { kind: 'tax', strength: 3 };
  const sub = matchLabel('subtotal', label);
  if (sub) return { kind: 'subtotal', strength: sub.strength };
  const due = matchLabel('amount_due', label);
  if (due) return { kind: 'due', strength: due.strength };
  const total = matchLabel('total', label);
  // A subtotal's label a reader garbled by a letter, under the total's first word alone ("JUMLAH KECTIL").
  if ((!total || total.strength < 3) && nearSubtotal(label)) return { kind: 'subtotal', strength: 1 };
  // "Total discount", "Gesamtbetrag der Zuschläge": the total of something else.
  if (total && matchLabel('total_qualifier', label.slice(matchLabel('total', label)!.end))) return null;
  const notTotal = matchLabel('not_total', label);
  if (total && (!notTotal || total.strength >= 3)) return { kind: 'total', strength: total.strength };
  if (notTotal) return null;
  const tax = matchLabel('tax', label);
  if (tax && !matchLabel('not_tax', label)) return { kind: 'tax', strength: tax.strength };
  return null;
}

/** A label that says nothing but the currency: "", "RM", "(RM)". */
const bareOrCurrency = (label: string): boolean => {
  const mark = label.replace(/[\s():]/g, '');
  return mark === '' || currencyOfMark(mark) !== null;
};

const below = (a: AmountReading, b: AmountReading): boolean => a.page > b.page || (a.page === b.page && a.row.box[1] > b.row.box[1]);

/** Strongest label first, then lowest on the page. */
const strongestLowest = (list: AmountReading[]): AmountReading | null => [...list].sort((a, b) => b.strength - a.strength || (below(a, b) ? -1 : 1))[0] ?? null;

type Triple = { subtotal: AmountReading | null; tax: AmountReading | null; total: AmountReading | null; charge: AmountReading | null };

/** Subtotal, tax and total that add up (with a rounding adjustment in cents, and the service charge
 * when one is printed), preferring one with a tax line and the strongest total. */
function consistentTriple(found: Record<Kind, AmountReading[]>, totals: AmountReading[], adjust = 0): Triple | null {
  const limit = <T>(list: T[]): T[] => list.slice(-12);
  let best: (Triple & { rank: number }) | null = null;
  for (const total of limit(totals)) {
    for (const subtotal of limit(found.subtotal)) {
      for (const tax of [null, ...limit(found.tax)]) {
        for (const charge of [null, ...found.charge.slice(-1)]) {
          const sum = cents(subtotal.value) + (tax ? cents(tax.value) : 0) + (charge ? cents(charge.value) : 0) + adjust;
          if (sum !== cents(total.value)) continue;
          const rank: number = (tax ? 50 : 0) + (tax && tax.value !== 0 ? 50 : 0) + total.strength * 10 + (best && below(total, best.total!) ? 1 : 0);
          if (!best || rank > best.rank) best = { subtotal, tax, total, charge, rank };
        }
      }
    }
  }
  return best;
}

/** Without a consistent set: the lowest subtotal, the strongest lowest total, the tax between them. */
function byPosition(found: Record<Kind, AmountReading[]>): Triple {
  const subtotal = found.subtotal.length ? found.subtotal.reduce((a, b) => (below(b, a) ? b : a)) : null;
  const total = strongestLowest(found.total) ?? strongestLowest(found.due);
  const afterSubtotal = subtotal ? found.tax.filter((t) => below(t, subtotal)) : found.tax;
  const pool = afterSubtotal.length ? afterSubtotal : found.tax;
  const tax = pool.find((t) => !total || !below(t, total)) ?? null;
  return { subtotal, tax, total, charge: found.charge.at(-1) ?? null };
}

/** Where the rate was printed: the words of the tax row holding the percentage (it sits in the
 * label, not in the amount); the amount's boxes when no word can be pointed to. */
function percentBoxes(tax: AmountReading): Box[] {
  const words = tax.row.cells.flatMap((c) => c.words).filter((w) => findPercent(w.text) !== null);
  return words.length ? words.map((w) => w.box) : tax.boxes;
}

/** A credit note says so in its title: only then may its total be 0 or negative. */
export function isCreditNote(rows: Row[]): boolean {
  return rows.some((r) => r.text.split(/\s+/).length <= 5 && matchLabel('credit_note', r.text) !== null);
}

/** Finds the totals block. When several totals are printed (a summary and a grand total, a
 * rounded total), the one that equals subtotal + tax wins; else the strongest label, lowest down.
 * After a prepayment, an amount due stands in for the total only when no total is printed. A total, subtotal or amount due of 0 or less is a line's or a column's, not the
 * document's, unless the document is a credit note, whose amounts are taken as what it credits. */
export function findTotals(rows: Row[]): TotalsBlock {
  const found: Record<Kind, AmountReading[]> = { total: [], subtotal: [], tax: [], due: [], rounding: [], charge: [], adjustment: [] };
  const creditNote = isCreditNote(rows);
  const add = (kind: Kind, reading: AmountReading): void => {
    // A rounding adjustment is less than the smallest note; "Rounding 0.00" adjusts nothing.
    if (kind === 'rounding' && (reading.value === 0 || Math.abs(reading.value) >= 1)) return;
    // A discount is less whatever sign it is printed with, a charge more; one of 0 changes nothing.
    if (kind === 'adjustment') {
      if (reading.value !== 0) found.adjustment.push({ ...reading, value: adjustmentSign(reading.label)! * Math.abs(reading.value) });
      return;
    }
    if (kind !== 'tax' && kind !== 'rounding' && reading.value <= 0 && !creditNote) return;
    // A credit note's amounts are what it credits: EN 16931 states them positive and lets the
    // document type carry the sign, so a page printing "-233,47 €" gives the value its XML gives.
    found[kind].push(creditNote ? { ...reading, value: Math.abs(reading.value) } : reading);
  };
  // A tax summary (net and tax per rate) prints its own "Total" row: under its heading, a total is
  // the document's only when none was printed above it.
  const summaryAt = rows.findIndex((r) => matchLabel('tax_summary', r.text) !== null);
  const summaryTotals: AmountReading[] = [];
  const unlabelledRated: AmountReading[] = [];
  const unlabelledCents: AmountReading[] = [];
  rows.forEach((row, i) => {
    const amounts = rowAmounts(row);
    for (const amount of amounts) {
      const kind = classify(amount.label);
      if (kind?.kind === 'total' && summaryAt >= 0 && i > summaryAt) summaryTotals.push({ ...amount, page: row.page, strength: kind.strength, row });
      else if (kind) add(kind.kind, { ...amount, page: row.page, strength: kind.strength, row });
      else if (findPercent(amount.label) !== null) unlabelledRated.push({ ...amount, page: row.page, strength: 1, row });
      else if (amount.value !== 0 && Math.abs(cents(amount.value)) <= MAX_ROUNDING_CENTS) unlabelledCents.push({ ...amount, page: row.page, strength: 1, row });
    }
    // A label whose amount was printed (or read) on the line under it, alone or after its currency
    // ("RM 41.95"). A row of two amounts under it is none of its own: a tax summary's net and tax,
    // its heading lost, under a total whose own amount a reader missed.
    const next = rows[i + 1];
    const kind = amounts.length ? null : classify(row.text);
    const under = kind && next && next.page === row.page && findAmounts(next.text).length === 1 ? rowAmounts(next) : [];
    if (kind && under.length === 1 && bareOrCurrency(under[0]!.label))
      add(kind.kind, { ...under[0]!, label: row.text, page: row.page, strength: kind.strength, row: next! });
  });
  if (found.total.length === 0 && found.due.length === 0) for (const t of summaryTotals) add('total', t);
  // Without a prepayment, an amount due ("Total payable", "Net à payer") is the total as much as
  // a total is; after one, only the total is.
  const prepaid = rows.some((r) => matchLabel('prepayment', r.text) !== null);
  if (!prepaid) found.total.push(...found.due.splice(0));
  const consistentIn = (amounts: Record<Kind, AmountReading[]>) => consistentTriple(amounts, found.total) ?? consistentTriple(amounts, found.due);
  const consistent = consistentIn(found) ?? consistentIn(withRateSums(found)) ?? consistentIn(withRatedTax(found, unlabelledRated));
  const rounded =
    (consistent === null && found.rounding.length === 0 ? roundingUnlabelled(found, unlabelledCents) : null) ??
    // A rated row with a garbled label is the tax where the sum holds with the rounding too.
    afterRounding(consistent ? found : withRatedTax(found, unlabelledRated), consistent ?? byPosition(found), consistent !== null);
  const { subtotal, tax, total, charge } = rounded;
  // A sum of the rows per rate has no one rate.
  const rate = tax && !tax.perRate ? findPercent(tax.label) : null;
  return {
    subtotal,
    tax,
    taxRate: tax && rate !== null ? { value: rate, raw: `${rate}%`, page: tax.page, boxes: percentBoxes(tax) } : null,
    total,
    totalCandidates: [...found.total, ...found.due],
    due: strongestLowest(prepaid ? found.due : found.total.filter((t) => matchLabel('amount_due', t.label))),
    consistent: rounded.consistent,
    totalFromDue: total !== null && found.due.includes(total),
    rounding: rounded.rounding,
    charge,
    totalDoubt: rounded.doubt ?? (rounded.consistent ? null : (totalRowUnreadUnder(rows, total) ?? sumUnder(rows, total))),
    adjustments: adjustmentsAbove(found.adjustment, subtotal ?? total),
  };
}

/** A total written out in words, under the figure. */
const IN_WORDS = /\bIN\s*(?:WORDS?|LETTERS|WORTEN|LETTERE)\b|\bEN\s*(?:LETTRES|LETRAS)\b|\bPOR\s*EXTENSO\b|\bDALAM\s*PERKATAAN\b/;

/** A row labelled as a total, printed under the total taken, whose amount no reader read ("JUMLAH
 * PERLY Ee el" under "JUMLAH SeELM EAT. 304.48", the subtotal whose words were garbled but for
 * the total's first one): the total may be that row's, and the one taken a subtotal. Said only
 * where no sum placed the total. */
function totalRowUnreadUnder(rows: Row[], total: AmountReading | null): string | null {
  const at = total ? rows.indexOf(total.row) : -1;
  if (!total || at < 0) return null;
  // Rows in reading order: a photographed slip's skew makes a row's box as tall as the next rows'.
  const after = rows.slice(at + 1).filter((r) => r.page === total.page);
  const unread = after.find((r, i) => {
    // No figure read at all: a row with one is a count ("JUMLAH BARANG 3"), or holds its amount.
    if (/\d/.test(r.text) || IN_WORDS.test(upper(r.text))) return false;
    const kind = classify(r.text);
    if (kind?.kind !== 'total' && kind?.kind !== 'due') return false;
    // its amount printed, or read, on the line under it is its own
    const next = after[i + 1];
    return !(next && findAmounts(next.text).length > 0 && bareOrCurrency(rowAmounts(next)[0]?.label ?? ''));
  });
  return unread
    ? `A row labelled as a total, "${unread.text.replace(/\s+/g, ' ')}", is printed under the total ${total.raw} and its amount was not read: the total may be that row's, and ${total.raw} a subtotal.`
    : null;
}

/** How many rows under the total a larger total is looked for: a tax and a charge between. */
const SUM_ROWS_UNDER = 3;

/** An amount under the total taken that is that total plus the amounts printed between them
 * ("0US TOTAL 98,27", "A 5.5% 5,40", "PAYER EUR 103,67": the labels' first letters cut off, so the
 * net was read as the total and the amount due went unlabelled): the total taken is a net, and
 * the larger one the total. Said only where no sum placed the total; tender and change rows end the look. */
function sumUnder(rows: Row[], total: AmountReading | null): string | null {
  const at = total ? rows.indexOf(total.row) : -1;
  if (!total || at < 0) return null;
  let between = 0;
  for (const row of rows.slice(at + 1, at + 1 + SUM_ROWS_UNDER)) {
    const amount = row.page === total.page && !paymentRow(row.text) ? rowAmounts(row).at(-1) : undefined;
    if (!amount) return null;
    if (between > 0 && cents(total.value + between) === cents(amount.value))
      return `The row "${row.text.replace(/\s+/g, ' ')}" under the total ${total.raw} holds ${amount.raw}, the total and the rows between added up: ${total.raw} may be the net, and ${amount.raw} the total.`;
    if (amount.value <= 0) return null;
    between += amount.value;
  }
  return null;
}

/** The document's discounts and charges: those printed above the net (or, with none read, the
 * total), on its page; their printed totals in place of the single ones when there are any. */
function adjustmentsAbove(list: AmountReading[], net: AmountReading | null): AmountReading[] {
  if (!net) return [];
  const above = list.filter((a) => a.page === net.page && below(net, a));
  const totals = above.filter((a) => matchLabel('total', a.label) !== null);
  return totals.length ? totals : above;
}

/** The tax printed per rate, one row each ("MwSt. 7 % 12,60", "MwSt. 19 % 95,00") with no row
 * for their sum: their sum, as one more tax candidate. Only rows whose labels carry distinct
 * rates count, so the tax column of an item line or one rate's row printed twice is never added. */
function withRateSums(found: Record<Kind, AmountReading[]>): Record<Kind, AmountReading[]> {
  const rated = found.tax.filter((t) => findPercent(t.label) !== null);
  const rates = new Set(rated.map((t) => findPercent(t.label)));
  if (rated.length < 2 || rates.size !== rated.length || new Set(rated.map((t) => t.page)).size > 1) return found;
  const sum: AmountReading = {
    value: rated.reduce((s, t) => s + cents(t.value), 0) / 100,
    raw: rated.map((t) => t.raw).join(' + '),
    page: rated[0]!.page,
    boxes: rated.flatMap((t) => t.boxes),
    label: rated.map((t) => t.label).join(' + '),
    strength: Math.min(...rated.map((t) => t.strength)),
    row: rated[rated.length - 1]!.row,
    perRate: rated,
  };
  return { ...found, tax: [...found.tax, sum] };
}

/** With no tax line found, a row whose label the readers garbled but whose rate survived ("MUST 7%
 * 0,49" for "MWST 7%") is the tax when its amount is that rate of a subtotal printed above it: a
 * candidate only, taken when subtotal + it = total holds as well. */
function withRatedTax(found: Record<Kind, AmountReading[]>, rated: readonly AmountReading[]): Record<Kind, AmountReading[]> {
  if (found.tax.length) return found;
  const taxes = rated.filter((r) => {
    const rate = findPercent(r.label)!;
    return (
      r.value > 0 &&
      rate > 0 &&
      rate < 100 &&
      found.subtotal.some((s) => below(r, s) && Math.abs(Math.round((cents(s.value) * rate) / 100) - cents(r.value)) <= 1)
    );
  });
  return taxes.length ? { ...found, tax: taxes } : found;
}

/** The most a cash rounding moves a total (to the nearest 0.05 or 0.10), in cents. */
const MAX_ROUNDING_CENTS = 5;

/** With no rounding line found and nothing adding up, a row whose label the readers garbled
 * ("ARAS BUNDAF 0.02" for "PELARASAN BUNDAR") or lost, its amount a few cents, is the rounding
 * where it stands under a subtotal and over a total and subtotal + tax with it, either way, is
 * that total: the sum then rests on an amount printed on the page, not on a difference assumed.
 * Only where one such row and direction fits. */
function roundingUnlabelled(found: Record<Kind, AmountReading[]>, rows: readonly AmountReading[]): ReturnType<typeof afterRounding> | null {
  const fits: Array<ReturnType<typeof afterRounding>> = [];
  for (const r of rows) {
    const totals = found.total.filter((t) => below(t, r));
    for (const adjust of directions(r)) {
      const triple = consistentTriple({ ...found, subtotal: found.subtotal.filter((s) => below(r, s)) }, totals, adjust);
      if (triple) fits.push({ ...triple, consistent: true, rounding: signed(r, adjust), doubt: null });
    }
  }
  return fits.length === 1 ? fits[0]! : null;
}

/** The signed adjustments, in cents, a rounding line can mean: as printed when it carries a minus;
 * else either way, OCR dropping minus signs. */
const directions = (r: AmountReading): number[] => (r.value < 0 ? [cents(r.value)] : [cents(r.value), -cents(r.value)]);

const signed = (r: AmountReading, adjust: number): AmountReading => ({ ...r, value: adjust / 100 });

/** A printed non-zero rounding makes the total the amount after rounding. A total printed above the
 * rounding line is the amount before it: the total printed under it that differs by the rounding
 * is taken instead, else the total is doubted. A total printed under the rounding is the amount
 * after it, and subtotal + tax + rounding = total makes it consistent. */
function afterRounding(
  found: Record<Kind, AmountReading[]>,
  triple: Triple,
  consistent: boolean,
): Triple & { consistent: boolean; rounding: AmountReading | null; doubt: string | null } {
  const plain = { ...triple, consistent, rounding: null, doubt: null };
  const { total } = triple;
  if (!found.rounding.length) return plain;
  // With no total read, a rounding printed with its minus is still known: the total another reader
  // finds is checked against it.
  if (!total) {
    const minus = found.rounding.length === 1 && found.rounding[0]!.value < 0 ? found.rounding[0]! : null;
    return { ...plain, rounding: minus };
  }
  if (new Set(found.rounding.map((r) => Math.abs(cents(r.value)))).size > 1)
    return { ...plain, doubt: `Several rounding adjustments are printed (${found.rounding.map((r) => r.raw).join(', ')}).` };
  const r = found.rounding[found.rounding.length - 1]!;
  if (below(total, r)) {
    for (const adjust of directions(r)) {
      const withRounding = consistent ? null : consistentTriple(found, [total], adjust);
      if (withRounding) return { ...withRounding, consistent: true, rounding: signed(r, adjust), doubt: null };
    }
    const before = found.total.filter((t) => below(r, t) && directions(r).includes(cents(total.value) - cents(t.value)));
    const adjust = before.length ? cents(total.value) - cents(before[0]!.value) : r.value < 0 ? cents(r.value) : null;
    return { ...plain, rounding: adjust === null ? null : signed(r, adjust) };
  }
  const afterIt = found.total.filter((t) => below(t, r) && directions(r).includes(cents(t.value) - cents(total.value)));
  const after = strongestLowest(afterIt);
  if (after) return { ...triple, total: after, consistent, rounding: signed(r, cents(after.value) - cents(total.value)), doubt: null };
  // The amount after rounding is not printed or not read: adding the rounding here would give a
  // figure the page does not show, which no second reader can confirm.
  return { ...plain, doubt: `The total ${total.raw} is printed above a rounding of ${r.raw}; the amount after rounding was not read.` };
}
