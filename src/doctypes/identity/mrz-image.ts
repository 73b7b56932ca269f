import { createRequire } from 'node:module';
import { imageSize, openImage } from '../../imaging/open.js';
import type { PaddleReader } from '../../readers/paddle.js';
import { MRZ_WHITELIST, type TesseractReader } from '../../readers/tesseract.js';
import type { Box, Line, ReaderName, ReaderOutput } from '../../readers/types.js';
import { cropBoxToPageBox, cropMrzBand, locateMrzBand, type CropFrame, type MrzBand } from '../mrz/locate.js';
import { decodeMrzRows, MRZ_GROUPS } from '../mrz/ctc-decode.js';
import type { MrzResult } from '../mrz/index.js';
import { mrzConsensus, type MrzConsensus } from './mrz-consensus.js';
import { mrzScore, readMrzOf } from './mrz-reading.js';

/** Reads the MRZ of a photo: finds the band, cuts it out straight and reads it with a Tesseract
 * pass restricted to the MRZ alphabet, plain Tesseract and Paddle. Every reading is kept (the
 * pipeline reconciles them) as a ReaderOutput in the page's coordinates; the best is the one
 * whose check digits pass most. */

export interface MrzImageReaders {
  tesseract: Pick<TesseractReader, 'readRegion'>;
  /** With `readRows`, Paddle's MRZ is decoded under the MRZ grammar (ctc-decode.ts). */
  paddle?: Pick<PaddleReader, 'readCrops'> & Partial<Pick<PaddleReader, 'readRows'>>;
}

export interface MrzImageReading {
  reader: ReaderName;
  /** The MRZ lines found in this reading (empty when none). */
  lines: string[];
  result: MrzResult | null;
  output: ReaderOutput;
}

export interface MrzImageResult {
  band: MrzBand | null;
  readings: MrzImageReading[];
  /** The single reading whose check digits pass most. */
  best: MrzImageReading | null;
  /** All readings voted into one MRZ (see mrz-consensus.ts); what the MRZ "reads" as a whole. */
  consensus: MrzConsensus | null;
}

export interface ReadMrzImageOptions {
  page?: number;
  now?: Date;
  signal?: AbortSignal;
  /** The band when the caller already located it (null: read the whole page). */
  band?: MrzBand | null;
}

/** Sizes, relative to the crop, of the MRZ pass's retries. */
const RETRY_SCALES = [0.7, 1.4];

const require = createRequire(import.meta.url);
const TESSERACT_VERSION: string = (require('tesseract.js/package.json') as { version: string }).version;

/** The crop's lines moved into the page's frame. */
function toPageLines(lines: Line[], frame: CropFrame): Line[] {
  const map = (b: Box): Box => cropBoxToPageBox(b, frame);
  return lines.map((l) => ({ ...l, box: map(l.box), words: l.words.map((w) => ({ ...w, box: map(w.box) })) }));
}

/** When no band stands out the whole page is read: the MRZ may still be found among its lines. */
async function wholePage(png: Buffer): Promise<{ png: Buffer; frame: CropFrame }> {
  const meta = await imageSize(png);
  const size = meta;
  return { png, frame: { page: size, crop: size, toPage: (x, y) => [x, y] } };
}

export async function readMrzFromImage(png: Buffer, readers: MrzImageReaders, opts: ReadMrzImageOptions = {}): Promise<MrzImageResult> {
  const page = opts.page ?? 1;
  const now = opts.now ?? new Date();
  const band = opts.band !== undefined ? opts.band : await locateMrzBand(png);
  const crop = band ? await cropMrzBand(png, band) : await wholePage(png);
  const signal = opts.signal ? { signal: opts.signal } : {};

  const engine = (reader: ReaderName): ReaderOutput['engine'] =>
    reader === 'paddle'
      ? { name: 'PaddleOCR PP-OCRv4 (@gutenye/ocr-node), MRZ crop', version: 'PP-OCRv4' }
      : { name: `tesseract.js LSTM, MRZ crop${reader === 'mrz_pass' ? ', MRZ alphabet' : ''}`, version: TESSERACT_VERSION };
  const timed = async (reader: ReaderName, read: () => Promise<Line[]>): Promise<ReaderOutput> => {
    const started = performance.now();
    const lines = toPageLines(await read(), crop.frame);
    return { reader, engine: engine(reader), pages: [{ page, lines }], ms: Math.round(performance.now() - started), cost_usd: 0 };
  };

  const jobs: Array<Promise<ReaderOutput>> = [
    timed('mrz_pass', async () => (await readers.tesseract.readRegion(crop.png, { whitelist: MRZ_WHITELIST, psm: 6, ...signal })).lines),
    timed('tesseract', async () => (await readers.tesseract.readRegion(crop.png, { psm: 6, ...signal })).lines),
  ];
  const paddle = readers.paddle;
  if (paddle) {
    // Paddle returns crop lines in the fractions of the image it was given: here, the crop itself.
    // The detector stays on: fed whole MRZ lines, the recogniser alone loses runs of fillers.
    jobs.push(timed('paddle', () => readPaddleMrz(paddle, crop.png, opts.signal)));
  }
  const toReading = (output: ReaderOutput): MrzImageReading => {
    const m = readMrzOf(output, now);
    return { reader: output.reader, lines: m?.result.lines.raw ?? [], result: m?.result ?? null, output };
  };
  const readings = (await Promise.all(jobs)).map(toReading);
  // Paddle's reading, decoded under the MRZ grammar, votes first: ties between the engines go to it
  const votes = [...readings]
    .sort((a, b) => Number(b.reader === 'paddle') - Number(a.reader === 'paddle'))
    .flatMap((r) => (r.result ? [{ reader: r.reader, result: r.result }] : []));

  // Readings that disagree or fail a check: the MRZ pass again at other sizes. Tesseract's errors
  // change with the scale (a final 6 read as H, J as I), so the retries vote, and the best of them
  // stands as the MRZ pass when it checks better than the first.
  if (!readings.every((r) => r.result?.valid && r.lines.join() === readings[0]!.lines.join())) {
    const meta = await openImage(crop.png).metadata();
    for (const factor of RETRY_SCALES) {
      const png = await openImage(crop.png).resize({ width: Math.round(meta.width! * factor) }).png().toBuffer();
      // boxes come back as fractions of the image, so the crop's frame still maps them
      const retry = toReading(await timed('mrz_pass', async () => (await readers.tesseract.readRegion(png, { whitelist: MRZ_WHITELIST, psm: 6, ...signal })).lines));
      if (!retry.result) continue;
      votes.push({ reader: 'mrz_pass', result: retry.result });
      const first = readings[0]!;
      if (!first.result || mrzScore(retry.result) > mrzScore(first.result)) readings[0] = retry;
    }
  }
  let best: MrzImageReading | null = null;
  for (const r of readings) if (r.result && (!best || mrzScore(r.result) > mrzScore(best.result!))) best = r;
  return { band, readings, best, consensus: mrzConsensus(votes, now) };
}

/** Paddle's reading of the crop: the MRZ decoded under its grammar from the recogniser's step
 * probabilities when the rows hold one, else the detector's lines as read. */
async function readPaddleMrz(paddle: NonNullable<MrzImageReaders['paddle']>, png: Buffer, signal: AbortSignal | undefined): Promise<Line[]> {
  if (!paddle.readRows) return (await paddle.readCrops(png, [[0, 0, 1, 1]], { signal, detectLines: true }))[0]?.lines ?? [];
  const { lines, rows } = await paddle.readRows(png, MRZ_GROUPS, { signal });
  const decoded = decodeMrzRows(rows);
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
