import type { ReaderOutput } from '../readers/types.js';
import { DAY_FIRST_CURRENCIES, detectCurrency } from './finance/currency.js';
import {
  GOODS_SOLD,
  INVOICE_ONLY,
  narrowAsSlip,
  TILL_CHANGE,
  TILL_RETURNS,
  TILL_ROUNDING,
  TILL_SLIP,
  TILL_TENDER,
  TIME_OF_DAY,
} from './finance/document-kind.js';
import {
  DAY_FIRST_COUNTRY,
  DAY_FIRST_LEGAL_FORM,
  DAY_FIRST_STREET_WORD,
  DAY_FIRST_TAX_WORD,
  DAY_FIRST_VAT_ID,
  type DayOrder,
  documentDayOrder,
  findDates,
  findTime,
  orderWithHints,
  resolveDate,
  wordsSetApart,
  writesDecimalComma,
} from './finance/dates.js';
import { labelledDayFirst, matchLabel, upper } from './finance/labels.js';
import { findMerchant, nameFromLine } from './finance/merchant.js';
import { findAmounts } from './finance/money.js';
import { findPairs } from './finance/pairs.js';
import { paymentMethodIn } from './finance/payment-methods.js';
import { readingRows, type Row } from './finance/rows.js';
import { financeRules } from './finance/rules.js';
import { findItemTable, findReceiptItems } from './finance/table.js';
import { findTotals } from './finance/totals.js';
import { sharpSWritten } from './finance/sharp-s.js';
import { CONFIDENCE, LINE_ITEMS_FIELD, TOTALS_FIELDS, currencyValue, dateValue, itemsValue, totalsValues, valueOf } from './finance/values.js';
import type { DetectInput, Detection, Doctype, ExtractContext, ExtractedValue, FieldSpec } from './types.js';

/** Till receipts: the shop's name and address at the top, date and time, the items, the totals
 * block and how it was paid. Amounts are checked by the same arithmetic as invoices. */

export const RECEIPT_FIELDS: FieldSpec[] = [
  { key: 'merchant_name', label: 'Merchant', kind: 'name', required: true, fromLine: nameFromLine },
  // The second reader's crop of the address is read as the extractor reads its lines (merchant.ts).
  { key: 'merchant_address', label: 'Merchant address', kind: 'text', fromLine: sharpSWritten },
  { key: 'date', label: 'Date', kind: 'date', isKey: true, required: true },
  { key: 'time', label: 'Time', kind: 'code' },
  { key: 'receipt_number', label: 'Receipt number', kind: 'code' },
  ...TOTALS_FIELDS,
  { key: 'payment_method', label: 'Payment method', kind: 'text' },
  LINE_ITEMS_FIELD,
];

const DETECT_TERMS: [RegExp, number][] = [
  // A till's slip number after its bare "BON" ("BON 859613", "BON: 405040", "BON T13274"); "bon de commande" is an order.
  [new RegExp(`\\bRECEIPT\\b|${TILL_SLIP.source}|\\bBON\\s*[:#]?\\s*[A-Z]?\\d{3,}`), 0.35],
  // The tender, the change, the till's thanks in its languages, and its own closing lines (a cash
  // rounding, "goods sold are not returnable"): read where the tender line was lost. The German
  // thanks may have lost its first word at a faded line start ("…DANK FUR IHREN EINKAU").
  [
    new RegExp(
      `\\b(?:CASH|CHANGE|TENDERED|CASHIER|PAID BY|THANK YOU|VISA|MASTERCARD|MERCI|DANKE|VIELEN\\s?DANK|F[UÜ]R\\s?IHREN\\s?EINKAUF?|AUF\\s?WIEDERSEHEN|GRACIAS|GRAZIE|OBRIGAD[OA]|BEDANKT|TERIMA KASIH)\\b|${TILL_TENDER.source}|${TILL_CHANGE.source}|${TILL_ROUNDING.source}|${GOODS_SOLD.source}|${TILL_RETURNS.source}`,
    ),
    0.25,
  ],
  [TIME_OF_DAY, 0.15],
  // The total in the till languages: "JUMLAH", "SUMME", "GESAMT", "ZU ZAHLEN", "A PAYER", "IMPORTE";
  // a reader may drop the spaces of "NET A PAYER".
  [/\bTOTAL\b|\b(?:SUB)?JUMLAH\b|\b(?:ZWISCHEN)?SUMME\b|\bGESAMT|\bZU ZAHLEN\b|A\s?PAYER\b|\bIMPORTE\b|\bTOTALE\b|\bTOTAAL\b/, 0.15],
  // A tax's name with its rate run into it ("TVA20%") too.
  [/\b(?:GST|VAT|TAX|SST|MWST|UST|TVA|IVA|BTW|CUKAI)(?:\b|(?=\d))/, 0.1],
];

/** What text as narrow as a till slip's adds to a receipt's terms. */
const NARROW_WEIGHT = 0.15;

export function detectReceipt(input: DetectInput): Detection {
  const t = upper(input.text.slice(0, 50_000));
  const hits = DETECT_TERMS.filter(([re]) => re.test(t));
  // Invoices say who is billed and when payment is due; till receipts do not.
  const invoiceLike = INVOICE_ONLY.test(t) ? 0.3 : 0;
  // Text as narrow as a till slip's paper adds to the terms; alone it says nothing (an ID card's is too).
  const narrow = hits.length > 0 && narrowAsSlip(input.textWidth) ? NARROW_WEIGHT : 0;
  const score = Math.max(0, Math.min(1, hits.reduce((s, [, w]) => s + w, 0) + narrow - invoiceLike));
  const found = hits.length
    ? `Receipt terms found: ${hits.map(([re]) => t.match(re)![0]).join(', ')}${narrow ? "; the text is as narrow as a till slip's" : ''}.`
    : 'No receipt terms found.';
  return { score, reason: found };
}

/** How the slip was paid: the method word after a payment label, or on a tender line under the
 * total ("VISA 57.76", "CASH RM 20.00"). Only the method's own words are the value: "Cash
 * Tendered" was paid in cash, and a label's next word ("Payment Amount") names no method. */
function paymentMethod(rows: Row[], totalRow: Row | null): ExtractedValue | null {
  const labelled = findPairs(
    rows,
    'payment_method',
    (t) => {
      const method = paymentMethodIn(t);
      return method ? { value: method, raw: t } : null;
    },
    { below: false },
  )[0];
  if (labelled) return valueOf('payment_method', labelled.value, labelled.raw, labelled.page, labelled.boxes, CONFIDENCE.labelled);
  // Without the total there is no telling a tender line from a shop's name ("Bar Los Amigos").
  if (!totalRow) return null;
  const after = rows.filter((r) => r.page > totalRow.page || (r.page === totalRow.page && r.index > totalRow.index));
  for (const row of after) {
    if (matchLabel('not_tax', row.text)) continue;
    // The words of the line's cells that hold no amount: the amount's own digits, however misread
    // ("CASH : g 60"), are no part of the method.
    const words = row.cells
      .filter((c) => !findAmounts(c.text).length)
      .map((c) => c.text)
      .join(' ');
    const method = paymentMethodIn(words);
    if (method) return valueOf('payment_method', method, row.text, row.page, [row.box], CONFIDENCE.layout);
  }
  return null;
}

/** A two-digit year a reader split into its digits ("01/06/2 5 15:21:51"). */
const SPLIT_YEAR = /(?<!\d)(\d{1,2}[/.-]\d{1,2}[/.-])(\d) {1,2}(\d)(?!\d)/;
/** A bracket or a bar a reader set beside a date's separator ("01-)JUN-2025"): a speck or a
 * dot-matrix separator's stray dot, no character a date is printed with. */
const MARK_BY_SEPARATOR = /(?<=\d[-/.])[()[\]{}|]|[()[\]{}|](?=[-/.]\d)/g;
/** The dates of a line; where it shows none whole, read again with a split year joined, a mark
 * beside a separator taken off, or the words a reader ran into the date set apart
 * ("DATUM20.05.2025Uhrzeit16:30:12"). */
function datesOf(text: string): ReturnType<typeof findDates> {
  const dates = findDates(text);
  if (dates.length) return dates;
  if (SPLIT_YEAR.test(text)) return findDates(text.replace(SPLIT_YEAR, '$1$2$3'));
  const unmarked = text.replace(MARK_BY_SEPARATOR, '');
  if (unmarked !== text && findDates(unmarked).length) return findDates(unmarked);
  const apart = wordsSetApart(text);
  return apart === text ? dates : findDates(apart);
}

/** The first row that shows a date, with that date's text (each row's dates read once). */
function firstDated(rows: Row[]): { row: Row; raw: string } | null {
  for (const row of rows) {
    const date = datesOf(row.text)[0];
    if (date) return { row, raw: date.raw };
  }
  return null;
}

/** The order a slip writes its numeric dates in, where it shows one: a date on it with a day over
 * 12, or where it was printed. A slip that prints no currency still says where: its legal form, its
 * tax's name or VAT number, its country or a street's word, the language of its totals' labels, its
 * decimal comma; in this reading (`texts`), or in another reader's of the same slip (`otherLines`). */
export function slipDayOrder(texts: readonly string[], currency: string | null, otherLines: readonly string[] = []): DayOrder | null {
  const dayFirst =
    (currency !== null && DAY_FIRST_CURRENCIES.has(currency)) ||
    [...texts, ...otherLines].some(
      (t) =>
        DAY_FIRST_LEGAL_FORM.test(t) ||
        DAY_FIRST_TAX_WORD.test(t) ||
        DAY_FIRST_VAT_ID.test(t) ||
        DAY_FIRST_COUNTRY.test(t) ||
        DAY_FIRST_STREET_WORD.test(t) ||
        labelledDayFirst(t),
    ) ||
    writesDecimalComma(texts);
  return orderWithHints(documentDayOrder(texts), dayFirst);
}

function dateAndTime(rows: Row[], currency: string | null, otherLines: readonly string[]): ExtractedValue[] {
  const out: ExtractedValue[] = [];
  const texts = rows.map((r) => r.text);
  const order = slipDayOrder(texts, currency, otherLines);
  const labelled = findPairs(rows, 'invoice_date', (t) => {
    const d = datesOf(t)[0];
    return d ? { value: d.raw, raw: d.raw } : null;
  })[0];
  const anyRow = labelled ? null : firstDated(rows);
  const raw = labelled?.value ?? anyRow?.raw ?? null;
  const resolved = raw ? resolveDate(raw, order) : null;
  if (resolved) {
    const page = labelled?.page ?? anyRow!.row.page;
    const boxes = labelled?.boxes ?? [anyRow!.row.box];
    const date = dateValue('date', resolved, page, boxes, labelled ? CONFIDENCE.labelled : CONFIDENCE.layout);
    const padded = UNPADDED_DAY.test(resolved.raw) ? 'month' : ONE_DIGIT_DAY.test(resolved.raw) && texts.some((t) => PADDED_HOUR.test(t)) ? 'hour' : null;
    out.push(padded ? dayMayBeCut(date, resolved.raw, padded) : date);
  }
  const timeRow = rows.find((r) => /\bTIME\b|\bZEIT\b|\bHEURE\b/i.test(r.text) && findTime(r.text)) ?? rows.find((r) => findTime(r.text));
  const time = timeRow ? findTime(timeRow.text) : null;
  if (time && timeRow) out.push(valueOf('time', time.value, time.raw, timeRow.page, [timeRow.box], CONFIDENCE.layout));
  return out;
}

/** A date whose first part has one digit where the next, zero-padded, shows the till pads its
 * numbers ("5/05/25"): a digit may be lost at the date's left edge, faint on a thermal slip, where
 * every engine loses it alike (printed "15/05/25"). */
const UNPADDED_DAY = /^\d[-./]0\d[-./]\d{2,4}$/;
/** A date whose first part has one digit ("6-APR-2025", "5/5/25"). */
const ONE_DIGIT_DAY = /^\d[-./\s]/;
/** A time of day whose hour the till padded with a zero ("07:04"): it pads the date's day too, so
 * a day of one digit on that slip may have lost one (seed 20870: "6-APR-2025" for 16-APR-2025). */
const PADDED_HOUR = /(?<![\d:.])0\d:[0-5]\d/;

/** What shows that the till pads its numbers: the date's own month, or the slip's time of day. */
type PaddedBy = 'month' | 'hour';

const cutDoubt = (raw: string, by: PaddedBy): string =>
  by === 'month'
    ? `The date "${raw}" prints its month with a leading zero and its first part without one: a digit may be lost at its left edge, where both readers would lose it alike.`
    : `The date "${raw}" prints its first part with one digit where the slip pads its hour with a zero: a digit may be lost at its left edge, where both readers would lose it alike.`;

function dayMayBeCut(date: ExtractedValue, raw: string, by: PaddedBy): ExtractedValue {
  return {
    ...date,
    problems: [...new Set([...(date.problems ?? []), 'LOW_CONFIDENCE' as const])],
    reason: [date.reason, cutDoubt(raw, by)].filter(Boolean).join(' '),
  };
}

/** A date whose first part the page read printed unpadded, read again from its crop with every
 * digit of that part ("5-04-02" on the page, "2025-04-02" in the crop): the crop shows the digits
 * the page read may have lost, and the doubt is answered. Its other doubts stay. */
export function cutDoubtAnswered(date: ExtractedValue, cropText: string): void {
  const doubt = (['month', 'hour'] as const).map((by) => cutDoubt(date.raw, by)).find((why) => date.reason?.includes(why));
  if (!doubt) return;
  const printed = findDates(cropText).map((d) => d.raw);
  if (printed.length === 0 || printed.some((raw) => ONE_DIGIT_DAY.test(raw))) return;
  const rest = date.reason!.replace(doubt, '').trim();
  if (rest) date.reason = rest;
  else {
    delete date.reason;
    date.problems = (date.problems ?? []).filter((p) => p !== 'LOW_CONFIDENCE');
  }
}

/** Two readers' dates of one slip, the same date, one printed unpadded ("9/05/2025") and the other
 * with every digit of its first part ("09/05/2025"): the other reader saw the digit the doubt says
 * both would lose alike, and the doubt is answered on each side (cutDoubtAnswered). */
export function cutDoubtsAnsweredByEachOther(mine: ExtractedValue[], theirs: ExtractedValue[]): void {
  for (const [a, b] of [
    [mine, theirs],
    [theirs, mine],
  ] as const) {
    for (const date of a.filter((v) => v.key === 'date')) {
      const same = b.find((o) => o.key === 'date' && o.value === date.value);
      if (same) cutDoubtAnswered(date, same.raw);
    }
  }
}

const receiptNumber = (t: string): { value: string; raw: string } | null => {
  const m = t.trim().match(/^#?\s*([A-Z0-9][A-Z0-9\-\/_.]{1,30}[A-Z0-9])\b/i);
  return m && /\d/.test(m[1]!) && !findDates(m[1]!).length ? { value: m[1]!, raw: m[0] } : null;
};

export function extractReceipt(reading: ReaderOutput, ctx: ExtractContext): ExtractedValue[] {
  const rows = readingRows(reading);
  if (!rows.length) return [];
  const out: ExtractedValue[] = [];
  const merchant = findMerchant(rows);
  if (merchant) {
    const doubt = merchant.doubt ? { problems: ['LOW_CONFIDENCE' as const], reason: merchant.doubt } : {};
    // A name set on two lines is read again line by line: a line recogniser reads one line per crop.
    const parts = merchant.nameBoxes.length > 1 ? { parts: merchant.nameBoxes } : {};
    out.push(valueOf('merchant_name', merchant.name, merchant.name, merchant.page, merchant.nameBoxes, CONFIDENCE.layout, { ...doubt, ...parts }));
    const addressDoubt = merchant.addressDoubt ? { problems: ['LOW_CONFIDENCE' as const], reason: merchant.addressDoubt } : {};
    // An address, too, is read again one line per crop.
    const addressParts = merchant.addressBoxes.length > 1 ? { parts: merchant.addressBoxes, partTexts: merchant.addressLines } : {};
    if (merchant.address)
      out.push(
        valueOf('merchant_address', merchant.address, merchant.address, merchant.page, merchant.addressBoxes, CONFIDENCE.layout, {
          ...addressDoubt,
          ...addressParts,
        }),
      );
  }
  const currency = detectCurrency(rows.map((r) => r.text));
  out.push(...dateAndTime(rows, currency?.code ?? null, ctx.otherLines ?? []));
  const number = findPairs(rows, 'invoice_number', receiptNumber, { maxRowsBelow: 1 })[0];
  if (number) out.push(valueOf('receipt_number', number.value, number.raw, number.page, number.boxes, CONFIDENCE.labelled));
  if (currency) out.push(currencyValue(rows, currency, CONFIDENCE.layout));

  const totals = findTotals(rows);
  out.push(...totalsValues(totals));
  const firstTotalsRow =
    [totals.subtotal, totals.tax, totals.total]
      .filter((a) => a !== null)
      .map((a) => a.row)
      .sort((a, b) => a.page - b.page || a.index - b.index)[0] ?? null;
  const table = findItemTable(rows);
  const items = table.length ? itemsValue(table) : itemsValue(findReceiptItems(rows, firstTotalsRow), true);
  if (items) out.push(items);
  const payment = paymentMethod(rows, totals.total?.row ?? null);
  if (payment) out.push(payment);
  return out;
}

export const receipt: Doctype = {
  type: 'receipt',
  fields: RECEIPT_FIELDS,
  detect: detectReceipt,
  extract: extractReceipt,
  rules: (ctx) => financeRules(ctx, { vendor: 'merchant_name', number: 'receipt_number', date: 'date', laterDates: [], tillSlip: true }),
};
