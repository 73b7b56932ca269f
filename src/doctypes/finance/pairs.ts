import type { Box } from '../../readers/types.js';
import { matchLabel, type LabelName } from './labels.js';
import { rowsBelow, xOverlap, type Cell, type Row } from './rows.js';

/** Label–value pairs by position: the value follows the label in the same cell, stands in a cell to
 * its right on the same row, or sits below it in the same column. */

export interface Pair<T> {
  value: T;
  /** The value's text as printed. */
  raw: string;
  page: number;
  boxes: Box[];
  /** Label strength × 10 plus a bonus for the position; higher is better. */
  score: number;
  how: 'same' | 'right' | 'below';
  row: Row;
}

/** Turns a candidate text into a value, or refuses it. */
export type Accept<T> = (text: string) => { value: T; raw: string } | null;

export interface PairOptions {
  /** Look in cells below the label (default true). */
  below?: boolean;
  /** Rows below to look at. */
  maxRowsBelow?: number;
  /** Look below only when the label stands alone in its cell (a block heading, not "Customer: 2"). */
  belowOnlyUnderBareLabel?: boolean;
  /** A label cell that also names this is another value's ("Facture liée" is not the number's). */
  unless?: LabelName;
  /** A text after the label that leaves it a heading over its value ("Verkäufer / Seller"). */
  headingTail?: (text: string) => boolean;
  /** Below the label, a refused line for which this holds ends the search: it stood where the
   * value would, and the line after it is the block's next (a party's street), not the value. */
  stopBelow?: (text: string) => boolean;
  /** Below the label, a refused line for which this holds is passed over without counting towards
   * `maxRowsBelow`: a party's identifiers ("Kennung : 549910", "GLN : 4000001123452") printed
   * between its label and its name. */
  passOver?: (text: string) => boolean;
}

/** Rows passed over at most, besides `maxRowsBelow`. */
const MAX_PASSED_OVER = 3;

/** The cell's text after a character offset, with the boxes of the words it covers. */
export function cellTail(cell: Cell, from: number): { text: string; boxes: Box[] } {
  let offset = 0;
  const words = cell.words.filter((w) => {
    const start = offset;
    offset += w.text.length + 1;
    return start + w.text.length > from;
  });
  const text = cell.text
    .slice(from)
    .replace(/^[\s:#.\-–|°º]+/, '')
    // A number sign after the label ("Invoice No. 12", "Rechnung Nr 12"), never a name's first letters ("Northwind").
    .replace(/^(?:N[°º]|(?:NO|NR)(?!\p{L})\.?)\s*[:#]?\s*/iu, '');
  return { text: text.trim(), boxes: words.map((w) => w.box) };
}

/** Every value the label points at, best first. */
export function findPairs<T>(rows: Row[], label: LabelName, accept: Accept<T>, opts: PairOptions = {}): Pair<T>[] {
  const out: Pair<T>[] = [];
  for (const row of rows) {
    row.cells.forEach((cell, i) => {
      const m = matchLabel(label, cell.text);
      if (!m || (opts.unless && matchLabel(opts.unless, cell.text))) return;
      const base = m.strength * 10;
      const tail = cellTail(cell, m.end);
      if (tail.text && opts.headingTail?.(tail.text)) tail.text = '';
      const same = tail.text ? accept(tail.text) : null;
      if (same) {
        out.push({ ...same, page: row.page, boxes: tail.boxes, score: base + 3, how: 'same', row });
        return;
      }
      for (const right of row.cells.slice(i + 1, i + 3)) {
        const v = accept(right.text);
        if (v) {
          out.push({ ...v, page: row.page, boxes: [right.box], score: base + 3, how: 'right', row });
          return;
        }
      }
      if (opts.below === false) return;
      // "Customer: 2" has its value (a customer number): the block below is not the label's.
      if (opts.belowOnlyUnderBareLabel && tail.text) return;
      const maxBelow = opts.maxRowsBelow ?? 2;
      let counted = 0;
      let passed = 0;
      for (const r of rowsBelow(rows, row, maxBelow + (opts.passOver ? MAX_PASSED_OVER : 0))) {
        const under = r.cells.find((c) => xOverlap(c.box, cell.box) > 0.2 || Math.abs(c.box[0] - cell.box[0]) < 0.02);
        const v = under ? accept(under.text) : null;
        if (v && under) {
          out.push({ ...v, page: r.page, boxes: [under.box], score: base + 2, how: 'below', row: r });
          return;
        }
        if (under && opts.stopBelow?.(under.text)) return;
        if (under && passed < MAX_PASSED_OVER && opts.passOver?.(under.text)) {
          passed++;
          continue;
        }
        if (++counted >= maxBelow) return;
      }
    });
  }
  return out.sort((a, b) => b.score - a.score || a.page - b.page || a.row.box[1] - b.row.box[1]);
}
