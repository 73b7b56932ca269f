import { arabicName } from '../../doctypes/qid.js';
import { isArabicLabelWord } from '../../doctypes/identity/labels.js';
import type { ExtractedValue } from '../../doctypes/types.js';
import { openImage } from '../../imaging/open.js';
import type { TesseractReader } from '../../readers/tesseract.js';
import type { Box, Line, PageText, Word } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { uprightPage } from './page-image.js';
import { noteEngine } from './read.js';

/** Of the English name's height: how far above and below it the Arabic name is looked for (the
 * cards print it on the row just above or under, a row being up to about three name heights). */
const BAND = 4;
/** Latin words the English page read is at least this sure of are painted over before the Arabic
 * engine looks: read with Arabic letters, an English word turns into Arabic-looking garbage. What
 * the English read made of Arabic print is Latin garbage of low confidence, and stays. */
const LATIN_SURE = 0.5;
const LATIN = /^[\x20-\x7e\u2019]+$/;
/** Height in pixels the Arabic line is scaled to for its second read (tuning seeds, cut at the
 * names' true boxes: 40, 60 and 80 px read 17, 18 and 19 of 28 names whole; the page's own scale 12). */
const LINE_PX = 60;
/** Margin around the line, of its height: more takes in the label row's strokes. */
const MARGIN = 0.1;
const ARABIC_LETTERS = /[^\u0621-\u064a\s]/gu;
/** Words of the Arabic line the engine is less sure of are the edge of a photo or a pattern, not
 * the name (a photo's edge beside the name read as Arabic letters at 0.0-0.3). */
const WORD_SURE = 0.5;
/** Of a line's height: words of one row stand closer than this (the page-space boxes are
 * fractions of width and height alike, so this holds only roughly; a card is wider than tall). */
const GAP = 1.5;

type Page = { png: Buffer; width: number; height: number };

/** The page with the Latin words painted over in the paper's mean colour. */
async function withoutLatin(page: Page, words: readonly Word[]): Promise<Buffer> {
  const { channels } = await openImage(page.png).stats();
  const [r, g, b] = [0, 1, 2].map((c) => Math.round(channels[Math.min(c, channels.length - 1)]!.mean));
  const rects = words
    .filter((w) => w.confidence >= LATIN_SURE && LATIN.test(w.text))
    .map(({ box: [x0, y0, x1, y1] }) => {
      const [x, y] = [x0 * page.width - 2, y0 * page.height - 2];
      return `<rect x="${x}" y="${y}" width="${(x1 - x0) * page.width + 4}" height="${(y1 - y0) * page.height + 4}" fill="rgb(${r},${g},${b})"/>`;
    });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}" height="${page.height}">${rects.join('')}</svg>`;
  const composed = await openImage(page.png)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  // The overlay leaves an alpha channel, which Tesseract takes against a white margin as ink.
  return openImage(composed).removeAlpha().png().toBuffer();
}

/** A box of the page cut out of `png`, greyscale, and the map from the crop's fractions back to
 * the page's. A line (`lineHeight` given) is scaled to that height and its contrast stretched, on
 * a white margin; a band is read as printed. */
async function cut(png: Buffer, page: Page, [x0, y0, x1, y1]: Box, lineHeight?: number): Promise<{ png: Buffer; toPage: (b: Box) => Box } | null> {
  const left = Math.max(0, Math.floor(x0 * page.width));
  const top = Math.max(0, Math.floor(y0 * page.height));
  const width = Math.min(page.width - left, Math.ceil((x1 - x0) * page.width));
  const height = Math.min(page.height - top, Math.ceil((y1 - y0) * page.height));
  if (width < 8 || height < 8) return null;
  const scale = lineHeight ? lineHeight / height : 1;
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  // A white margin around a band of grey paper makes a framed picture, which Tesseract skips.
  const border = lineHeight ? Math.round(h / 2) : 0;
  const grey = openImage(png).extract({ left, top, width, height }).resize(w, h, { kernel: 'lanczos3' }).greyscale();
  // A second pass: sharp stretches contrast after extending, where the white margin would darken the paper.
  const out = await openImage(await (lineHeight ? grey.normalise() : grey).png().toBuffer())
    .extend({ top: border, bottom: border, left: border, right: border, background: '#ffffff' })
    .png()
    .toBuffer();
  const [W, H] = [w + 2 * border, h + 2 * border];
  const fx = (f: number) => (left + (f * W - border) / scale) / page.width;
  const fy = (f: number) => (top + (f * H - border) / scale) / page.height;
  return { png: out, toPage: ([a, b, c, d]) => [fx(a), fy(b), fx(c), fy(d)] };
}

/** The Arabic engine's lines of a cut, on the page's coordinates. */
async function readCut(engine: TesseractReader, crop: { png: Buffer; toPage: (b: Box) => Box }, psm: 11 | 13, signal?: AbortSignal) {
  const read = await engine.readRegion(crop.png, { psm, ...(signal ? { signal } : {}) });
  return read.lines.map((l) => ({ ...l, box: crop.toPage(l.box), words: l.words.map((w) => ({ ...w, box: crop.toPage(w.box) })) }));
}

/** Sparse-text reading (psm 11) may give each word of a row as a line of its own: lines that
 * share most of their height and stand within GAP line heights of each other are one row. */
function rows(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const l of [...lines].sort((a, b) => a.box[0] - b.box[0])) {
    const h = l.box[3] - l.box[1];
    const row = out.find((r) => {
      const overlap = Math.min(r.box[3], l.box[3]) - Math.max(r.box[1], l.box[1]);
      return overlap > 0.5 * Math.min(h, r.box[3] - r.box[1]) && l.box[0] - r.box[2] < GAP * h;
    });
    if (!row) {
      out.push({ ...l, words: [...l.words] });
      continue;
    }
    row.words.push(...l.words);
    row.box = unionBox(row.words);
  }
  // Right to left, as the words are read.
  return out.map((r) => {
    const words = [...r.words].sort((a, b) => b.box[2] - a.box[2]);
    return { ...r, words, text: words.map((w) => w.text).join(' ') };
  });
}

const unionBox = (words: readonly Word[]): Box => [
  Math.min(...words.map((w) => w.box[0])),
  Math.min(...words.map((w) => w.box[1])),
  Math.max(...words.map((w) => w.box[2])),
  Math.max(...words.map((w) => w.box[3])),
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
 * the English name, the Latin words painted over, to find the Arabic line nearest to it that is no
 * label or card title; that line is read again on its own, scaled to LINE_PX. The value is
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
      text.lines.flatMap((l) => l.words),
    );
    // Without the English name, the whole page is looked at and the widest Arabic line taken.
    const h = en ? en.box[3] - en.box[1] : 0;
    const band: Box = en ? [0, Math.max(0, en.box[1] - BAND * h), 1, Math.min(1, en.box[3] + BAND * h)] : [0, 0, 1, 1];
    const bandCut = await cut(masked, page, band);
    if (!bandCut) return undefined;
    const lines = await readCut(engine, bandCut, 11, ctx.signal);
    const near = en ? (en.box[1] + en.box[3]) / 2 : null;
    const found = arabicName({ page: text.page, lines: rows(lines) } as PageText, near);
    if (!found) return undefined;
    const sure = found.words.filter((w) => w.confidence >= WORD_SURE && letters(w) !== '' && !isArabicLabelWord(letters(w)));
    if (sure.length === 0) return undefined;
    const box = unionBox(sure);
    const m = (box[3] - box[1]) * MARGIN;
    const lineCut = await cut(masked, page, [box[0] - m, box[1] - m, box[2] + m, box[3] + m], LINE_PX);
    const again = lineCut ? (await readCut(engine, lineCut, 13, ctx.signal)).flatMap((l) => l.words) : [];
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
