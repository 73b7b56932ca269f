import { matchLabel } from './labels.js';
import { findPairs, type Pair } from './pairs.js';
import type { Row } from './rows.js';

/** The invoice's number: the value its label points at; failing any such label, a booking or
 * reservation reference, which is what a hotel's or a travel agent's receipt is known by. */

const CODE_TOKEN = /^#?\s*([A-Z0-9][A-Z0-9\-\/_.]{1,38}[A-Z0-9])\b/i;
/** A number printed or read in two words: a short letter prefix ("INV 0042"), or a break after a
 * separator ("RE-2025- 46001"). Only when the two words are all the value holds, so nothing else
 * printed after the number is joined to it. */
const SPLIT_CODE = /^#?\s*([A-Z]{1,5}|[A-Z0-9][A-Z0-9\-\/_.]{0,30}[\-\/_.])\s+([A-Z0-9][A-Z0-9\-\/_.]{0,30}[A-Z0-9])\s*$/i;
const DATE_LIKE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;

export function invoiceNumber(text: string): { value: string; raw: string } | null {
  const t = text.trim();
  const split = t.match(SPLIT_CODE);
  if (split && /\d/.test(split[2]!) && !DATE_LIKE.test(split[2]!)) {
    const [, head, tail] = split;
    const value = /[\-\/_.]$/.test(head!) ? `${head}${tail}` : `${head} ${tail}`;
    return { value, raw: split[0] };
  }
  const m = t.match(CODE_TOKEN);
  if (!m || !/\d/.test(m[1]!) || DATE_LIKE.test(m[1]!)) return null;
  return { value: m[1]!, raw: m[0] };
}

/** The document's title with its number after it, alone on the row ("Facture FA-2017-0010",
 * "Avoir AV-2017-0005", "Invoice INV-0042"): the title says what the number is. Placed as surely
 * as a labelled number, though a number under its own label wins. */
function titledNumber(rows: Row[]): Pair<string> | null {
  for (const row of rows) {
    const text = row.text.trim();
    const title = [matchLabel('invoice_title', text), matchLabel('credit_note', text)].find((m) => m !== null && m.start === 0);
    if (!title || matchLabel('referenced_invoice', text)) continue;
    const tail = text
      .slice(title.end)
      .replace(/^[\s:#]+/, '')
      .replace(/^(?:N[°º]|NO\.?|NR\.?)\s*[:#]?\s*/i, '');
    const number = invoiceNumber(tail);
    if (!number || number.raw.trim() !== tail.trim()) continue;
    const words = row.cells.flatMap((c) => c.words).filter((w) => number.raw.includes(w.text));
    return { ...number, page: row.page, boxes: words.length ? words.map((w) => w.box) : [row.box], score: 31, how: 'same', row };
  }
  return null;
}

export function findInvoiceNumber(rows: Row[]): Pair<string> | null {
  const labelled = findPairs(rows, 'invoice_number', invoiceNumber, { unless: 'referenced_invoice' });
  const titled = titledNumber(rows);
  return [...labelled, ...(titled ? [titled] : [])].sort((a, b) => b.score - a.score)[0] ?? findPairs(rows, 'document_reference', invoiceNumber)[0] ?? null;
}
