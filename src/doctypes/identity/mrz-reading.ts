import type { Region } from '../../domain/result.js';
import type { Box, Line, ReaderOutput, Word } from '../../readers/types.js';
import { normalizeLine } from '../mrz/fit.js';
import { findMrz, parseMrz, type MrzFormat, type MrzResult, type MrzSpan } from '../mrz/index.js';

/** The MRZ as one reader saw it: the parse, and the reader's own lines it came from, so that every
 * field can be pointed at on the page. */
export interface MrzReading {
  result: MrzResult;
  page: number;
  /** The reader's lines that make up the MRZ, in order (one per MRZ line). */
  lines: Line[];
}

/** The line holding the names zone, which ends in fillers, per format. */
const NAMES_LINE: Partial<Record<MrzFormat, number>> = { TD1: 2, TD2: 0, TD3: 0, 'MRV-A': 0, 'MRV-B': 0 };

/** Tesseract reads the filler run that ends a names zone as L, K, C or S ("NOOR<<<<<<L<LLLLL"). From
 * the first "<<" after which only fillers and those letters follow, to the end of the line, the
 * letters are fillers: a name made only of L, K, C and S is not worth the misreads it would keep. */
export function trailingFillers(line: string): string {
  return line.replace(/<<[<LKCS]*$/, (tail) => '<'.repeat(tail.length));
}

/** Finds and parses the MRZ in one reader's output; the first page that holds one. */
export function readMrzOf(reading: ReaderOutput, now: Date): MrzReading | null {
  for (const page of reading.pages) {
    const candidates = page.lines.filter((l) => normalizeLine(l.text).length > 0);
    const found = findMrz(candidates.map((l) => l.text));
    if (!found) continue;
    const texts = candidates.map((l) => normalizeLine(l.text));
    const at = texts.findIndex((_, i) => found.lines.every((f, k) => texts[i + k] === f));
    if (at === -1) continue;
    const namesLine = NAMES_LINE[found.format];
    const lines = found.lines.map((l, i) => (i === namesLine ? trailingFillers(l) : l));
    return { result: parseMrz(lines, { now }), page: page.page, lines: candidates.slice(at, at + found.lines.length) };
  }
  return null;
}

/** Passing checks first, then fewer repairs: the reading to trust when several readers saw the MRZ. */
export function mrzScore(result: MrzResult): number {
  return result.checks.filter((c) => c.valid).length * 100 + (result.valid ? 50 : 0) - result.repairs.length;
}

export function bestMrzOf(readings: readonly ReaderOutput[], now: Date): MrzReading | null {
  let best: MrzReading | null = null;
  for (const r of readings) {
    const m = readMrzOf(r, now);
    if (m && (!best || mrzScore(m.result) > mrzScore(best.result))) best = m;
  }
  return best;
}

interface CharCell {
  box: Box;
  confidence: number;
}

/** One cell per character of the line's text without whitespace: each word's box shared evenly
 * among its characters. Null when the words do not spell the line (then the line box is split). */
function charCells(line: Line): CharCell[] | null {
  const cells: CharCell[] = [];
  for (const w of line.words) cells.push(...wordCells(w));
  return cells.length === normalizeLine(line.text).length ? cells : null;
}

function wordCells(w: Word): CharCell[] {
  const chars = normalizeLine(w.text).length;
  const step = (w.box[2] - w.box[0]) / Math.max(1, chars);
  return Array.from({ length: chars }, (_, i) => ({
    box: [w.box[0] + i * step, w.box[1], w.box[0] + (i + 1) * step, w.box[3]] as Box,
    confidence: w.confidence,
  }));
}

const round = (v: number): number => Math.round(v * 1e5) / 1e5;

/** Where characters [start, end) of an MRZ line stood on the page, and how sure the reader was of
 * them. Positions refer to the fitted line; a line the parser resized is mapped proportionally. */
export function spanRegion(m: MrzReading, span: MrzSpan): { region: Region; confidence: number } | null {
  const line = m.lines[span.line];
  if (!line || span.end <= span.start) return null;
  const fittedLength = m.result.lines.repaired[span.line]?.length ?? 0;
  const readLength = normalizeLine(line.text).length;
  const scale = fittedLength > 0 ? readLength / fittedLength : 1;
  const from = Math.max(0, Math.floor(span.start * scale));
  const to = Math.min(readLength, Math.max(from + 1, Math.ceil(span.end * scale)));
  const cells = charCells(line);
  if (cells) {
    const picked = cells.slice(from, to);
    if (picked.length === 0) return null;
    const box: Box = [
      round(Math.min(...picked.map((c) => c.box[0]))),
      round(Math.min(...picked.map((c) => c.box[1]))),
      round(Math.max(...picked.map((c) => c.box[2]))),
      round(Math.max(...picked.map((c) => c.box[3]))),
    ];
    return { region: { page: m.page, box }, confidence: picked.reduce((s, c) => s + c.confidence, 0) / picked.length };
  }
  const [x0, y0, x1, y1] = line.box;
  const step = (x1 - x0) / Math.max(1, readLength);
  return { region: { page: m.page, box: [round(x0 + from * step), y0, round(x0 + to * step), y1] }, confidence: line.confidence };
}
