import type { ExtractedValue } from '../../doctypes/types.js';
import { canonical } from '../../domain/normalise.js';
import type { Box, Line } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { paddleCropText, reReadText } from './re-read.js';

/** Where a phone number begins: a '+' and a country code, or a phone label. */
const PHONE_START = /^(?:\+\d{1,3}\b|(?:tel(?:efon|éfono|éphone)?|phone|mobile?|handy)\b)/i;
/** A line looks like a phone's when it also holds this many digits (a misread drops some). */
const MIN_DIGITS = 5;
/** Most phone-like lines looked at again per document; each is one crop per engine. */
const MAX_LINES = 2;
/** A gap between words wider than this many line heights ends the phone's run of words: a photo's
 * OCR row may run on across the column gap into the main column's text. */
const MAX_GAP_LINE_HEIGHTS = 1.5;

export interface PhoneReRead {
  line: string;
  tesseract: string;
  paddle: string;
}

/** A photographed CV whose phone line Tesseract's page read garbled ("+44 je 173355") has no phone
 * from either engine: cross-read only looks where Tesseract found a value. A line that looks like a
 * phone's (a '+' and a country code, or a phone label, and digits) is read again from its prepared
 * crop (enlarged, grey, contrast stretched) by both engines independently, and the phone is given
 * to each engine's reading only when the phone grammar finds, in both, numbers with the same
 * digits. One engine's reading alone is never a value: reconcile sees the two and the rules
 * decide as for any phone. */
export const cvPhoneStep: Step<ReadContext> = {
  name: 'cv_phone',
  async run(ctx) {
    const spec = ctx.doctype?.type === 'cv' ? ctx.doctype.fields.find((f) => f.key === 'phone') : undefined;
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    const reading = ctx.readings.find((r) => r.reader === 'tesseract');
    if (!spec?.grammar || !first || !reading || !ctx.intake?.images.length) return undefined;
    if (first.values.some((v) => v.key === 'phone')) return undefined;
    if (!(await ctx.deps.readers.get('paddle'))) return undefined;
    const looks = reading.pages
      .flatMap((p) => p.lines.map((l) => ({ page: p.page, box: phoneBox(l) })))
      .filter((l): l is { page: number; box: Box } => l.box !== null);
    const done: PhoneReRead[] = [];
    for (const region of looks.slice(0, MAX_LINES)) {
      const tesseract = (await reReadText(ctx, region)) ?? '';
      const paddle = (await paddleCropText(ctx, region)) ?? '';
      done.push({ line: region.box.join(','), tesseract, paddle });
      const t = spec.grammar(tesseract)[0];
      const p = spec.grammar(paddle)[0];
      if (!t || !p || canonical('phone', t) !== canonical('phone', p)) continue;
      const value = (v: string, raw: string): ExtractedValue => ({ key: 'phone', value: v, raw, region, confidence: 0.5 });
      first.values.push(value(t, tesseract));
      const second = ctx.extracted.find((e) => e.reader === 'paddle');
      if (second) second.values.push(value(p, paddle));
      else ctx.extracted.push({ reader: 'paddle', values: [value(p, paddle)] });
      break;
    }
    if (done.length) ctx.raw.cv_phone = done;
    return undefined;
  },
};

/** The box of a line's phone-like run of words: from the word a phone begins with (at the start of
 * the line or after a column gap), through the words that follow without a column gap, when the run holds at least MIN_DIGITS digits; else null. */
export function phoneBox(line: Line): Box | null {
  const height = line.box[3] - line.box[1];
  const gap = (i: number) => line.words[i]!.box[0] - line.words[i - 1]!.box[2] > MAX_GAP_LINE_HEIGHTS * height;
  // A phone's line begins with it, in its column; "+12 345 678" inside a sentence is no contact.
  const start = line.words.findIndex((w, i) => PHONE_START.test(w.text.trim()) && (i === 0 || gap(i)));
  if (start < 0) return null;
  const run = [line.words[start]!];
  for (let i = start + 1; i < line.words.length && !gap(i); i++) run.push(line.words[i]!);
  if (
    run
      .map((w) => w.text)
      .join('')
      .replace(/\D/g, '').length < MIN_DIGITS
  )
    return null;
  return [
    Math.min(...run.map((w) => w.box[0])),
    Math.min(...run.map((w) => w.box[1]), line.box[1]),
    Math.max(...run.map((w) => w.box[2])),
    Math.max(...run.map((w) => w.box[3]), line.box[3]),
  ];
}
