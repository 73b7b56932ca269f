import { z } from 'zod';
import type { Box, Line, PageText, Word } from '../types.js';

/** The model's transcription of a page, checked and turned into the reader interface's lines.
 * A model gives no confidences and only sometimes usable boxes, so:
 * - a line with a box gets LINE_CONFIDENCE and words laid out along it by their share of the
 *   letters (an approximation: the model does not give word boxes);
 * - a line without a usable box gets the whole page as its box (WHOLE_PAGE) and the lower
 *   UNPLACED_CONFIDENCE. Such a line has no region: a value taken from it must be published
 *   with region null (see `hasRegion`). */

export const LINE_CONFIDENCE = 0.8;
export const UNPLACED_CONFIDENCE = 0.5;
export const WHOLE_PAGE: Box = [0, 0, 1, 1];

/** Coordinates this far outside 0..1 mean the model used another scale (pixels, per-mille):
 * clamping those would invent a position, so the box is dropped instead. */
const BOX_TOLERANCE = 0.1;
const MAX_LINES_PER_PAGE = 2000;
const MAX_LINE_CHARS = 2000;

const LineSchema = z.object({
  text: z.string().max(MAX_LINE_CHARS),
  box: z.array(z.number()).nullish(),
});

export const TranscriptSchema = z.object({
  pages: z
    .array(
      z.object({
        page: z.number().int().optional(),
        lines: z.array(LineSchema).max(MAX_LINES_PER_PAGE),
      }),
    )
    .min(1)
    .max(10),
});
export type Transcript = z.infer<typeof TranscriptSchema>;

export function parseTranscript(json: unknown): Transcript {
  return TranscriptSchema.parse(json);
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** A box the model gave, clamped and ordered; null when it is not four fractions of the page or
 * encloses nothing. */
export function normaliseBox(raw: readonly number[] | null | undefined): Box | null {
  if (!raw || raw.length !== 4) return null;
  if (raw.some((v) => !Number.isFinite(v) || v < -BOX_TOLERANCE || v > 1 + BOX_TOLERANCE)) return null;
  const [a, b, c, d] = raw.map((v) => round(clamp01(v))) as [number, number, number, number];
  const box: Box = [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
  return box[2] > box[0] && box[3] > box[1] ? box : null;
}

/** Whether a box from the llm reader locates its text (false for an unplaced line's whole page). */
export function hasRegion(box: Box): boolean {
  return !(box[0] === 0 && box[1] === 0 && box[2] === 1 && box[3] === 1);
}

/** Words of a line, each given the slice of the line's box its letters take. */
function wordsAlong(text: string, box: Box, confidence: number): Word[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (!hasRegion(box)) return tokens.map((t) => ({ text: t, box, confidence }));
  const totalChars = tokens.reduce((n, t) => n + t.length, 0) + Math.max(0, tokens.length - 1);
  const width = box[2] - box[0];
  let at = 0;
  return tokens.map((t) => {
    const x0 = box[0] + (width * at) / totalChars;
    at += t.length;
    const x1 = box[0] + (width * at) / totalChars;
    at += 1;
    return { text: t, box: [round(x0), box[1], round(x1), box[3]], confidence };
  });
}

/** The lines of one page from the model's answer for that page (its entries merged when it split
 * the one image into several "pages"). */
export function pageTextOf(page: number, transcript: Transcript): PageText {
  const lines: Line[] = [];
  for (const p of transcript.pages) {
    for (const l of p.lines) {
      const text = l.text.replace(/\s+/g, ' ').trim();
      if (!text) continue;
      const placed = normaliseBox(l.box);
      const box = placed ?? WHOLE_PAGE;
      const confidence = placed ? LINE_CONFIDENCE : UNPLACED_CONFIDENCE;
      lines.push({ text, box, confidence, words: wordsAlong(text, box, confidence) });
    }
  }
  return { page, lines };
}
