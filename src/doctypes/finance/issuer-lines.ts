import type { Box } from '../../readers/types.js';
import { findIban } from './iban.js';
import { matchLabel } from './labels.js';
import { findPairs } from './pairs.js';
import { CONTACT, endsInLegalForm, formedName, inlineAddress, isPartyText, looksLikeSentence, nameOf } from './party-names.js';
import type { Cell, Row } from './rows.js';

/** Lines that name the issuer outright wherever the letterhead is: the bank line's account holder
 * ("Titulaire du compte : Firm", "payable in favour of Firm Ltd") and the legal footer the law
 * asks for ("Firm SAS au capital de …", a name over "Registered office: …"). Many invoices carry
 * the sender's name only there, in a logo above or not at all. */

export interface NamedIssuer {
  name: string;
  boxes: Box[];
  page: number;
  /** `legal_block`: a legal footer's name over its own address (see legalFooter). */
  how: 'payee' | 'legal_footer' | 'legal_block';
}

/** The footer starts this far down the page. */
export const FOOTER_TOP = 0.7;
const MAX_NAME_WORDS = 6;

const plainName = (text: string): string | null => {
  const name = nameOf(text);
  const words = name.split(/\s+/).length;
  const ok =
    name.length >= 2 && words <= MAX_NAME_WORDS && isPartyText(name) && !CONTACT.test(name) && !/\d|:|\bBAN[KQ]/i.test(name) && !looksLikeSentence(name);
  return ok ? name : null;
};

function payee(rows: Row[]): NamedIssuer | null {
  const best = findPairs(
    rows,
    'payee',
    (text) => {
      const name = plainName(text);
      return name ? { value: name, raw: text } : null;
    },
    { maxRowsBelow: 1 },
  )[0];
  return best ? { name: best.value, boxes: best.boxes, page: best.page, how: 'payee' } : null;
}

/** The rows printed close together around a row, as footers are. */
function blockAround(rows: Row[], at: Row): Row[] {
  const near = (a: Row, b: Row): boolean => b.box[1] - a.box[3] <= Math.max(a.height, b.height) * 1.5;
  const page = rows.filter((r) => r.page === at.page);
  let start = page.indexOf(at);
  let end = start;
  while (start > 0 && page[start - 1]!.box[1] >= FOOTER_TOP && near(page[start - 1]!, page[start]!)) start--;
  while (end < page.length - 1 && near(page[end]!, page[end + 1]!)) end++;
  return page.slice(start, end + 1);
}

/** A bank's own lines: its name heads the account's particulars, never the issuer's. */
const BANK_LINE = /\b(?:IBAN|BIC|SWIFT|BLZ|RIB|KONTO(?:NR|NUMMER)?|ACCOUNT)\b/i;
const BANK_NAME = /\b(?:BANK|BANQUE|BANCA|BANCO|SPARKASSE|VOLKSBANK|RAIFFEISEN)|\p{L}BANK\b/iu;

/** The cells printed under a cell in its own column of a block, down to the first gap. */
function columnUnder(block: Row[], row: Row, cell: Cell): Cell[] {
  const out: Cell[] = [];
  for (const r of block.filter((b) => b.index > row.index)) {
    const under = r.cells.find((c) => Math.abs(c.box[0] - cell.box[0]) < 0.02);
    if (!under) break;
    out.push(under);
  }
  return out;
}

/** A street or a postcode with its town, not one of the company's numbers or a contact. */
const isAddressLine = (text: string): boolean =>
  /\d/.test(text) &&
  /\p{L}{3}/u.test(text) &&
  !text.includes(':') &&
  !CONTACT.test(text) &&
  !BANK_LINE.test(text) &&
  !findIban(text) &&
  !matchLabel('vendor_tax_id', text) &&
  !matchLabel('registry', text);

/** The address parts a line holds after a name ("Firm GmbH · Street 7 · Town"), none if it holds none. */
const inlineParts = (text: string): string[] => (inlineAddress(text) ?? '').split(', ');

/** What follows a name on its own line: the parts of a sender line, or the next cells of a footer
 * line printed with gaps. */
const addressAfter = (row: Row, cell: Cell): string[] => [
  ...inlineParts(cell.text),
  ...row.cells.slice(row.cells.indexOf(cell) + 1, row.cells.indexOf(cell) + 3).map((c) => c.text),
];

function legalFooter(rows: Row[]): NamedIssuer | null {
  // The issuer's VAT ID in the footer is as much its legal particulars as a registration.
  for (const registry of rows.filter((r) => r.box[1] >= FOOTER_TOP && (matchLabel('registry', r.text) || matchLabel('vendor_tax_id', r.text)))) {
    const block = blockAround(rows, registry);
    let formed: NamedIssuer | null = null;
    for (const row of block) {
      for (const cell of row.cells) {
        const name = formedName(cell.text);
        if (!name) continue;
        const under = columnUnder(block, row, cell);
        if (BANK_NAME.test(name) || (under[0] && BANK_LINE.test(under[0].text))) continue;
        // A company name heading its own address (on its line or under it) or its own
        // registration lines, in the block that holds its tax ID or registration, is the issuer's
        // legal footer as surely as a label would say.
        const addressed = [...addressAfter(row, cell), ...under.map((c) => c.text)].some(isAddressLine);
        const registered = under.some((c) => matchLabel('registry', c.text) || matchLabel('vendor_tax_id', c.text));
        if (addressed || registered) return { name, boxes: [cell.box], page: row.page, how: 'legal_block' };
        formed ??= { name, boxes: [cell.box], page: row.page, how: 'legal_footer' };
      }
    }
    if (formed) return formed;
    // A name on a line of its own over the registration lines, with no legal form printed.
    const first = block[0]!;
    const above = rows.filter((r) => r.page === first.page && r.index === first.index - 1 && first.box[1] - r.box[3] <= Math.max(r.height, first.height) * 4);
    for (const row of [first, ...above]) {
      const name = row.cells.length === 1 ? plainName(row.text) : null;
      // Its legal form written and its address after it on its line ("Au bon moulin SARL - 12 rue
      // du Moulin - 75001 Paris"), it heads its own address as a formed name does.
      const addressed = name !== null && endsInLegalForm(name) && inlineParts(row.text).some(isAddressLine);
      if (name) return { name, boxes: [row.box], page: row.page, how: addressed ? 'legal_block' : 'legal_footer' };
    }
  }
  return null;
}

/** A footer that names a company before its address, with no registration or tax ID: on one line
 * ("Firm AS · Street 7 · 5013 Town") or heading a column of its own over its street. The issuer's
 * own line, though one sign alone. */
export function footerLine(rows: Row[]): NamedIssuer | null {
  const company = (text: string): string | null => {
    const name = nameOf(text);
    return formedName(name) === name && !BANK_NAME.test(name) ? name : null;
  };
  for (const row of rows.filter((r) => r.box[1] >= FOOTER_TOP)) {
    // On a line, the name is its first part: after a label ("Lieferadresse: Firm AG") it would
    // be another party's.
    const first = row.cells[0]!;
    const name = company(first.text);
    if (name && addressAfter(row, first).some(isAddressLine)) return { name, boxes: [first.box], page: row.page, how: 'legal_footer' };
    for (const cell of row.cells) {
      const head = company(cell.text);
      const under = head ? columnUnder(blockAround(rows, row), row, cell) : [];
      if (head && under[0] && isAddressLine(under[0].text)) return { name: head, boxes: [cell.box], page: row.page, how: 'legal_footer' };
    }
  }
  return null;
}

export function findNamedIssuer(rows: Row[]): NamedIssuer | null {
  return payee(rows) ?? legalFooter(rows);
}
