import type { ExtractedValue } from '../../doctypes/types.js';
import { canonical } from '../../domain/normalise.js';
import { unionBox } from '../../readers/support/geometry.js';
import type { Box, Line, Word } from '../../readers/types.js';
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
/** Most phone-like lines looked at again per document (besides the two rows beside the e-mail's);
 * each is one crop per engine. */
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
 * run of words that looks like a phone's (see phoneBox), and then the runs on the rows right below
 * and above the e-mail's in its column (see besideEmail: a contact block stacks the phone next to
 * the e-mail, and a phone read as "HAE 135) SPs" looks like none), is read again from its prepared
 * crop (enlarged, grey, contrast stretched) by both engines independently, and the phone is given
 * to each engine's reading only when the phone grammar finds, in both, numbers with the same
 * digits. One engine's reading alone is never a value: reconcile sees the two and the rules decide
 * as for any phone. */
export const cvPhoneStep: Step<ReadContext> = {
  name: 'cv_phone',
  async run(ctx) {
    const spec = ctx.doctype?.type === 'cv' ? ctx.doctype.fields.find((f) => f.key === 'phone') : undefined;
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    const reading = ctx.readings.find((r) => r.reader === 'tesseract');
    if (!spec?.grammar || !first || !reading || !ctx.intake?.images.length) return undefined;
    if (first.values.some((v) => v.key === 'phone')) return undefined;
    if (!(await ctx.deps.readers.get('paddle'))) return undefined;
    const phoneLikes = reading.pages
      .flatMap((p) => p.lines.map((l) => ({ page: p.page, box: phoneBox(l) })))
      .filter((l): l is { page: number; box: Box } => l.box !== null)
      .slice(0, MAX_LINES);
    const email = first.values.find((v) => v.key === 'email')?.region;
    const lines = email && reading.pages.find((p) => p.page === email.page)?.lines;
    const beside = email && lines ? besideEmail(lines, email.box).map((box) => ({ page: email.page, box })) : [];
    const seen = (r: { page: number; box: Box }) => phoneLikes.some((l) => l.page === r.page && overlaps(l.box, r.box));
    const looks = [...phoneLikes, ...beside.filter((r) => !seen(r))];
    const done: PhoneReRead[] = [];
    for (const region of looks) {
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
  const run = runs(line).find((r) => phoneLike(r.map((w) => w.text.trim())));
  return run ? runBox(line, run) : null;
}

/** The boxes of the runs of words, within the e-mail's column, on the rows right below and above
 * the e-mail's own (whatever their words say): where a contact block stacks the phone next to the
 * e-mail. */
export function besideEmail(lines: Line[], email: Box): Box[] {
  const mid = (b: Box) => (b[1] + b[3]) / 2;
  const rows = lines.filter((l) => l.words.length > 0).sort((a, b) => mid(a.box) - mid(b.box));
  const below = rows.find((l) => mid(l.box) > email[3]);
  const above = rows.findLast((l) => mid(l.box) < email[1]);
  return [below, above].flatMap((line) => {
    const run = line && runs(line).find((r) => r.some((w) => w.box[0] < email[2] && w.box[2] > email[0]));
    return line && run ? [runBox(line, run)] : [];
  });
}

/** A line's runs of words, split at column gaps. */
function runs(line: Line): Word[][] {
  const height = line.box[3] - line.box[1];
  const gap = (i: number) => line.words[i]!.box[0] - line.words[i - 1]!.box[2] > MAX_GAP_LINE_HEIGHTS * height;
  const out: Word[][] = [];
  for (let start = 0; start < line.words.length; ) {
    let end = start + 1;
    while (end < line.words.length && !gap(end)) end++;
    out.push(line.words.slice(start, end));
    start = end;
  }
  return out;
}

/** A run's box, as tall as its line. */
function runBox(line: Line, run: Word[]): Box {
  const [x0, y0, x1, y1] = unionBox(run.map((w) => w.box));
  return [x0, Math.min(y0, line.box[1]), x1, Math.max(y1, line.box[3])];
}

const overlaps = (a: Box, b: Box): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

function phoneLike(words: string[]): boolean {
  const text = words.join(' ');
  const digits = text.replace(/\D/g, '').length;
  if (PHONE_START.test(words[0] ?? '')) return digits >= MIN_DIGITS;
  // A date's row ("2019 – 2022") is mostly digits too; its years are no phone's groups.
  return digits >= MIN_BARE_DIGITS && text.replace(/[^\p{L}]/gu, '').length <= MAX_BARE_LETTERS && !/(?<!\d)(?:19|20)\d{2}(?!\d)/.test(text);
}
