import { doubted } from '../../domain/field.js';
import type { Region } from '../../domain/result.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { lineReadings } from './address-lines.js';
import { noteEngine } from './read.js';
import { readerValues } from './reader-doubts.js';
import { looksAt } from './third-look.js';

/** The numbers of a line as digits: its words that hold a digit, with a round glyph among them
 * read as a zero ("430O0"). */
export function numbersOf(text: string): string[] {
  return (text.match(/[0-9A-Za-z]+/g) ?? []).filter((w) => /[0-9]/.test(w)).map((w) => w.replace(/[Oo]/g, '0'));
}

/** Digits that are another with strokes more, and the digits they read as when those fade: a 4
 * without its diagonal and bar, a 7 without its bar, an 8 without a side or its waist. */
const STROKES_MORE: Record<string, string> = { '4': '1', '7': '1', '8': '0369' };

/** `seen` is `read` with a digit or more that has strokes `read`'s lacks, number for number and of
 * the same lengths: the same glyphs with a faint stroke seen, not one that lost or gained a glyph,
 * nor the look's own confusion of two whole shapes (it reads a 0 as 9 in some type). Words of
 * digits and letters ("2B", "B-12A") are not compared: a letter read as a digit is no vote. */
export function otherDigits(read: string[], seen: string[]): boolean {
  if (read.length === 0 || read.length !== seen.length) return false;
  if (!read.every((r, i) => r.length === seen[i]!.length)) return false;
  const compared = read.flatMap((r, i) => (r !== seen[i] && DIGITS.test(r) && DIGITS.test(seen[i]!) ? [[r, seen[i]!] as const] : []));
  return compared.length > 0 && compared.every(([r, s]) => [...r].every((d, k) => d === s[k] || (STROKES_MORE[s[k]!] ?? '').includes(d)));
}

const DIGITS = /^[0-9]+$/;

/** A shop's address the readers agreed on is looked at once more, line by line, by Tesseract's
 * legacy classifier, a third engine matching glyph shapes: where it reads a line's numbers with
 * digits that have strokes the readers' lack, at every letter height it tries, the address is
 * withheld. A faint stroke both LSTM engines missed alike (a serif 4 whose thin diagonal and bar
 * faded, read "1" by both: "16023 Valencia" for 46023) makes their agreement no evidence, and a
 * postcode or house number cannot be checked by anything else. Digits only: the classifier
 * misreads letters too often for its reading of them to outweigh two engines. Only addresses read
 * from pixels. */
export const addressDigitsStep: Step<ReadContext> = {
  name: 'address_digits',
  async run(ctx) {
    if (ctx.documentType !== 'receipt') return undefined;
    const at = ctx.fields.findIndex((f) => f.key === 'merchant_address');
    const field = ctx.fields[at];
    if (!field || field.status !== 'read' || !field.evidence.includes('reader_agree')) return undefined;
    const [lstm] = readerValues(ctx, field.key, 'tesseract');
    const [paddle] = readerValues(ctx, field.key, 'paddle');
    const lines = lstm?.region && paddle ? lineReadings(lstm, paddle) : null;
    if (!lines) return undefined;
    const engine = (await ctx.deps.readers.legacy?.()) ?? null;
    if (!engine) return undefined;
    const fromLine = (text: string): string => text;
    for (const line of lines) {
      const read = [numbersOf(line.lstm), numbersOf(line.paddle)];
      // A line without numbers, or whose numbers the readers read otherwise (a slip settled line by line), is not looked at.
      if (read[0]!.length === 0 || read[0]!.join(' ') !== read[1]!.join(' ')) continue;
      const region: Region = { page: lstm!.region!.page, box: line.box };
      const seen = await looksAt(ctx, engine, region, fromLine);
      if (seen.length > 0) noteEngine(ctx, engine.engine);
      const numbers = seen.map((l) => numbersOf(String(l.value)).join(' '));
      ctx.raw.address_digits = [...((ctx.raw.address_digits as unknown[] | undefined) ?? []), { line: line.lstm, read: read[0]!.join(' '), seen: numbers }];
      // The looks read the same digits, a gap one set inside a number aside ("4 6023"), and one of
      // them in the readers' numbers' lengths.
      const digitsAlike = numbers.every((n) => n.replace(/ /g, '') === numbers[0]!.replace(/ /g, ''));
      const one = numbers.find((n) => otherDigits(read[0]!, n.split(' ')));
      if (one === undefined || numbers.length < 2 || !digitsAlike) continue;
      ctx.fields[at] = doubted(
        field,
        seen[numbers.indexOf(one)]!,
        `The readers agreed on the address line "${line.lstm}", but Tesseract's legacy classifier read its numbers as "${one}" at every size it tried: a faint stroke both engines missed would make their agreement a shared misreading.`,
      );
      return undefined;
    }
    return undefined;
  },
};
