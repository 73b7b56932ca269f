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
  nameBoxes: Box[];
  /** Why the name may not be whole, when the header leaves it open; such a name is not published. */
  doubt: string | null;
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
/** The registration after the name, in brackets a reader may turn into braces or drop
 * ("(519537-X)", "{519537-X", "[1125830-V]", "(CO.REG :704427-T )"), or bare in its
 * digits-dash-letter form ("002570632-X"). */
const TRAILING_REGISTRATION =
  /\s*(?:[({[]\s*(?:CO(?:MPANY)?\.?\s*(?:REG(?:ISTRATION)?|NO)\.?\s*(?:NO\.?)?\s*[:.]?\s*)?[0-9][0-9A-Z\s-]{4,}[)}\]]?|\b[0-9]{5,}-[A-Z])\W*$/i;

const letters = (s: string): number => (s.match(/\p{L}/gu) ?? []).length;

const LEGAL_FORMS = new RegExp(LEGAL_FORM.source, 'gi');
/** A legal form and where it is registered ("CO. (M) SDN BHD") name no one by themselves. */
const withoutLegalForm = (text: string): string => text.replace(LEGAL_FORMS, ' ').replace(/\(\s*\p{L}{1,2}\s*\)/gu, ' ');

/** A line that is nothing but a legal form and where it is registered finishes the name above it
 * ("POPULAR BOOK" / "CO. (M) SDN BHD"); "MR. D.I.Y. SDN BHD" is a name. */
const legalFormOnly = (row: Row): boolean => LEGAL_FORM.test(row.text) && !/\p{L}/u.test(withoutLegalForm(row.text));
/** A name holds a word of three letters or more; a logo read as text seldom does ("he Co RR re",
 * "3 1§orolr"), and a legal form found in such a garble ("Co") names nothing. */
const named = (row: Row): boolean => !legalFormOnly(row) && row.text.split(/\s+/).some((w) => /^\p{L}{3,}[.,&]?$/u.test(w));
/** A line ending in "&" or "and" goes on over the next ("HOME MASTER HARDWARE &" / "ELECTRICAL"). */
const JOINED_ON = /(?:&|\bAND|\bDAN|\bET|\bUND)\s*$/i;
const rowText = (r: Row): string =>
  r.cells
    .map((c) => c.text)
    .join(' ')
    .trim();

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
  const pageRows = rows.filter((x) => x.page === page);
  const nameRows: Row[] = [(best as { row: Row }).row];
  const after = (r: Row): Row | undefined => pageRows.find((x) => x.index > r.index);
  // A name printed over more than one line is taken whole.
  for (let next = after(nameRows.at(-1)!); next && nameRows.length < 3; next = after(next)) {
    if (stops(next.text) || REGISTRATION.test(next.text)) break;
    const continued = JOINED_ON.test(nameRows.at(-1)!.text) && named(next) && !/\d/.test(next.text);
    if (!legalFormOnly(next) && !continued) break;
    nameRows.push(next);
  }
  const last = nameRows.at(-1)!;
  const rest = pageRows.filter((x) => x.index > last.index);
  const parts: string[] = [];
  const boxes: Box[] = [];
  for (const r of rest.slice(0, 8)) {
    // Registration lines and a repeat of the company's name sit among the address lines.
    if (REGISTRATION.test(r.text) || (parts.length === 0 && LEGAL_FORM.test(r.text) && !/\d/.test(r.text))) continue;
    if (stops(r.text) || letters(r.text) < 2) break;
    parts.push(rowText(r).replace(/[,\s]+$/, ''));
    boxes.push(r.box);
    if (parts.length >= 5) break;
  }
  const name = nameRows.map(rowText).join(' ').replace(TRAILING_REGISTRATION, '').trim();
  return {
    name,
    nameBoxes: nameRows.map((r) => r.box),
    doubt: openName(name, last, rest),
    address: parts.length ? parts.join(', ') : null,
    addressBoxes: boxes,
    page: last.page,
  };
}

/** A name that neither a legal form nor a registration closes may go on over the next line when
 * that line is words alone: "RESTAURANT JIAWEI" over "JIAWEI HOUSE" is one name, "THREE STOOGES"
 * over "BISTRO & CAFE" is not, and only a person can tell them apart. A brand printed over the
 * company's registered name (a legal form in the next lines) leaves the same question. */
function openName(name: string, last: Row, rows: Row[]): string | null {
  if (LEGAL_FORM.test(name) || TRAILING_REGISTRATION.test(rowText(last))) return null;
  const below: Row[] = [];
  for (const r of rows.slice(0, 2)) {
    if (stops(r.text) || REGISTRATION.test(r.text)) break;
    below.push(r);
  }
  const words = (r: Row): boolean => named(r) && !/\d/.test(r.text);
  const company = below.find((r) => words(r) && LEGAL_FORM.test(r.text));
  if (company) return `"${name}" may be a brand printed over the company's name, "${rowText(company)}"; a person must say which is the merchant.`;
  if (below[0] && words(below[0])) return `The shop's name "${name}" may go on over the next line, "${rowText(below[0])}"; a person must say where it ends.`;
  return null;
}
