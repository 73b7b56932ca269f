import { createRequire } from 'node:module';
import { imageSize, openImage } from '../imaging/open.js';
import { cropBoxToPageBox, cutMrzBand, locateMrzBand, mrzCutPng, stretchCut, type CropFrame, type MrzBand, type MrzCrop } from './mrz/locate.js';
import type { GreyImage } from './paddle/words.js';
import type { PaddleReader } from './paddle.js';
import type { MrzRowSource, MrzRowSteps } from './paddle/worker-protocol.js';
import { MRZ_WHITELIST, type TesseractReader } from './tesseract.js';
import type { Box, Line, ReaderName, ReaderOutput } from './types.js';

/** The MRZ pass: where a page carries a machine-readable zone, the band is found (mrz/locate.ts),
 * cut out straight and read on its own by Tesseract restricted to the MRZ alphabet (`mrz_pass`),
 * plain Tesseract and PaddleOCR, each reading in the page's coordinates.
 *
 * The reader knows images, not ICAO 9303: which reading holds an MRZ, whether its check digits
 * pass and whether to read again are decided by the caller (doctypes/identity/mrz-image.ts), and
 * Paddle's rows are decoded under the MRZ grammar the caller passes (doctypes/mrz/ctc-decode.ts),
 * so that imports run one way (readers never import doctypes). */

export interface MrzPassEngines {
  tesseract: Pick<TesseractReader, 'readRegion'>;
  /** With `readRows` and a grammar, Paddle's MRZ is decoded under that grammar; with
   * `readDetectorText`, the detector's own text of the rows joins where that fails a check. */
  paddle?: Pick<PaddleReader, 'readCrops'> & Partial<Pick<PaddleReader, 'readRows' | 'readDetectorText'>>;
}

/** How the MRZ's text rules read Paddle's per-step probabilities of a crop's rows. */
export interface MrzGrammar {
  /** Character groups the recogniser reports probabilities over. */
  groups: string[][];
  /** The MRZ lines decoded from the rows (`rows`: which row each line came from), or null.
   * `checked`: every check digit passed, and the rows' text could not change the reading. */
  decode(rows: MrzRowSteps[]): { lines: string[]; rows: number[]; confidence: number[]; checked: boolean } | null;
}

export interface MrzBandReadOptions {
  page: number;
  /** The band when the caller already located it (null: read the whole page). */
  band?: MrzBand | null;
  grammar?: MrzGrammar;
  signal?: AbortSignal;
  /** In-process work on the cut's grey pixels, run on this thread once the first engine has
   * answered, while the others still read: it then costs the page no time of its own. */
  whileEnginesRead?: (grey: GreyImage) => void;
  /** Called with the two Tesseract readings (mrz_pass, tesseract) once both are in, while Paddle
   * may still read: a caller that can already tell it will read again starts on the idle engine. */
  whenTesseractRead?: (outputs: ReaderOutput[], crop: MrzCrop) => void;
}

export interface MrzBandReading {
  band: MrzBand | null;
  crop: MrzCrop;
  /** The crop's grey pixels, for an in-process reader (null when no band was found and the whole page was read). */
  grey: GreyImage | null;
  /** mrz_pass, tesseract, then paddle when there is a Paddle; in the page's coordinates. */
  outputs: ReaderOutput[];
}

/** Not a page reader (types.ts's Reader): it reads a band, and its caller's MRZ rules decide which
 * of the readings count and whether to read again. */
export interface MrzPassReader {
  name: 'mrz_pass';
  locate(png: Buffer): Promise<MrzBand | null>;
  read(png: Buffer, opts: MrzBandReadOptions): Promise<MrzBandReading>;
  /** The MRZ-alphabet pass again on the crop at `factor` times its width (Tesseract's errors
   * change with the scale); boxes come back as fractions of the image, so the crop's frame still
   * maps them. */
  reread(reading: Pick<MrzBandReading, 'crop'>, factor: number, opts: { page: number; signal?: AbortSignal }): Promise<ReaderOutput>;
}

const require = createRequire(import.meta.url);
const TESSERACT_VERSION: string = (require('tesseract.js/package.json') as { version: string }).version;

const engineOf = (reader: ReaderName): ReaderOutput['engine'] =>
  reader === 'paddle'
    ? { name: 'PaddleOCR PP-OCRv4 (@gutenye/ocr-node), MRZ crop', version: 'PP-OCRv4' }
    : { name: `tesseract.js LSTM, MRZ crop${reader === 'mrz_pass' ? ', MRZ alphabet' : ''}`, version: TESSERACT_VERSION };

/** The crop's lines moved into the page's frame. */
function toPageLines(lines: Line[], frame: CropFrame): Line[] {
  const map = (b: Box): Box => cropBoxToPageBox(b, frame);
  return lines.map((l) => ({ ...l, box: map(l.box), words: l.words.map((w) => ({ ...w, box: map(w.box) })) }));
}

/** When no band stands out the whole page is read: the MRZ may still be found among its lines. */
async function wholePage(png: Buffer): Promise<MrzCrop> {
  const size = await imageSize(png);
  return { png, frame: { page: size, crop: size, toPage: (x, y) => [x, y] } };
}

async function timed(reader: ReaderName, page: number, frame: CropFrame, read: () => Promise<Line[]>): Promise<ReaderOutput> {
  const started = performance.now();
  const lines = toPageLines(await read(), frame);
  return { reader, engine: engineOf(reader), pages: [{ page, lines }], ms: Math.round(performance.now() - started), cost_usd: 0 };
}

export function createMrzPassReader(engines: MrzPassEngines): MrzPassReader {
  const mrzAlphabet = async (png: Buffer, signal: AbortSignal | undefined): Promise<Line[]> =>
    (await engines.tesseract.readRegion(png, { whitelist: MRZ_WHITELIST, psm: 6, ...(signal ? { signal } : {}) })).lines;

  return {
    name: 'mrz_pass',
    locate: locateMrzBand,
    async read(png, opts) {
      const band = opts.band !== undefined ? opts.band : await locateMrzBand(png);
      // the engines read the stretched cut (cropMrzBand's pixels); the glyph reader takes the same
      const cut = band ? await stretchCut(await cutMrzBand(png, band)) : null;
      const crop = cut ? { png: await mrzCutPng(cut), frame: cut.frame } : await wholePage(png);
      const signal = opts.signal ? { signal: opts.signal } : {};
      const jobs: Array<Promise<ReaderOutput>> = [
        timed('mrz_pass', opts.page, crop.frame, () => mrzAlphabet(crop.png, opts.signal)),
        timed('tesseract', opts.page, crop.frame, async () => (await engines.tesseract.readRegion(crop.png, { psm: 6, ...signal })).lines),
      ];
      const paddle = engines.paddle;
      if (paddle) {
        // Paddle returns crop lines in the fractions of the image it was given: here, the crop itself.
        // The detector stays on: fed whole MRZ lines, the recogniser alone loses runs of fillers.
        jobs.push(timed('paddle', opts.page, crop.frame, () => readPaddleMrz(paddle, crop.png, opts.grammar, opts.signal)));
      }
      const outputs = Promise.all(jobs);
      const { whenTesseractRead } = opts;
      // a failed job fails `outputs`, awaited below
      if (whenTesseractRead)
        Promise.all(jobs.slice(0, 2)).then(
          (read) => whenTesseractRead(read, crop),
          () => undefined,
        );
      if (cut && opts.whileEnginesRead) {
        // a failed job fails `outputs`, awaited below
        await Promise.race(jobs).catch(() => undefined);
        opts.whileEnginesRead(cut.grey);
      }
      return { band, crop, grey: cut?.grey ?? null, outputs: await outputs };
    },
    async reread({ crop }, factor, opts) {
      const meta = await openImage(crop.png).metadata();
      const png = await openImage(crop.png)
        .resize({ width: Math.round(meta.width! * factor) })
        .png()
        .toBuffer();
      return timed('mrz_pass', opts.page, crop.frame, () => mrzAlphabet(png, opts.signal));
    },
  };
}

/** Paddle's reading of the crop: the MRZ decoded under its grammar from the recogniser's step
 * probabilities when the rows hold one, else the lines as read. The detector's own reading of its
 * rows is asked for only when the steps' MRZ fails a check: its text of the rows may then stand
 * instead, and its lines are the reading when no MRZ decodes. Boxes are crop fractions. */
export async function readPaddleMrz(
  paddle: NonNullable<MrzPassEngines['paddle']>,
  png: Buffer,
  grammar: MrzGrammar | undefined,
  signal: AbortSignal | undefined,
  rowsFrom: MrzRowSource = 'detector',
): Promise<Line[]> {
  if (!paddle.readRows || !grammar) return (await paddle.readCrops(png, [[0, 0, 1, 1]], { signal, detectLines: true }))[0]?.lines ?? [];
  let { lines, rows } = await paddle.readRows(png, grammar.groups, { signal, rowsFrom });
  let decoded = grammar.decode(rows);
  if (rowsFrom === 'detector' && paddle.readDetectorText && !decoded?.checked) {
    const seen = await paddle.readDetectorText(png, { signal });
    const textOf = (box: Box): string => seen.texts.find((t) => t.box.every((v, i) => v === box[i]))?.text ?? '';
    rows = rows.map((r) => ({ ...r, text: textOf(r.box) }));
    lines = seen.lines;
    decoded = grammar.decode(rows);
  }
  if (!decoded) return lines;
  return decoded.lines.map((text, i) => {
    const box = rows[decoded.rows[i]!]!.box;
    const confidence = decoded.confidence[i]!;
    return { text, box, confidence, words: [{ text, box, confidence }] };
  });
}

/** A page reading with its MRZ lines replaced by a crop reading of the same reader, so that the
 * doctype's extract sees the print and the sharper MRZ together. */
export function withMrzLines(pageReading: ReaderOutput, crop: ReaderOutput, band: Box): ReaderOutput {
  const overlaps = (b: Box): boolean => {
    const cy = (b[1] + b[3]) / 2;
    return cy >= band[1] && cy <= band[3] && b[2] > band[0] && b[0] < band[2];
  };
  const cropPages = new Map(crop.pages.map((p) => [p.page, p]));
  return {
    ...pageReading,
    pages: pageReading.pages.map((p) => {
      const mrz = cropPages.get(p.page);
      if (!mrz || mrz.lines.length === 0) return p;
      const lines = [...p.lines.filter((l) => !overlaps(l.box)), ...mrz.lines].sort((a, b) => a.box[1] - b.box[1]);
      return { ...p, lines };
    }),
  };
}
