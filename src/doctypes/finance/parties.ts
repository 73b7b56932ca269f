import type { Box } from '../../readers/types.js';
import { findDates } from './dates.js';
import { LABELS, matchLabel, upper, type LabelName } from './labels.js';
import { findAmounts } from './money.js';
import { findPairs } from './pairs.js';
import { rowsBelow, type Cell, type Row } from './rows.js';

/** Who sent the invoice and to whom: a labelled block ("Bill to", "Sold by"), else the most
 * prominent name at the top of the first page with an address under it. */

export interface PartyReading {
  name: string;
  nameBoxes: Box[];
  address: string | null;
  addressBoxes: Box[];
  page: number;
}

const TITLE_WORD = /\s*\b(?:TAX\s+)?(?:INVOICE|FACTURE|RECHNUNG|FACTUUR|FACTURA|FATTURA|RECEIPT|QUOTE|STATEMENT|CREDIT\s+NOTE)\b[.:]?\s*/gi;
export const LEGAL_FORM = /\b(?:GMBH|AG|KG|SE|B\.?V\.?|N\.?V\.?|LTD|LIMITED|LLC|INC|CORP|PLC|SARL|SAS|SA|S\.?A\.?|S\.?R\.?L\.?|SPA|AS|AB|OY|PVT|PTY|SDN\.?\s*BHD|SDN|BHD|S\/B|CO|ENTERPRISE|TRADING)\b\.?/i;
export const CONTACT = /@|\bWWW\.|\bHTTPS?:|\b(?:TEL|PHONE|FAX|EMAIL|E-MAIL|MOBILE)\b|\b(?:T|F|PH|HP)\s*[:.]\s*\+?\d/i;

/** Labels whose rows never hold a party's name or address. */
const NOT_PARTY: LabelName[] = ['invoice_number', 'invoice_date', 'due_date', 'total', 'subtotal', 'vendor_tax_id', 'payment_terms', 'customer', 'vendor'];

/** Column headings that stand where a name would ("Shipping Address", "Ship To:"). */
const HEADING = /:\s*$|^\(|\b(?:ADDRESS|ADRESSE|ADRES|ANSCHRIFT|SHIP(?:PING)?\s*TO|DELIVER(?:Y)?\s*TO|DETAILS)\b/i;

function isPartyText(text: string): boolean {
  if (!/\p{L}{2}/u.test(text) || HEADING.test(text)) return false;
  if (findDates(text).length || findAmounts(text).length) return false;
  return !NOT_PARTY.some((l) => LABELS[l].some((p) => p.strength >= 2 && p.re.test(upper(text))));
}

const SENDER_SEPARATOR = /\s+[-–|·•]\s+/;

/** A sender line such as "Firm AG - Street 4 - 12345 Town" keeps its first part as the name. */
function nameOf(text: string): string {
  const stripped = text.replace(TITLE_WORD, ' ').replace(/\s+/g, ' ').trim();
  return stripped.split(SENDER_SEPARATOR)[0]!.replace(/[,;:]+$/, '').trim();
}

/** The address carried on a sender line after the name, when it has one. */
function inlineAddress(text: string): string | null {
  const parts = text.split(SENDER_SEPARATOR).slice(1);
  return parts.length && parts.some((p) => /\d/.test(p)) ? parts.join(', ') : null;
}

/** Up to four address lines under a name, aligned with it. */
function addressUnder(rows: Row[], row: Row, anchor: Box): { text: string | null; boxes: Box[] } {
  const parts: string[] = [];
  const boxes: Box[] = [];
  for (const r of rowsBelow(rows, row, 6, 1.6)) {
    const cell = r.cells.find((c) => Math.abs(c.box[0] - anchor[0]) < 0.03 || (c.box[0] < anchor[2] && c.box[2] > anchor[0] && Math.abs((c.box[0] + c.box[2]) / 2 - (anchor[0] + anchor[2]) / 2) < 0.05));
    if (!cell) {
      if (parts.length) break;
      continue;
    }
    if (CONTACT.test(cell.text) || matchLabel('vendor_tax_id', cell.text) || matchLabel('customer', cell.text) || findDates(cell.text).length || findAmounts(cell.text).length) break;
    parts.push(cell.text.replace(/[,\s]+$/, ''));
    boxes.push(cell.box);
    if (parts.length >= 4) break;
  }
  return { text: parts.length ? parts.join(', ') : null, boxes };
}

function labelledParty(rows: Row[], label: LabelName): PartyReading | null {
  const pairs = findPairs(rows, label, (text) => (isPartyText(text) && text.length <= 80 ? { value: nameOf(text), raw: text } : null), { maxRowsBelow: 2 });
  const best = pairs[0];
  if (!best || !best.value) return null;
  const anchor = best.boxes[0]!;
  const address = addressUnder(rows, best.row, anchor);
  return { name: best.value, nameBoxes: best.boxes, address: address.text, addressBoxes: address.boxes, page: best.page };
}

export function findCustomer(rows: Row[]): PartyReading | null {
  return labelledParty(rows, 'customer');
}

/** The issuer: a labelled "Sold by"/"From" block, else the top-of-page name that looks most like
 * a letterhead (large type, a legal form, an address beneath), outside the customer's block. */
export function findVendor(rows: Row[], customer: PartyReading | null): PartyReading | null {
  const labelled = labelledParty(rows, 'vendor');
  if (labelled) return labelled;
  const firstPage = rows.filter((r) => r.page === rows[0]?.page);
  const typical = firstPage.map((r) => r.height).sort((a, b) => a - b)[Math.floor(firstPage.length / 2)] ?? 0.01;
  let best: { score: number; cell: Cell; row: Row; name: string } | null = null;
  for (const row of firstPage) {
    if (row.box[1] > 0.35) break;
    for (const cell of row.cells) {
      const name = nameOf(cell.text);
      if (name.length < 2 || !isPartyText(name) || CONTACT.test(name)) continue;
      if (customer && customer.page === row.page && [...customer.nameBoxes, ...customer.addressBoxes].some((b) => Math.abs(b[1] - cell.box[1]) < 0.005 && Math.abs(b[0] - cell.box[0]) < 0.03)) continue;
      const address = addressUnder(rows, row, cell.box);
      const inline = inlineAddress(cell.text);
      const score =
        (row.height / typical) +
        (LEGAL_FORM.test(name) ? 1 : 0) +
        ((address.text && /\d/.test(address.text)) || inline ? 1 : 0) -
        row.box[1] * 2 -
        (/\d/.test(name) ? 0.5 : 0);
      if (!best || score > best.score) best = { score, cell, row, name };
    }
  }
  if (!best) return null;
  const inline = inlineAddress(best.cell.text);
  if (inline) return { name: best.name, nameBoxes: [best.cell.box], address: inline, addressBoxes: [best.cell.box], page: best.row.page };
  const address = addressUnder(rows, best.row, best.cell.box);
  return { name: best.name, nameBoxes: [best.cell.box], address: address.text, addressBoxes: address.boxes, page: best.row.page };
}
