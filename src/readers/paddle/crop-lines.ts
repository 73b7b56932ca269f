import { median } from '../../domain/median.js';
import type { LineRecogniser, RecognisedChar, RecognisedLine } from './recogniser.js';
import { inkColumns, interiorGaps, normaliseText, splitLine, type GreyImage, type Rect, type WordPiece } from './words.js';
import { findTextBands } from './text-bands.js';

/** Reads a clean crop (one or a few lines of text on plain paper) with the line recogniser
 * alone: the text bands come from the crop's pixels instead of the text detector. Returns null
 * when the crop is not clean enough for that, and the caller runs the detector instead. */

/** A blank parts stretches of a line read separately when it is this wide in band heights and
 * this many times the line's typical blank between letters: across a long blank run the recogniser
 * drops characters (a table row's columns), while a till's monospaced font leaves wide blanks
 * around narrow letters inside words. Spaces are the model's own: blanks are no guide to them in
 * such fonts (measured: a space put at every wide blank split "CHANGE" and "9.00"). */
const SEGMENT_GAP = 0.6;
const SEGMENT_VS_LETTER_GAP = 3;
/** Paper around a stretch before it is read, in band heights. */
const PAD = 0.25;
/** A stretch read with a lower mean probability was probably not cut cleanly (two lines merged,
 * a picture): the crop goes to the detector instead. */
const MIN_CONFIDENCE = 0.8;

/** Columns [start, end) of an ink run or a blank. */
interface Run {
  start: number;
  end: number;
}

export interface PixelLine {
  text: string;
  rect: Rect;
  confidence: number;
  words: Array<WordPiece & { confidence: number }>;
}

export async function readCleanCrop(recogniser: LineRecogniser, img: GreyImage, rect: Rect): Promise<PixelLine[] | null> {
  const bands = findTextBands(img, rect);
  if (bands === null) return null;
  // A band cut by the crop's edge is a neighbouring line; when every band is cut, the crop is not clean.
  const whole = bands.filter((b) => !b.clipped);
  if (bands.length > 0 && whole.length === 0) return null;
  const lines: PixelLine[] = [];
  for (const band of whole) {
    const line = await readBand(recogniser, img, band.rect, band.paper, band.isInk);
    if (line === null) return null;
    if (line.text) lines.push(line);
  }
  return lines;
}

/** `isInk` is the crop's: the band alone may be mostly ink (bold print cut tight). */
async function readBand(recogniser: LineRecogniser, img: GreyImage, band: Rect, paper: number, isInk: (v: number) => boolean): Promise<PixelLine | null> {
  const height = band.y1 - band.y0;
  const { ink, gaps } = interiorGaps(inkColumns(img, band, isInk));
  if (!ink) return { text: '', rect: band, confidence: 0, words: [] };
  // Blank column runs, in image columns.
  const blanks = gaps.map((g) => ({ start: band.x0 + g.start, end: band.x0 + g.end }));
  const segments = splitAt(
    { start: band.x0 + ink.start, end: band.x0 + ink.end },
    blanks.filter((g) => g.end - g.start >= Math.max(SEGMENT_GAP * height, SEGMENT_VS_LETTER_GAP * typicalWidth(blanks))),
  ).map((s) => ({ ...band, x0: s.start, x1: s.end }));

  const texts: string[] = [];
  const words: PixelLine['words'] = [];
  let weighted = 0;
  let chars = 0;
  for (const segment of segments) {
    const inside = blanks.filter((b) => b.start > segment.x0 && b.end < segment.x1);
    const read = await readSegment(recogniser, img, segment, paper, inside);
    if (read.chars.length === 0) continue;
    if (read.confidence < MIN_CONFIDENCE) return null;
    const text = normaliseText(read.text);
    if (!text) continue;
    texts.push(text);
    words.push(...splitLine(text, segment, img, isInk).map((w) => ({ ...w, confidence: read.confidence })));
    weighted += read.confidence * read.chars.length;
    chars += read.chars.length;
  }
  const text = texts.join(' ');
  if (!text) return { text: '', rect: band, confidence: 0, words: [] };
  return { text, rect: { ...band, x0: band.x0 + ink.start, x1: band.x0 + ink.end }, confidence: weighted / chars, words };
}

/** Read whole, a long stretch loses characters (an MRZ line's runs of fillers came back short);
 * it is read in pieces of about this many band heights, cut at blank columns between characters. */
const PIECE_RATIO = 20;

async function readSegment(recogniser: LineRecogniser, img: GreyImage, segment: Rect, paper: number, blanks: Run[]): Promise<RecognisedLine> {
  const height = segment.y1 - segment.y0;
  const pad = Math.max(2, Math.round(PAD * height));
  const cuts: Run[] = [];
  const piece = PIECE_RATIO * height;
  for (let target = segment.x0 + piece; target < segment.x1 - piece / 3; target += piece) {
    const near = blanks.filter((b) => b.start > (cuts.at(-1)?.end ?? segment.x0) && Math.abs((b.start + b.end) / 2 - target) < piece / 3);
    const nearest = near.sort((a, b) => Math.abs((a.start + a.end) / 2 - target) - Math.abs((b.start + b.end) / 2 - target))[0];
    if (nearest) cuts.push(nearest);
  }
  const pieces = splitAt({ start: segment.x0, end: segment.x1 }, cuts).map((r) => ({ ...segment, x0: r.start, x1: r.end }));
  const chars: RecognisedChar[] = [];
  for (const p of pieces) chars.push(...(await recogniser.recognise(img, p, { pad, paper })).chars);
  const confidence = chars.length ? chars.reduce((sum, c) => sum + c.confidence, 0) / chars.length : 0;
  return { text: chars.map((c) => c.text).join(''), confidence, chars };
}

/** The median width of the blanks. */
function typicalWidth(blanks: Run[]): number {
  return median(blanks.map((b) => b.end - b.start));
}

function splitAt(run: Run, gaps: Run[]): Run[] {
  const parts: Run[] = [];
  let start = run.start;
  for (const gap of gaps) {
    parts.push({ start, end: gap.start });
    start = gap.end;
  }
  parts.push({ start, end: run.end });
  return parts;
}
