import { LABELS } from '../../doctypes/identity/labels.js';
import { vizField } from '../../doctypes/identity/viz-fields.js';
import { ARABIC_FIELD_LABELS, QID_KINDS, qidExtracted } from '../../doctypes/qid.js';
import type { Box, Line, Word } from '../../readers/types.js';
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

/** A QID's fields whose English label the first reader could not read ("SORN:" for "BORN:", "RUE
 * NAVE:" for "FULL NAME:", small condensed capitals), found by the Arabic label the card prints at
 * the same row's end, which the Arabic engine reads well. Only a row that sets its value after a
 * colon gives one, and only a value of the field's form; it is the first reader's value, read again
 * by the second in the cross-read, so it counts as read by the first reader only until then. */
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
      const english = text.lines.flatMap((l) => l.words);
      const whole = await cut(await withoutLatin(page, english), page, [0, 0, 1, 1]);
      if (!whole) continue;
      const arabic = rows(await readCut(engine, whole, 11, ctx.signal));
      for (const line of arabic) {
        const field = missing.find((a) => a.label.test(line.text) && !found.includes(a.key));
        if (!field) continue;
        const words = afterColon(rowBefore(unionBox(line.words), text.lines));
        const raw = words.map((w) => w.text).join(' ');
        if (!raw || !LABELS[field.spec].accepts(raw)) continue;
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
