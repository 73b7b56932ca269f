import { arabicName } from '../../doctypes/qid.js';
import { isArabicLabelWord } from '../../doctypes/identity/labels.js';
import type { ExtractedValue } from '../../doctypes/types.js';
import type { Box, Line, PageText, Word } from '../../readers/types.js';
import { cut, readCut, rows, unionBox, withoutLatin } from './arabic-page.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { uprightPage } from './page-image.js';
import { noteEngine } from './read.js';

/** Of the English name's height: how far above and below it the Arabic name is looked for (the
 * cards print it on the row just above or under, a row being up to about three name heights). */
const BAND = 4;
/** Height in pixels the Arabic line is scaled to for its second read, read as one text line (page
 * segmentation 7). Tuning seeds 1-4 of the six layouts, cut at the names' true boxes: as a raw line
 * (13) at 60 px 11 of 24 names whole, 40 px 8, 80 px 9; as one text line at 60 px 15, 40 px 17 to
 * 20 (by the margin), 30-36 px 19-20, 20 px 20. Larger scales lose the letters' dots (س read ش). */
const LINE_PX = 36;
/** Margin around the line, of its height: more takes in the label row's strokes (0.3: 14-17 of 24). */
const MARGIN = 0.15;
const ARABIC_LETTERS = /[^\u0621-\u064a\s]/gu;
/** Words of the Arabic line the engine is less sure of are the edge of a photo or a pattern, not
 * the name (a photo's edge beside the name read as Arabic letters at 0.0-0.3). */
const WORD_SURE = 0.5;
/** The English read's Latin words are painted over only on lines where it is sure of some word:
 * Arabic print it turned into Latin comes out at 0.5-0.8 too ("PORN| perl]" for a name, "Js Cawgs"),
 * and painted over, that part of the name was lost. */
const LATIN_LINE_SURE = 0.85;
/** How the band is read, in turn, until a line of the name is found: sparse text (psm 11) at the
 * page's scale misses some bold names altogether, which a smaller scale or a block read (psm 6)
 * finds. Tuning seeds 1-4 of the six layouts, names read whole: 13 of 24 with one look and every
 * sure Latin word painted over, 14 with the mask above, 19 with both. */
const BAND_LOOKS: ReadonlyArray<{ psm: 6 | 11; scale: number }> = [
  { psm: 11, scale: 1 },
  { psm: 11, scale: 0.6 },
  { psm: 6, scale: 1 },
];
const letters = (w: Word): string => w.text.replace(ARABIC_LETTERS, '');

/** Arabic letters and the spaces between words, in reading order. No name has a word of one
 * letter: one read apart is the start of the next word, split off after a letter that does not
 * join (ا, د, ر, و…: "أ حمد"). Label words read with the name and shorter marks are left out. */
function nameText(words: readonly Word[]): string {
  const tokens: string[] = [];
  let carried = '';
  for (const t of words.map(letters).filter((t) => t !== '')) {
    if (t.length === 1) carried += t;
    else {
      tokens.push(carried + t);
      carried = '';
    }
  }
  return tokens.filter((t) => !isArabicLabelWord(t)).join(' ');
}

/** A document's name in Arabic script (a QID's `name_ar`), which the page readers cannot write:
 * Tesseract's English model does not see it, PaddleOCR's models have no Arabic letters. The Arabic
 * engine (TESSERACT_ARABIC_LANGS, started on the first such card) reads a band of the page around
 * the English name, the Latin words painted over, to find the Arabic line of sure words nearest
 * to it that is no label or card title (the band read again in another look while none is found);
 * that line is read again on its own as one text line, scaled to LINE_PX. The value is
 * Tesseract's alone: the field's evidence is one reader, so it is shown but never published unless
 * the policy takes one reader for the field. */
export const arabicNameStep: Step<ReadContext> = {
  name: 'arabic_name',
  async run(ctx) {
    if (!ctx.doctype?.fields.some((f) => f.key === 'name_ar')) return undefined;
    const first = ctx.extracted.find((e) => e.reader === 'tesseract');
    if (!first || ctx.extracted.some((e) => e.values.some((v) => v.key === 'name_ar' && v.value))) return undefined;
    const engine = (await ctx.deps.readers.arabic?.()) ?? null;
    if (!engine) return undefined;
    const en = first.values.find((v) => v.key === 'name_en' && v.region)?.region ?? null;
    const reading = ctx.readings.find((r) => r.reader === 'tesseract')!;
    const pageNo = en?.page ?? reading.pages[0]?.page;
    const text = reading.pages.find((p) => p.page === pageNo);
    const page = pageNo === undefined ? null : await uprightPage(ctx, pageNo);
    if (!text || !page) return undefined;
    const started = performance.now();
    const masked = await withoutLatin(
      page,
      text.lines.filter((l) => l.words.some((w) => w.confidence >= LATIN_LINE_SURE)).flatMap((l) => l.words),
    );
    // Without the English name, the whole page is looked at and the widest Arabic line taken.
    const h = en ? en.box[3] - en.box[1] : 0;
    const band: Box = en ? [0, Math.max(0, en.box[1] - BAND * h), 1, Math.min(1, en.box[3] + BAND * h)] : [0, 0, 1, 1];
    const near = en ? (en.box[1] + en.box[3]) / 2 : null;
    let lines: Line[] = [];
    let sure: Word[] = [];
    for (const look of BAND_LOOKS) {
      const bandCut = await cut(masked, page, band, undefined, look.scale);
      if (!bandCut) return undefined;
      lines = await readCut(engine, bandCut, look.psm, ctx.signal);
      // The line is chosen by its sure words: a nearer row of a misread label ("الامج" at 0.24) is none.
      const sureLines = rows(lines)
        .map((l) => ({ ...l, words: l.words.filter((w) => w.confidence >= WORD_SURE && letters(w) !== '' && !isArabicLabelWord(letters(w))) }))
        .filter((l) => l.words.length > 0);
      const found = arabicName({ page: text.page, lines: sureLines } as PageText, near);
      if (found) {
        sure = found.words;
        break;
      }
    }
    if (sure.length === 0) return undefined;
    const box = unionBox(sure);
    const m = (box[3] - box[1]) * MARGIN;
    const lineCut = await cut(masked, page, [box[0] - m, box[1] - m, box[2] + m, box[3] + m], LINE_PX);
    const again = lineCut ? (await readCut(engine, lineCut, 7, ctx.signal)).flatMap((l) => l.words) : [];
    const from = nameText(again) ? again : sure;
    const value = nameText(from);
    ctx.raw.arabic_name = { band: lines.map((l) => l.text), line: again.map((w) => w.text).join(' '), ms: Math.round(performance.now() - started) };
    if (!value) return undefined;
    const extracted: ExtractedValue = {
      key: 'name_ar',
      value,
      raw: from.map((w) => w.text).join(' '),
      region: { page: text.page, box: unionBox(from) },
      confidence: from.reduce((s, w) => s + w.confidence, 0) / from.length,
    };
    first.values.push(extracted);
    noteEngine(ctx, engine.engine);
    return undefined;
  },
};
