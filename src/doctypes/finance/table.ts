import type { Box, Word } from '../../readers/types.js';
import { tillSigns } from './document-kind.js';
import { upper, matchLabel } from './labels.js';
import { findAmounts, findPercent, parseQuantity, quantityMakes } from './money.js';
import { paymentMethodIn } from './payment-methods.js';
import { unionBox, type Row } from './rows.js';

/** Line-item tables: a header row names the columns; their x-ranges sort the cells of the rows
 * below; a row without numbers continues the description above it. */

export interface LineItem {
  description: string;
  quantity: number | null;
  unit_price: number | null;
  amount: number;
  /** The line's own discount, from a discount column: the amount is after it. Present only when printed. */
  discount_percent?: number;
  discount_amount?: number;
}

export interface ItemReading {
  item: LineItem;
  page: number;
  boxes: Box[];
}

type Column = 'description' | 'quantity' | 'unit_price' | 'discount' | 'amount';

const HEADER_WORDS: Record<Column, RegExp> = {
  description:
    /^(?:ITEMS?|DESCRIPTION|DESCRIPCION|DESIGNATION|ARTIKEL|ARTICLES?|PRODUCTS?|BESCHREIBUNG|BEZEICHNUNG|OMSCHRIJVING|LEISTUNG|SERVICES?|DETAILS?|PARTICULARS|TITLE|DESCRIZIONE|CONCEPTO)$/,
  // With the abbreviations tables print: Spanish "Cant.", Italian "Q.tà", Portuguese "Qtd.", German "Stk." and "Anz.".
  quantity:
    /^(?:QTY|QUANTITY|QTE|QUANTITE|MENGE|ANZAHL|ANZ|STK|STUCK|AANTAL|AANT|NOMBRE|CANTIDAD|CANT|QUANTITA|Q\.?TA|QUANTIDADE|QTD|QTDE|UNITS|HOURS|HRS|QTE\.)$/,
  unit_price:
    /^(?:PRICE|RATE|PRIX|P\.U\.|PU|PREIS|EINZELPREIS|VK-PREIS|PRIJS|PRECIO|PREZZO|PRECO|COST|UNIT\s+PRICE|UNIT\s+COST|PRIX\s+UNITAIRE|PRECIO\s+UNITARIO|PREZZO\s+UNITARIO|PRECO\s+UNITARIO)$/,
  // A line's own discount (percent or amount): the line's amount is after it. "Desc." is also
  // "description": it names the discount only beside a description column.
  discount: /^(?:DISC|DISCOUNT|RABATT|NACHLASS|REMISE|DTO|DESCUENTO|SCONTO|KORTING|DESC|DESCONTO)$/,
  amount: /^(?:AMOUNT|TOTAL|LINE\s+TOTAL|MONTANT|BETRAG|ZEILENBETRAG|GESAMT|BEDRAG|IMPORTE|IMPORTO|SUM|NET|TOTAAL)$/,
};

interface Header {
  row: Row;
  columns: Partial<Record<Column, Box>>;
}

const clean = (w: string): string => upper(w).replace(/[:.]+$/, '');

/** Header columns from the words of a row; two-word names ("Unit price") are tried first. A row
 * carrying an amount is a line or a total ("Item 2 Total with GST 77.20"), never a header. */
function headerOf(row: Row): Header | null {
  if (findAmounts(row.text).length) return null;
  const words: Word[] = row.cells.flatMap((c) => c.words);
  const columns: Partial<Record<Column, Box>> = {};
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const pair = words[i + 1] ? `${clean(w.text)} ${clean(words[i + 1]!.text)}` : '';
    const pairKind = (Object.keys(HEADER_WORDS) as Column[]).find((k) => HEADER_WORDS[k].test(pair));
    if (pairKind && !columns[pairKind]) {
      columns[pairKind] = unionBox([w.box, words[i + 1]!.box]);
      i++;
      continue;
    }
    const kind = (Object.keys(HEADER_WORDS) as Column[]).find((k) => HEADER_WORDS[k].test(clean(w.text)));
    // The rightmost "amount" word is the line total; an earlier one may be a unit price column.
    if (kind === 'amount' && columns.amount && !columns.unit_price) columns.unit_price = columns.amount;
    if (kind && (!columns[kind] || kind === 'amount')) columns[kind] = w.box;
  }
  if (columns.discount && !columns.description && words.some((w) => clean(w.text) === 'DESC')) {
    columns.description = columns.discount;
    delete columns.discount;
  }
  const named = Object.keys(columns).length;
  return columns.amount && named >= 2 ? { row, columns } : null;
}

/** The column a number belongs to: the header it overlaps most, else the nearest by right edge. */
function columnOf(box: Box, columns: Partial<Record<Column, Box>>): Column | null {
  let best: { kind: Column; d: number } | null = null;
  for (const [kind, h] of Object.entries(columns) as [Column, Box][]) {
    if (kind === 'description') continue;
    const overlap = Math.min(box[2], h[2]) - Math.max(box[0], h[0]);
    const d = overlap > 0 ? -overlap : Math.min(Math.abs(box[2] - h[2]), Math.abs(box[0] - h[0]), Math.abs((box[0] + box[2]) / 2 - (h[0] + h[2]) / 2));
    if (!best || d < best.d) best = { kind, d };
  }
  return best && best.d < 0.08 ? best.kind : null;
}

function isTotalsRow(row: Row): boolean {
  return /[A-Za-z]/.test(row.text) && (matchLabel('subtotal', row.text) !== null || matchLabel('total', row.text) !== null);
}

/** A discount cell: "10 %" a percentage, "5,00" or "-5,00" an amount off; nothing when 0 or empty. */
function discountOf(text: string | undefined): Pick<LineItem, 'discount_percent' | 'discount_amount'> {
  if (!text) return {};
  const percent = findPercent(text);
  if (percent !== null) return percent ? { discount_percent: percent } : {};
  const amount = findAmounts(text).pop()?.value;
  return amount ? { discount_amount: Math.abs(amount) } : {};
}

/** Reads the rows under one header until the table ends (a wide gap, a grand total, another page). */
function readTable(rows: Row[], header: Header): ItemReading[] {
  const items: ItemReading[] = [];
  const numericStart = Math.min(...(['quantity', 'unit_price', 'amount'] as Column[]).map((k) => header.columns[k]?.[0] ?? 1));
  let last: Row = header.row;
  let open: ItemReading | null = null;
  for (const row of rows) {
    if (row.page !== header.row.page || row.index <= header.row.index) continue;
    const gap = row.box[1] - last.box[3];
    if (gap > Math.max(row.height, last.height) * 3.5) break;
    if (isTotalsRow(row)) {
      if (matchLabel('total', row.text)?.strength === 3 || (items.length > 0 && gap > row.height * 2)) break;
      open = null;
      last = row;
      continue;
    }
    const values: Partial<Record<Column, { text: string; box: Box }>> = {};
    const description: string[] = [];
    const boxes: Box[] = [];
    for (const cell of row.cells) {
      const numeric = findAmounts(cell.text).length > 0 || parseQuantity(cell.text) !== null || findPercent(cell.text) !== null;
      const kind = numeric && cell.box[0] >= numericStart - 0.03 ? columnOf(cell.box, header.columns) : null;
      if (kind && !values[kind]) values[kind] = { text: cell.text, box: cell.box };
      else if (cell.box[2] <= numericStart + 0.01) description.push(cell.text);
      boxes.push(cell.box);
    }
    const amountText = values.amount?.text;
    const amount = amountText ? (findAmounts(amountText).pop()?.value ?? null) : null;
    if (amount !== null) {
      const unit = values.unit_price ? (findAmounts(values.unit_price.text)[0]?.value ?? null) : null;
      const qty = values.quantity ? parseQuantity(values.quantity.text) : null;
      open = {
        item: { description: description.join(' ').trim(), quantity: qty, unit_price: unit, amount, ...discountOf(values.discount?.text) },
        page: row.page,
        boxes,
      };
      items.push(open);
    } else if (open && description.length && gap < row.height * 1.2 && Object.keys(values).length === 0) {
      open.item.description = `${open.item.description} ${description.join(' ')}`.trim();
      open.boxes.push(...boxes);
    } else if (Object.keys(values).length === 0) {
      open = null;
    }
    last = row;
  }
  return items.filter((i) => i.item.description.length > 0);
}

/** A row's position printed before its description ("1", "2." or "3)"). */
const POSITION = /^(\d{1,3})[.)]?\s+(?=\S)/;

/** Descriptions that all begin with their row's position, 1, 2, 3… in order, begin with a position
 * column read together with them: the number is no part of the item's name. One row alone proves
 * nothing ("1 Hammer" may be one hammer). */
function withoutPositions(items: ItemReading[]): ItemReading[] {
  const numbered = items.length >= 2 && items.every((i, n) => Number(i.item.description.match(POSITION)?.[1]) === n + 1);
  return numbered ? items.map((i) => ({ ...i, item: { ...i.item, description: i.item.description.replace(POSITION, '') } })) : items;
}

/** Line items of every table with a recognisable header. */
export function findItemTable(rows: Row[]): ItemReading[] {
  const out: ItemReading[] = [];
  for (const row of rows) {
    const header = headerOf(row);
    if (header) out.push(...withoutPositions(readTable(rows, header)));
    if (out.length >= 500) break;
  }
  return out;
}

/** A quantity line: "3 x 6.63", "2 @ 1.50", "1 PC * 9.00", after the article's code when the till
 * prints one first ("9555916500133 1 X 8.90"). */
const QTY_LINE = /^\s*(?:\d{5,14}\s+)?(\d{1,4}(?:[.,]\d{1,3})?)\s*(?:[xX×@*]|PCS?|NOS?\.?)\s*(?:[xX×@*]\s*)?(\S+)/;

/** A quantity and a unit price printed without a sign between them ("1 87.00", "2 PCS 4.50"), or
 * with a sign a reader misread ("2%\" 1,30" for "2x 1,30"): taken only when they make the row's
 * amount, as nothing else says which number is which. */
const QTY_PRICE = /^(\d{1,4}(?:[.,]\d{1,3})?)(?:\s+(?:[A-Za-z]{1,4}\.?\s+)?|[^\s\p{L}\p{N}.,]{1,2}\s*)(\d{1,6}[.,]\d{2})$/u;
/** The article's code a till prints before the quantity. */
const ARTICLE_CODE = /^\s*\d{5,14}(?:\s+|$)/;

/** The quantity and unit price on the line under an item's name, before its amount: "3 x 6.63",
 * "9555916500133 1 X 8.90", "1 87.00", or nothing but the article's code or no words at all (the
 * amount of a name printed on the line above). Null when the words before the amount are other. */
function quantityLine(left: string, amount: number): { quantity: number | null; unit: number | null } | null {
  const qty = left.match(QTY_LINE);
  if (qty) return { quantity: Number(qty[1]!.replace(',', '.')), unit: findAmounts(qty[2]!)[0]?.value ?? null };
  const rest = left.replace(ARTICLE_CODE, '').trim();
  if (!rest) return { quantity: null, unit: null };
  const plain = rest.match(QTY_PRICE);
  if (!plain) return null;
  const [quantity, unit] = [Number(plain[1]!.replace(',', '.')), findAmounts(plain[2]!)[0]?.value ?? null];
  return unit !== null && quantityMakes(quantity, unit, amount) ? { quantity, unit } : null;
}

/** A row's amount whose last digit a reader lost or took for a mark, beside it or set apart
 * ("21,5€" for 21,50, seed 25844; "32,9" for 32,90, seed 26034): its figures but the last, at the
 * row's end. */
const LAST_DIGIT_MARKED = /(?:^|\s)(\d{1,6})[.,](\d)(?:\s?[^\p{N}\s.,])?$/u;

/** A quantity line whose amount lost its last digit, or read it as a mark: the quantity times the
 * unit price, where that product's figures are the amount's as read ("5 x 4,30 21,5€" is 21,50).
 * The product alone says what the lost digit was, and only where the row proves it. */
function markedAmountLine(text: string): { quantity: number; unit_price: number; amount: number } | null {
  const m = text.match(LAST_DIGIT_MARKED);
  if (!m) return null;
  const qty = text.slice(0, m.index).trim().match(QTY_LINE);
  const unit = qty ? (findAmounts(qty[2]!)[0]?.value ?? null) : null;
  if (!qty || unit === null) return null;
  const quantity = Number(qty[1]!.replace(',', '.'));
  const product = Math.round(quantity * unit * 100);
  return Math.floor(product / 10) === Number(`${m[1]}${m[2]}`) ? { quantity, unit_price: unit, amount: product / 100 } : null;
}

/** The tax class a GST or VAT till prints after each amount, in a column of its own: "SR" (standard
 * rated), "ZR" (zero rated), "ES", "OS", "TX", "NT", or one letter ("S", "Z", "A", "B"). */
const TAX_CLASS = /^(?:SR|ZR|ES|OS|TX|NT|[ABCDENSTXZ])\*?$/;

/** A row's cells without a tax class column printed right of the amount: the amount is then the
 * last cell again. One cell alone is never taken for a tax class (a name may be one letter). */
function withoutTaxClass(cells: Row['cells']): Row['cells'] {
  const last = cells[cells.length - 1];
  if (cells.length < 3 || !last || !TAX_CLASS.test(last.text.trim())) return cells;
  return findAmounts(cells[cells.length - 2]!.text).length ? cells.slice(0, -1) : cells;
}

/** Name rows kept for the quantity line under them: a long name is printed over two lines. */
const MAX_NAME_ROWS = 2;

/** The till's own lines (tender, change, rounding, a service charge, counts, who served) carry amounts and are no items. */
function tillLine(left: string): boolean {
  return (
    ['total', 'subtotal', 'tax', 'service_charge', 'not_total', 'invoice_number', 'invoice_date', 'payment_method', 'rounding', 'item_count'].some(
      (l) => matchLabel(l as never, left) !== null,
    ) ||
    tillSigns(upper(left)).length > 0 ||
    paymentMethodIn(left) !== null
  );
}

/** Items of a till receipt, which has no header: above the totals, a row with a name and an amount
 * on the right (a tax class may follow it), or one or two name rows followed by the amount's row,
 * with the quantity and unit price or not ("3 x 6.63 … 19.89", "1 87.00 87.00", "19.89").
 * A discount row under an item ("DISCOUNT -2.00") takes off, whatever sign a reader gave it. */
export function findReceiptItems(rows: Row[], stopAt: Row | null): ItemReading[] {
  const items: ItemReading[] = [];
  let names: Row[] = [];
  for (const row of rows) {
    if (stopAt && (row.page > stopAt.page || (row.page === stopAt.page && row.index >= stopAt.index))) break;
    const cells = withoutTaxClass(row.cells);
    const last = cells[cells.length - 1];
    const amounts = last ? findAmounts(last.text) : [];
    const amount = amounts[amounts.length - 1];
    const left = cells
      .slice(0, -1)
      .map((c) => c.text)
      .join(' ')
      .trim();
    // All that stands before the amount, in its own cell too ("1 87.00 87.00" read as one): a
    // quantity line whose amount was lost ("1 X 2.88") leaves its unit price last, never an amount
    // with nothing before it.
    const before = amount ? `${left} ${last!.text.slice(0, amount.start)}`.trim() : '';
    const qty = amount && names.length ? quantityLine(before, amount.value) : null;
    // A quantity line whose amount lost its last digit, or read it as a mark, is priced by its own product.
    const priced =
      amount && qty
        ? { quantity: qty.quantity, unit_price: qty.unit, amount: amount.value }
        : names.length
          ? markedAmountLine(cells.map((c) => c.text).join(' '))
          : null;
    if (priced) {
      items.push({ item: { description: names.map((n) => n.text).join(' '), ...priced }, page: row.page, boxes: [...names.map((n) => n.box), row.box] });
      names = [];
      continue;
    }
    // A discount belongs to the item above it: with none read, it is no item of its own.
    const discount = matchLabel('allowance', left) !== null;
    const labelled = tillLine(left) || (discount && !items.length);
    if (amount && cells.length >= 2 && /[A-Za-z]{3}/.test(left) && !labelled && !/\d{1,2}[:/.-]\d{2}/.test(left)) {
      const value = discount ? -Math.abs(amount.value) : amount.value;
      items.push({ item: { description: left, quantity: 1, unit_price: value, amount: value }, page: row.page, boxes: [row.box] });
      names = [];
    } else if (!amount && /[A-Za-z]{3}/.test(row.text) && !labelled) {
      names = [...names, row].slice(-MAX_NAME_ROWS);
    } else {
      names = [];
    }
  }
  return items;
}
