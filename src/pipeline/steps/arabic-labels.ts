import { KNOWN_LABELS, LABELS, labelSpecs } from '../../doctypes/identity/labels.js';
import { columnGroups, labelledArrangement } from '../../doctypes/identity/viz.js';
import { vizField } from '../../doctypes/identity/viz-fields.js';
import { ARABIC_FIELD_LABELS, QID_KINDS, QID_LABELS, qidExtracted, rowEndColumn } from '../../doctypes/qid.js';
import type { ExtractedValue } from '../../doctypes/types.js';
import { median } from '../../domain/median.js';
import { stripDiacritics } from '../../domain/normalise.js';
import type { Box, Line, PageText, Word } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { cut, readCut, rows, unionBox, withoutLatin } from './arabic-page.js';
import { uprightPage } from './page-image.js';
import { noteEngine } from './read.js';

/** The English words of the Arabic label's row, before it (the label stands at the row's end). */
function rowBefore(label: Box, lines: readonly Line[]): Word[] {
  const h = label[3] - label[1];
  const cy = (label[1] + label[3]) / 2;
  return lines
    .flatMap((l) => l.words)
    .filter((w) => Math.abs((w.box[1] + w.box[3]) / 2 - cy) <= 0.5 * Math.max(h, w.box[3] - w.box[1]) && w.box[2] <= label[0] + 0.25 * h)
    .sort((a, b) => a.box[0] - b.box[0]);
}

/** The words after the row's last colon: "SORN: 14.01.1975" is a label, however misread, and its
 * value. A row without a colon says nothing about where its label ends, and gives nothing. */
function afterColon(words: readonly Word[]): Word[] {
  const at = words.findLastIndex((w) => /:$/.test(w.text) || w.text === ':');
  return at < 0 ? [] : words.slice(at + 1).filter((w) => /[\p{L}\p{N}]/u.test(w.text));
}

/** Values the English labels found that line up on one left edge make a value column; fewer say nothing. */
const MIN_COLUMN = 2;

interface ValueColumn {
  /** Left edge of the values, page fraction. */
  x: number;
  /** How far a value's left edge may stand from it, page fraction. */
  within: number;
}

/** Where values start on a page that sets each beside its label in the same row (a label column
 * and a value column, or the labels at the rows' ends): the left edge on which the values its
 * English labels found all line up. Null when the page sets values under or over their labels
 * (the Arabic label's row then holds the English label, not the value) or they do not line up.
 * `aspect` is the page's height over its width (boxes are fractions of each). */
export function valueColumn(text: PageText, found: readonly ExtractedValue[], aspect: number): ValueColumn | null {
  const direction = labelledArrangement(text, labelSpecs(QID_LABELS), KNOWN_LABELS);
  if (direction !== 'right' && direction !== 'left') return null;
  // name_ar is found by its script, not by a label
  const boxes = found.filter((v) => v.key !== 'name_ar' && v.region?.page === text.page).map((v) => v.region!.box);
  if (boxes.length < MIN_COLUMN) return null;
  const x = median(boxes.map((b) => b[0]));
  const within = 0.5 * median(boxes.map((b) => b[3] - b[1])) * aspect;
  return boxes.every((b) => Math.abs(b[0] - x) <= within) ? { x, within } : null;
}

/** The words of a row without a colon that stand in the page's value column: from the word set
 * on the column's edge to the next wide gap (the English label before it, misread, is left out;
 * a label after it stands apart). */
function inColumn(words: readonly Word[], column: ValueColumn | null): Word[] {
  if (!column) return [];
  const at = words.findIndex((w) => Math.abs(w.box[0] - column.x) <= column.within);
  if (at < 0) return [];
  const group = columnGroups(words.slice(at))[0] ?? [];
  return group.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
}

/** The Arabic labels stand at the rows' ends, set right to left, so their right edges line up down
 * the card; the English read may take one for a Latin word it is sure of ("awl" for الاسم), and it
 * would be painted over before the Arabic engine looks. A word of that column (see rowEndColumn),
 * right of every value the English labels found, is left for the Arabic engine. With no value
 * found, nothing is. */
export function rowEnds(text: PageText, found: readonly ExtractedValue[], aspect: number): Set<Word> {
  const values = found.filter((v) => v.key !== 'name_ar' && v.region?.page === text.page).map((v) => v.region!.box[2]);
  if (values.length === 0) return new Set();
  const right = Math.max(...values);
  return new Set(rowEndColumn(text, (w) => 0.5 * (w.box[3] - w.box[1]) * aspect).filter((w) => w.box[0] > right));
}

const isLabel = (text: string): boolean => KNOWN_LABELS.some((re) => re.test(stripDiacritics(text).toLowerCase()));

/** A QID's fields whose English label the first reader could not read ("SORN:" for "BORN:", "RUE
 * NAVE:" for "FULL NAME:", small condensed capitals), found by the Arabic label the card prints at
 * the same row's end, which the Arabic engine reads well. A row gives the value after its colon; a
 * row without one, on a page that sets values beside their labels, gives the words in the page's
 * value column (see valueColumn); and only a value of the field's form that is no label. It is the
 * first reader's value, read again by the second in the cross-read, so it counts as read by the
 * first reader only until then. */
export const arabicLabelsStep: Step<ReadContext> = {
  name: 'arabic_labels',
  async run(ctx) {
    if (ctx.doctype?.type !== 'qid') return undefined;
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    const reading = ctx.readings.find((r) => r.reader === 'tesseract');
    const missing = ARABIC_FIELD_LABELS.filter((a) => !first?.values.some((v) => v.key === a.key && v.value));
    if (!first || !reading || missing.length === 0) return undefined;
    const engine = (await ctx.deps.readers.arabic?.()) ?? null;
    if (!engine) return undefined;
    const started = performance.now();
    const found: string[] = [];
    for (const text of reading.pages) {
      const page = await uprightPage(ctx, text.page);
      if (!page) continue;
      const known = first.values.filter((v) => v.value !== null);
      const aspect = page.height / page.width;
      const column = valueColumn(text, known, aspect);
      const ends = rowEnds(text, known, aspect);
      const english = text.lines.flatMap((l) => l.words).filter((w) => !ends.has(w));
      const whole = await cut(await withoutLatin(page, english), page, [0, 0, 1, 1]);
      if (!whole) continue;
      const arabic = rows(await readCut(engine, whole, 11, ctx.signal));
      for (const line of arabic) {
        const field = missing.find((a) => a.label.test(line.text) && !found.includes(a.key));
        if (!field) continue;
        const row = rowBefore(unionBox(line.words), text.lines);
        const colon = afterColon(row);
        const words = colon.length ? colon : inColumn(row, column);
        const raw = words.map((w) => w.text).join(' ');
        if (!raw || !LABELS[field.spec].accepts(raw) || (!colon.length && isLabel(raw))) continue;
        const region = { page: text.page, box: unionBox(words) };
        const confidence = words.reduce((s, w) => s + w.confidence, 0) / words.length;
        const value = qidExtracted(vizField({ key: field.key, text: raw, region, confidence }, QID_KINDS[field.key] ?? 'text'));
        if (value.value === null) continue;
        first.values.push(value);
        found.push(field.key);
      }
    }
    ctx.raw.arabic_labels = { found, ms: Math.round(performance.now() - started) };
    if (found.length) noteEngine(ctx, engine.engine);
    return undefined;
  },
};
