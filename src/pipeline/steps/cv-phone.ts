import type { ExtractedValue } from '../../doctypes/types.js';
import { canonical } from '../../domain/normalise.js';
import { unionBox } from '../../readers/support/geometry.js';
import type { Box, Line } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { paddleCropText, reReadText } from './re-read.js';

/** Where a phone number begins: a '+' and a country code, or a phone label. */
const PHONE_START = /^(?:\+\d{1,3}\b|(?:tel(?:efon|éfono|éphone)?|phone|mobile?|handy)\b)/i;
/** A line looks like a phone's when it also holds this many digits (a misread drops some). */
const MIN_DIGITS = 5;
/** A run without a phone's start looks like one with this many digits and at most so many letters. */
const MIN_BARE_DIGITS = 7;
const MAX_BARE_LETTERS = 3;
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

/** A photographed CV whose phone line Tesseract's page read garbled ("+44 je 173355", "Fi 1504
 * S/3172") has no phone from either engine: cross-read only looks where Tesseract found a value. A
 * run of words that looks like a phone's (see phoneBox) is read again from its prepared crop
 * (enlarged, grey, contrast stretched) by both engines independently, and the phone is given to
 * each engine's reading only when the phone grammar finds, in both, numbers with the same digits.
 * One engine's reading alone is never a value: reconcile sees the two and the rules decide as for
 * any phone. */
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

/** The box of a line's first phone-like run of words, or null. A run starts a line or follows a
 * column gap, and goes on through the words after it up to the next column gap. It is phone-like
 * when it begins as a phone does and holds MIN_DIGITS digits, or when it is mostly digits
 * (MIN_BARE_DIGITS, few letters, no year): a photo's "+44" may be read as "Fi". */
export function phoneBox(line: Line): Box | null {
  const height = line.box[3] - line.box[1];
  const gap = (i: number) => line.words[i]!.box[0] - line.words[i - 1]!.box[2] > MAX_GAP_LINE_HEIGHTS * height;
  for (let start = 0; start < line.words.length; ) {
    let end = start + 1;
    while (end < line.words.length && !gap(end)) end++;
    const run = line.words.slice(start, end);
    if (phoneLike(run.map((w) => w.text.trim()))) {
      const [x0, y0, x1, y1] = unionBox(run.map((w) => w.box));
      return [x0, Math.min(y0, line.box[1]), x1, Math.max(y1, line.box[3])];
    }
    start = end;
  }
  return null;
}

function phoneLike(words: string[]): boolean {
  const text = words.join(' ');
  const digits = text.replace(/\D/g, '').length;
  if (PHONE_START.test(words[0] ?? '')) return digits >= MIN_DIGITS;
  // A date's row ("2019 – 2022") is mostly digits too; its years are no phone's groups.
  return digits >= MIN_BARE_DIGITS && text.replace(/[^\p{L}]/gu, '').length <= MAX_BARE_LETTERS && !/(?<!\d)(?:19|20)\d{2}(?!\d)/.test(text);
}
