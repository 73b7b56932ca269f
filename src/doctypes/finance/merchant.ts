import type { Box } from '../../readers/types.js';
import { findDates } from './dates.js';
import { matchLabel, type LabelName } from './labels.js';
import { findAmounts } from './money.js';
import { CONTACT, LEGAL_FORM } from './party-names.js';
import type { Row } from './rows.js';

/** A till receipt's header: the shop's name in the first lines (a legal form, large type), its
 * address on the lines under it until the registration, phone or date lines begin. */

export interface MerchantReading {
  name: string;
  nameBox: Box;
  address: string | null;
  addressBoxes: Box[];
  page: number;
}

const HEADER_ROWS = 6;
const TITLE =
  /^\W*(?:TAX\s+INVOICE|INVOICE|RECEIPT|CASH\s+(?:SALE|BILL|RECEIPT)|SALES?\s+RECEIPT|WELCOME|BILL|SIMPLIFIED\s+TAX\s+INVOICE|COPY|OFFICIAL\s+RECEIPT)\W*$/i;
const STOP_LABELS: LabelName[] = ['invoice_number', 'vendor_tax_id', 'invoice_date', 'total', 'subtotal', 'payment_method'];
/** A company registration number, on its own line ("(742016-W)", "CO-REG: 860671-D") or after
 * the name ("99 SPEED MART S/B (519537-X)"). */
const REGISTRATION = /^\W*\(?[0-9]{4,}[-\s]?[A-Z]?\)?\W*$|\bCO(?:MPANY)?\.?\s*-?\s*(?:REG(?:ISTRATION)?|NO)\b|\bREG(?:ISTRATION)?\.?\s*NO\b/i;
const TRAILING_REGISTRATION = /\s*\(\s*[0-9][0-9A-Z\s-]{4,}\)\s*$/i;

const letters = (s: string): number => (s.match(/\p{L}/gu) ?? []).length;

/** A name holds a word of three letters or more; a logo read as text seldom does ("he Co RR re",
 * "3 1§orolr"), and a legal form found in such a garble ("Co") names nothing. */
const named = (row: Row): boolean => row.text.split(/\s+/).some((w) => /^\p{L}{3,}[.,&]?$/u.test(w));

function stops(text: string): boolean {
  return (
    CONTACT.test(text) ||
    TITLE.test(text) ||
    findDates(text).length > 0 ||
    findAmounts(text).some((a) => a.currency) ||
    STOP_LABELS.some((l) => matchLabel(l, text)?.strength === 3) ||
    /\bGST\b|\bSST\b|\bVAT\b/i.test(text) ||
    /^[-=*_\s]{5,}$/.test(text)
  );
}

export function findMerchant(rows: Row[]): MerchantReading | null {
  const page = rows[0]?.page;
  const head = rows.filter((r) => r.page === page).slice(0, HEADER_ROWS);
  // Type size is told against the header's text lines; a stray mark (".") is no measure.
  const typical = Math.min(...head.filter(named).map((r) => r.height));
  let best: { row: Row; score: number } | null = null;
  head.forEach((row, i) => {
    if (!named(row) || stops(row.text) || REGISTRATION.test(row.text)) return;
    // A registered company name is what accounts want, more than a logo or a brand line above it.
    const score = (LEGAL_FORM.test(row.text) ? 3 : 0) + row.height / typical - i * 0.3;
    if (!best || score > best.score) best = { row, score };
  });
  if (!best) return null;
  const chosen: Row = (best as { row: Row }).row;
  const parts: string[] = [];
  const boxes: Box[] = [];
  for (const r of rows.filter((x) => x.page === page && x.index > chosen.index).slice(0, 8)) {
    // Registration lines and a repeat of the company's name sit among the address lines.
    if (REGISTRATION.test(r.text) || (parts.length === 0 && LEGAL_FORM.test(r.text) && !/\d/.test(r.text))) continue;
    if (stops(r.text) || letters(r.text) < 2) break;
    parts.push(
      r.cells
        .map((c) => c.text)
        .join(' ')
        .replace(/[,\s]+$/, ''),
    );
    boxes.push(r.box);
    if (parts.length >= 5) break;
  }
  return {
    name: chosen.cells
      .map((c) => c.text)
      .join(' ')
      .replace(TRAILING_REGISTRATION, '')
      .trim(),
    nameBox: chosen.box,
    address: parts.length ? parts.join(', ') : null,
    addressBoxes: boxes,
    page: chosen.page,
  };
}
