import { median } from '../../domain/median.js';
import type { Box } from '../../readers/types.js';
import { findDates } from './dates.js';
import { findIban } from './iban.js';
import { FOOTER_TOP, findNamedIssuer, footerLine, type NamedIssuer } from './issuer-lines.js';
import { matchLabel, upper, type LabelName } from './labels.js';
import { findAmounts } from './money.js';
import { findPairs, type Pair } from './pairs.js';
import { CONTACT, LEGAL_FORM, endsInLegalForm, inlineAddress, isPartyText, looksLikeSentence, nameOf } from './party-names.js';
import { rowsBelow, type Cell, type Row } from './rows.js';
import { normaliseVendor } from './vendor.js';

/** Who sent the invoice and to whom: labelled blocks ("Bill to", "Sold by"), the lines that name
 * the issuer outright (its bank line, its legal footer), and the letterhead at the top of the
 * first page. */

/** How a party's name was placed: under its own label ("Bill to", "Sold by"); by the letterhead
 * and named again by the bank line or the legal footer (`confirmed`); or by one sign alone. */
export type PartyPlacement = 'labelled' | 'confirmed' | 'letterhead' | NamedIssuer['how'];

export interface PartyReading {
  name: string;
  nameBoxes: Box[];
  address: string | null;
  addressBoxes: Box[];
  page: number;
  placedBy: PartyPlacement;
}

/** A labelled line ("Order ID: OD3041…") ends an address block. */
const LABELLED_LINE = /^[^\d:]{2,30}:\s/;

/** Up to four address lines under a name, aligned with it. */
function addressUnder(rows: Row[], row: Row, anchor: Box): { text: string | null; boxes: Box[] } {
  const parts: string[] = [];
  const boxes: Box[] = [];
  for (const r of rowsBelow(rows, row, 6, 1.6)) {
    const cell = r.cells.find(
      (c) =>
        Math.abs(c.box[0] - anchor[0]) < 0.03 ||
        // a block set flush right
        Math.abs(c.box[2] - anchor[2]) < 0.01 ||
        (c.box[0] < anchor[2] && c.box[2] > anchor[0] && Math.abs((c.box[0] + c.box[2]) / 2 - (anchor[0] + anchor[2]) / 2) < 0.05),
    );
    if (!cell) {
      if (parts.length) break;
      continue;
    }
    if (
      CONTACT.test(cell.text) ||
      LABELLED_LINE.test(cell.text) ||
      matchLabel('vendor_tax_id', cell.text) ||
      matchLabel('customer', cell.text) ||
      findDates(cell.text).length ||
      findAmounts(cell.text).length
    )
      break;
    parts.push(cell.text.replace(/[,\s]+$/, ''));
    boxes.push(cell.box);
    if (parts.length >= 4) break;
  }
  return { text: parts.length ? parts.join(', ') : null, boxes };
}

function partyOf(rows: Row[], pair: Pair<string>): PartyReading {
  // "Seller: Firm GmbH, Street 4, 12345 Town" carries its address on the label's line.
  const inline = inlineAddress(pair.raw, { unformed: true });
  const address = inline ? { text: inline, boxes: pair.boxes } : addressUnder(rows, pair.row, pair.boxes[0]!);
  return { name: pair.value, nameBoxes: pair.boxes, address: address.text, addressBoxes: address.boxes, page: pair.page, placedBy: 'labelled' };
}

/** "Name: Firm GmbH", "Raison sociale : Firm SARL": a form's field for the party's name, whose
 * label is left out. */
function withoutNameField(text: string): string {
  const m = matchLabel('party_name', text);
  const colon = m ? text.slice(m.end).match(/^\s*:\s*/) : null;
  return m && colon ? text.slice(m.end + colon[0].length) : text;
}

/** A party's name under its label: the whole text, or the name before the address on its line. */
function partyValue(labelled: string): { value: string; raw: string } | null {
  const text = withoutNameField(labelled);
  const name = nameOf(text, { unformed: true });
  const ok = inlineAddress(text, { unformed: true }) ? isPartyText(name) && name.length <= 80 : isPartyText(text) && text.length <= 80;
  return ok ? { value: name, raw: text } : null;
}

/** Words a party's label may head its block with ("Seller information", "Angaben"). */
const BLOCK_WORD = /^(?:INFORMATIONS?|INFO|DETAILS?|DATA|DATEN|ANGABEN|COORDONNEES|DATOS|DATI|DADOS|GEGEVENS)$/;

/** Whether the text after a party's label keeps it a heading: the label again in another language
 * ("Verkäufer / Seller", "Cedente / Prestatore") or a word for the block ("Seller information"). */
function headingTail(label: LabelName, text: string): boolean {
  const rest = upper(text)
    .replace(/^[\s/(|–-]+|[\s):]+$/g, '')
    .trim();
  const again = matchLabel(label, rest);
  return BLOCK_WORD.test(rest) || (again !== null && again.start === 0 && again.end >= rest.length);
}

/** A party's identifier on its own line, a short label and a code with digits ("Kennung : 549910",
 * "GLN: 4000001123452", "Global ID : 4000001123452 (0088)", "Kundennummer: K-1042"): some blocks
 * print them between the party's label and its name. */
const identifierLine = (text: string): boolean => {
  const m = text.match(/^([^\d:]{1,30}?)\s*:\s*(\S.*)$/);
  return !!m && /^[A-Z0-9][A-Z0-9 .\-/()]*$/i.test(m[2]!) && (m[2]!.match(/\d/g)?.length ?? 0) >= 3 && m[1]!.trim().split(/\s+/).length <= 3;
};

/** Every block the label heads, best first. */
function labelledParties(rows: Row[], label: LabelName): PartyReading[] {
  const pairs = findPairs(rows, label, partyValue, {
    maxRowsBelow: 2,
    belowOnlyUnderBareLabel: true,
    // A company's name refused (it ends in its legal form) stood where the value would; a note
    // or a field over the name ("(Not to be used for payment remittance)") may be passed over.
    stopBelow: endsInLegalForm,
    headingTail: (text) => headingTail(label, text),
    passOver: identifierLine,
  });
  // In a row of column headings ("Klant  Order  Factuur datum"), the cell beside a label is the
  // next column's heading; the label's value is under it, if anywhere.
  return pairs.filter((p) => p.value && !(p.how !== 'below' && isHeadingRow(p.row))).map((p) => partyOf(rows, p));
}

/** "Verkäufer" ends in "Käufer" (buyer): a row the seller's label heads is never the buyer's. */
export function findCustomer(rows: Row[]): PartyReading | null {
  return (
    labelledParties(rows, 'customer').find((p) => {
      const name = p.nameBoxes[0]!;
      // A name on its own label's line ("Bill to: Firm, Street 4") is that label's, whatever stands above.
      const onLabelLine = (c: Cell): boolean => c.box[0] <= name[0] && c.box[2] >= name[2] && matchLabel('customer', c.text) !== null;
      if (rows.some((r) => r.page === p.page && Math.abs(r.box[1] - name[1]) < 0.005 && r.cells.some(onLabelLine))) return true;
      // Only the label over the name counts: a seller's block may stand beside the buyer's.
      const over = (c: Cell): boolean => c.box[0] < name[2] && c.box[2] > name[0] && matchLabel('vendor', c.text) !== null;
      return !rows.some((r) => r.page === p.page && r.box[3] <= name[1] && name[1] - r.box[3] < 0.03 && r.cells.some(over));
    }) ?? null
  );
}

const inBlocks = (blocks: PartyReading[], page: number, box: Box): boolean =>
  blocks.some((b) => b.page === page && [...b.nameBoxes, ...b.addressBoxes].some((x) => Math.abs(x[1] - box[1]) < 0.005 && Math.abs(x[0] - box[0]) < 0.03));

/** A row of column headings ("Item  Quantity  Rate  Amount", "Hotel Details  Check In  Rooms"):
 * three or more short cells of words alone. */
const isHeadingRow = (row: Row): boolean =>
  row.cells.length >= 3 && row.cells.every((c) => c.words.length <= 3 && !/\d/.test(c.text) && /\p{L}{3}/u.test(c.text));

const PO_BOX = /^(?:P\.?\s*O\.?\s*BOX|POSTFACH|POSTBUS|B\.?P\.?|APARTADO)\b/i;
/** A reference or an ID ("SCONL0303006280999"), written in capitals and digits as one word. */
const CODE = /^[A-Z0-9][A-Z0-9\-\/_.]*\d[A-Z0-9\-\/_.]*$/;

/** Whether the issuer's own particulars (tax ID, company registration, IBAN) stand in the block
 * under a name: a customer's block rarely carries them. */
function particularsUnder(rows: Row[], row: Row, anchor: Box): boolean {
  // Aligned with the name on the left, or on the right for a letterhead set flush right.
  const aligned = (c: Cell): boolean => Math.abs(c.box[0] - anchor[0]) < 0.03 || Math.abs(c.box[2] - anchor[2]) < 0.03;
  return rowsBelow(rows, row, 8, 2.5).some((r) =>
    r.cells.some((c) => aligned(c) && (matchLabel('vendor_tax_id', c.text) || matchLabel('registry', c.text) || findIban(c.text))),
  );
}

/** A document's title alone ("FATURA", "Credit note"): it heads the page where a letterhead would. */
function isTitleOnly(text: string): boolean {
  const whole = upper(text)
    .replace(/[^A-Z0-9\p{L}\s]/gu, ' ')
    .trim();
  return (['invoice_title', 'credit_note'] as const).some((label) => {
    const m = matchLabel(label, whole);
    return m !== null && m.start === 0 && m.end >= whole.length;
  });
}

/** Whether the address under a name is printed again on a line at the foot of the page ("Street 7 ·
 * 5013 Town · Country"): the issuer repeats its own address there, never its customer's. Every line
 * of the address that holds a number (street, postcode) must stand in that one footer line. */
function addressInFooter(rows: Row[], block: Row, addressBoxes: Box[], address: string | null): boolean {
  const flat = (t: string): string =>
    ` ${upper(t)
      .replace(/[^A-Z0-9]+/g, ' ')
      .trim()} `;
  const parts = (address ?? '').split(', ').filter((p) => /\d/.test(p) && p.trim().length >= 4);
  if (parts.length === 0) return false;
  return rows.some(
    (r) =>
      r.page === block.page &&
      r.box[1] >= FOOTER_TOP &&
      !addressBoxes.some((b) => Math.abs(b[1] - r.box[1]) < 0.005) &&
      parts.every((p) => flat(r.text).includes(flat(p))),
  );
}

/** Whether a line in small type stands right over an address block aligned with it (the sender
 * line over the window of a letter): only the sender's own name and address are printed there. */
function overAddressWindow(rows: Row[], row: Row, anchor: Box): boolean {
  const window: Cell[] = [];
  for (const r of rowsBelow(rows, row, 5, 3)) {
    const cell = r.cells.find((c) => Math.abs(c.box[0] - anchor[0]) < 0.03);
    // A line beside the window (the references' column) may come first.
    if (!cell) {
      if (window.length) break;
      continue;
    }
    window.push(cell);
  }
  const larger = (c: Cell): boolean => c.box[3] - c.box[1] >= (anchor[3] - anchor[1]) * 1.1;
  return window.length >= 2 && window.some((c) => /\d/.test(c.text)) && larger(window[0]!) && !CONTACT.test(window[0]!.text);
}

/** Whether a top-of-page text may be the issuer's name: no heading, contact, label, slogan, P.O.
 * box, reference or title. */
const isLetterheadName = (name: string): boolean =>
  name.length >= 2 &&
  isPartyText(name) &&
  !CONTACT.test(name) &&
  !name.includes(':') &&
  !looksLikeSentence(name) &&
  !PO_BOX.test(name) &&
  !CODE.test(name) &&
  !isTitleOnly(name);

/** A sender line right over the address window ("Au bon moulin · 12 rue du Moulin · 75001
 * Paris"), its legal form written or not: only the sender's name stands there, though the window's
 * name under it is printed larger. */
function senderLine(rows: Row[], customers: PartyReading[]): PartyReading | null {
  for (const row of rows.filter((r) => r.page === rows[0]?.page && r.box[1] <= 0.35)) {
    // Its parts may stand in cells of their own ("Firm", "●", "Street 12").
    for (const cell of [...row.cells, row]) {
      const address = inlineAddress(cell.text);
      const name = nameOf(cell.text);
      if (address && isLetterheadName(name) && !inBlocks(customers, row.page, cell.box) && overAddressWindow(rows, row, cell.box))
        return { name, nameBoxes: [cell.box], address, addressBoxes: [cell.box], page: row.page, placedBy: 'confirmed' };
    }
  }
  return null;
}

/** The top-of-page name that looks most like a letterhead: large type, a legal form, an address
 * or a sender line, the issuer's particulars beneath; never a customer's block or a heading. */
function letterhead(rows: Row[], customers: PartyReading[]): PartyReading | null {
  const firstPage = rows.filter((r) => r.page === rows[0]?.page);
  const typical = firstPage.length ? median(firstPage.map((r) => r.height)) : 0.01;
  let best: { score: number; cell: Cell; row: Row; name: string } | null = null;
  for (const row of firstPage) {
    if (row.box[1] > 0.35) break;
    if (isHeadingRow(row)) continue;
    for (const cell of row.cells) {
      const name = nameOf(cell.text);
      if (!isLetterheadName(name) || inBlocks(customers, row.page, cell.box)) continue;
      const address = addressUnder(rows, row, cell.box);
      // A sender line ("Firm AG - Street 4 - Town") over the address window names the sender.
      const placeBonus = inlineAddress(cell.text) ? 2 : address.text && /\d/.test(address.text) ? 1 : 0;
      const score =
        row.height / typical +
        (LEGAL_FORM.test(name) ? 1 : 0) +
        placeBonus +
        (particularsUnder(rows, row, cell.box) ? 1 : 0) -
        row.box[1] * 2 -
        (/\d/.test(name) ? 0.5 : 0);
      if (!best || score > best.score) best = { score, cell, row, name };
    }
  }
  if (!best) return null;
  // A company name (its legal form written) over its own block that carries the issuer's tax ID
  // or registration is the issuer's letterhead as surely as a label would say: a strapline or a
  // customer's window carries neither. So is a name printed again on its own sender line over the
  // address window ("Firm GmbH ● Street 12 ● Town"): only the sender's name stands there. So is a
  // name whose address the foot of the page prints again.
  const top = best;
  const senderLineAgain = firstPage.some(
    (r) =>
      r !== top.row &&
      r.box[1] <= 0.35 &&
      // The line's parts may stand in cells of their own ("Firm GmbH", "●", "Street 12").
      [r.text, ...r.cells.map((c) => c.text)].some(
        (t) => (inlineAddress(t) !== null || inlineAddress(top.cell.text) !== null) && sameParty(nameOf(t), top.name),
      ),
  );
  const inline = inlineAddress(best.cell.text);
  const address = inline ? { text: inline, boxes: [best.cell.box] } : addressUnder(rows, best.row, best.cell.box);
  const confirmed =
    LEGAL_FORM.test(best.name) &&
    (particularsUnder(rows, best.row, best.cell.box) ||
      senderLineAgain ||
      (inline !== null && overAddressWindow(rows, best.row, best.cell.box)) ||
      addressInFooter(rows, best.row, address.boxes, address.text));
  const placedBy = confirmed ? 'confirmed' : 'letterhead';
  if (inline) return { name: best.name, nameBoxes: [best.cell.box], address: inline, addressBoxes: [best.cell.box], page: best.row.page, placedBy };
  return { name: best.name, nameBoxes: [best.cell.box], address: address.text, addressBoxes: address.boxes, page: best.row.page, placedBy };
}

/** Cells at the top of the first page in type half again as large as the page's usual: a logo's
 * or a letterhead's words, never an address window's. */
function logoWords(rows: Row[]): Cell[] {
  const firstPage = rows.filter((r) => r.page === rows[0]?.page);
  const typical = firstPage.length ? median(firstPage.map((r) => r.height)) : 0.01;
  return firstPage.filter((r) => r.box[1] <= 0.35 && r.height >= typical * 1.5).flatMap((r) => r.cells.filter((c) => isPartyText(c.text)));
}

const sameParty = (a: string, b: string): boolean => {
  const [x, y] = [normaliseVendor(a), normaliseVendor(b)];
  return x.length >= 3 && y.length >= 3 && (x.includes(y) || y.includes(x));
};

/** The issuer: a labelled "Sold by"/"From" block; else the name the bank line or the legal
 * footer gives, kept with the letterhead's address when the letterhead names the same party;
 * else the letterhead alone. A footer's or a payee's name outranks an unlabelled letterhead: the
 * top of many invoices shows only the customer's address window under a logo. */
export function findVendor(rows: Row[]): PartyReading | null {
  const labelled = labelledParties(rows, 'vendor')[0];
  if (labelled) return labelled;
  const customers = labelledParties(rows, 'customer');
  const letter = letterhead(rows, customers);
  const confirmed = letter?.placedBy === 'confirmed';
  // The weaker signs (a sender line without a legal form, a footer's line of name and address)
  // never cast doubt on a confirmed letterhead, and a sender line stands only where no footer
  // names another company.
  const named = findNamedIssuer(rows) ?? (confirmed ? null : footerLine(rows));
  const sender = confirmed ? null : senderLine(rows, customers);
  const guessed = sender && (!named || sameParty(sender.name, named.name)) ? sender : letter;
  if (!named) return guessed;
  // A payee named apart from a confirmed letterhead is whom the money goes to (an account holder, a
  // factoring company), not the issuer.
  if (guessed?.placedBy === 'confirmed' && named.how === 'payee' && !sameParty(guessed.name, named.name)) return guessed;
  if (guessed && sameParty(guessed.name, named.name)) {
    // A logo's short form ("KESTREL") names the party the footer names in full.
    const fuller = normaliseVendor(named.name).length > normaliseVendor(guessed.name).length;
    return fuller ? { ...guessed, name: named.name, nameBoxes: named.boxes, page: named.page, placedBy: 'confirmed' } : { ...guessed, placedBy: 'confirmed' };
  }
  // A logo's word in large type at the top confirms the footer's name as well, when an
  // unlabelled customer's window outranked it as the letterhead.
  if (guessed?.placedBy !== 'confirmed' && logoWords(rows).some((c) => sameParty(nameOf(c.text), named.name)))
    return { name: named.name, nameBoxes: named.boxes, address: null, addressBoxes: [], page: named.page, placedBy: 'confirmed' };
  // A footer that names another company than a confirmed letterhead leaves the issuer in doubt.
  const placedBy = named.how === 'legal_block' && guessed?.placedBy === 'confirmed' ? 'legal_footer' : named.how;
  return { name: named.name, nameBoxes: named.boxes, address: null, addressBoxes: [], page: named.page, placedBy };
}
