import { doubted } from '../../domain/field.js';
import type { Region } from '../../domain/result.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { lineReadings } from './address-lines.js';
import { noteEngine } from './read.js';
import { readerValues } from './reader-doubts.js';
import { darkenedCrop, reReadLinesWith } from './re-read.js';
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

/** How far from the paper towards the ink a pixel of a darkened look must be to count as ink: two
 * looks, one that takes in the palest faded stroke and one that leaves out more of the paper's grain. */
const DARKENING_SHARES = [0.1, 0.2];

/** The numbers Tesseract reads in a line's crop with its faint ink darkened (darkenedCrop), one
 * entry per look that read anything. */
async function darkenedNumbers(ctx: ReadContext, region: Region): Promise<string[]> {
  const engine = await ctx.deps.readers.get('tesseract');
  const seen: string[] = [];
  for (const share of DARKENING_SHARES) {
    const lines = await reReadLinesWith(ctx, engine, region, undefined, (page, box, px) => darkenedCrop(page, box, share, px));
    const text = lines?.map((l) => l.text).join(' ') ?? '';
    if (text) seen.push(numbersOf(text).join(' '));
  }
  return seen;
}

/** A shop's address the readers agreed on is looked at once more, line by line, by Tesseract's
 * legacy classifier, a third engine matching glyph shapes: where it reads a line's numbers with
 * digits that have strokes the readers' lack, at every letter height it tries, the address is
 * withheld. A faint stroke both LSTM engines missed alike (a serif 4 whose thin diagonal and bar
 * faded, read "1" by both: "16023 Valencia" for 46023) makes their agreement no evidence, and a
 * postcode or house number cannot be checked by anything else. Digits only: the classifier
 * misreads letters too often for its reading of them to outweigh two engines. Where it does not,
 * the line is read once more by Tesseract with its faint ink darkened (darkenedCrop): a stroke that
 * faded to a pale grey ("81100" read "31100" by every engine, the 8's left side faded) is ink
 * again, and where both darkened looks read the same digits with strokes more, the address is
 * withheld too. Darkening only adds ink, so a digit it shows with fewer strokes is no vote. Only
 * addresses read from pixels. */
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
      if (one !== undefined && numbers.length >= 2 && digitsAlike) {
        ctx.fields[at] = doubted(
          field,
          seen[numbers.indexOf(one)]!,
          `The readers agreed on the address line "${line.lstm}", but Tesseract's legacy classifier read its numbers as "${one}" at every size it tried: a faint stroke both engines missed would make their agreement a shared misreading.`,
        );
        return undefined;
      }
      const darkened = await darkenedNumbers(ctx, region);
      ctx.raw.address_digits_darkened = [...((ctx.raw.address_digits_darkened as unknown[] | undefined) ?? []), { line: line.lstm, seen: darkened }];
      const dark = darkened[0];
      if (dark === undefined || darkened.length < DARKENING_SHARES.length || !darkened.every((n) => n === dark) || !otherDigits(read[0]!, dark.split(' ')))
        continue;
      ctx.fields[at] = doubted(
        field,
        { reader: 'tesseract', value: dark, raw: dark, region, confidence: 0 },
        `The readers agreed on the address line "${line.lstm}", but with its faint ink made as dark as the rest Tesseract read its numbers as "${dark}": a stroke faded to a pale grey, which both engines read past, would make their agreement a shared misreading.`,
      );
      return undefined;
    }
    return undefined;
  },
};
