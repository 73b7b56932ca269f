import { mrzScore, readMrzOf } from '../doctypes/identity/mrz-reading.js';
import { normalizeLine } from '../doctypes/mrz/fit.js';
import { cropBoxToPageBox, cutMrzBand, locateMrzBandInCopy, mrzCutPng, stretchCut, type MrzBand, type MrzCrop, type MrzCut } from '../readers/mrz/locate.js';
import type { MrzResult } from '../doctypes/mrz/index.js';
import { openImage } from '../imaging/open.js';
import { readPaddleMrz, type MrzPassEngines } from '../readers/mrz-pass.js';
import { MRZ_GRAMMAR } from '../doctypes/identity/mrz-image.js';
import { MRZ_WHITELIST, type TesseractReader } from '../readers/tesseract.js';
import type { Box, Line, ReaderName, ReaderOutput } from '../readers/types.js';
import type { GreyImage } from '../readers/paddle/words.js';
import { CROP_PAD } from '../readers/paddle/worker-protocol.js';
import type { Frame } from './frame.js';
import { mrzPixelRows } from '../readers/paddle/mrz-rows.js';
import { passesEveryCheck, unconfirmedSpots, type BlindSpot, type SeenText } from '../doctypes/identity/mrz-blind-spots.js';
import { readOcrbMrz, type OcrbMrz } from '../doctypes/identity/ocrb-mrz.js';

/** The MRZ of a frame, read the way the document pipeline reads one (locate.ts finds the band on
 * an 800 px copy; the band alone is cut from the full-resolution frame and straightened), but
 * cheaply: the in-process OCR-B glyph reader first (doctypes/identity/ocrb-mrz.ts; no engine started when it proves
 * the frame), then the MRZ-alphabet Tesseract pass, the crop at full size when that fails, and
 * PaddleOCR's recogniser (no text detector) on the crop's rows last. The parse (parse.ts, with
 * its check-digit-confirmed repairs) judges each reading.
 *
 * Passing every check digit is not always enough (doctypes/identity/mrz-blind-spots.ts): where a
 * checked field holds a character the check digits cannot tell from another, another engine must
 * read that field alike before the MRZ counts as proven. */

export interface CaptureMrzReaders {
  tesseract: Pick<TesseractReader, 'readRegion'>;
  /** With `readRows`, its rows are decoded under the MRZ grammar. */
  paddle?: MrzPassEngines['paddle'] | null;
}

export interface MrzPass {
  band: MrzBand;
  /** The reading whose check digits pass most; null when no reader saw MRZ lines in the band. */
  result: MrzResult | null;
  reader: ReaderName | null;
  /** Every check digit passes and no blind spot is left unconfirmed. */
  proven: boolean;
  /** Characters in checked fields that the check digits cannot tell apart, and no other engine read alike. */
  unconfirmed: BlindSpot[];
  /** MRZ letters' height on the frame, pixels (from the band's pitch). */
  letterHeightPx: number;
}

interface Reading {
  reader: ReaderName;
  result: MrzResult;
}

/** The in-process glyph reader of a band crop (doctypes/identity/ocrb-mrz.ts); replaceable so that the proof rule
 * can be tested on fixed readings alone. */
export type GlyphReader = (grey: GreyImage) => OcrbMrz[];

export interface FindMrzOptions {
  signal?: AbortSignal;
  readGlyphs?: GlyphReader;
  /** The OCR pools when they already run: Paddle then reads the document number's piece of the
   * band while the glyph reader classifies (see earlyLook). Never started for it. */
  running?: CaptureMrzReaders | null;
}

export async function findMrz(
  frame: Frame,
  pools: () => Promise<CaptureMrzReaders>,
  now: Date,
  { signal, readGlyphs = readOcrbMrz, running = null }: FindMrzOptions = {},
): Promise<MrzPass | null> {
  // the band is searched on the frame's work copy, already decoded; only the crop reads the full frame
  const band = await locateMrzBandInCopy({ ...frame.work, channels: 4 }, frame);
  if (!band) return null;
  const cut = await cutMrzBand(frame.upright, band);
  // the glyph reader finds its own ink and paper tones; the stretched cut and the PNG the engines
  // take are made only when an engine runs
  let stretched: Promise<MrzCut> | undefined;
  const engineCut = (): Promise<MrzCut> => (stretched ??= stretchCut(cut));
  let fullCrop: MrzCrop | undefined;
  const full = async (): Promise<MrzCrop> => (fullCrop ??= { png: await mrzCutPng(await engineCut()), frame: cut.frame });
  const sig = signal ? { signal } : {};
  const readings: Reading[] = [];
  const seen: SeenText[] = [];
  const consider = (reader: ReaderName, lines: Line[]): void => {
    seen.push({ reader, lines: lines.map((l) => normalizeLine(l.text)) });
    const m = readMrzOf(asOutput(reader, lines, cut.frame), now);
    if (m?.result.format) readings.push({ reader, result: m.result });
  };
  const best = (): Reading | null => readings.reduce<Reading | null>((b, r) => (!b || mrzScore(r.result) > mrzScore(b.result) ? r : b), null);
  const passes = (): boolean => passesEveryCheck(best()?.result ?? null);
  const settled = (): MrzPass => {
    const chosen = best();
    const unconfirmed = chosen && passesEveryCheck(chosen.result) ? unconfirmedSpots(chosen, seen) : [];
    const lines = Math.max(1, band.lines);
    return {
      band,
      result: chosen?.result ?? null,
      reader: chosen?.reader ?? null,
      proven: passesEveryCheck(chosen?.result ?? null) && unconfirmed.length === 0,
      unconfirmed,
      // the band runs from the first line's top to the last one's foot; lines sit ~1.6 letters apart
      letterHeightPx: (band.size[1] * frame.height) / (1.6 * (lines - 1) + 1),
    };
  };

  // most frames' document numbers hold a blind spot (a 6, an 8, …): where Paddle already runs, it
  // reads that field's piece on its own thread while the glyph reader classifies on this one
  const early = running?.paddle ? await earlyLook(cut.grey, running.paddle, sig) : null;

  // the in-process OCR-B reader first: every check passing with no blind spot proves the frame
  // without starting an OCR engine
  const glyphs = readGlyphs(cut.grey);
  for (const reading of glyphs) consider('ocrb', reading.lines);
  if (passes() && unconfirmedSpots(best()!, seen).length === 0) return settled();
  if (early) {
    const text = await early.reading;
    if (text !== null) seen.push({ reader: 'paddle', lines: [text] });
    if (passes() && unconfirmedSpots(best()!, seen).length === 0) return settled();
  }
  signal?.throwIfAborted();

  // the OCR pools start only when the glyph reader could not prove the frame
  const readers = await pools();
  const paddle = readers.paddle;
  // the glyph reader passed every check and left only blind spots: Paddle looks at each such
  // field alone (with a character either side beyond the two that anchor it), a third of a line's cost
  const glyphReading = glyphs.at(-1);
  if (passes() && best()!.reader === 'ocrb' && glyphReading && paddle) {
    const fields = new Set(unconfirmedSpots(best()!, seen).map((spot) => spot.field));
    for (const field of fields) {
      const f = best()!.result.fields[field]!.positions;
      const piece = await pieceOf(cut.grey, glyphReading.spanBox(f.line, f.start - 3, f.end + 3));
      const [crop] = await paddle.readCrops(piece.png, [piece.box], sig);
      if (crop) seen.push({ reader: 'paddle', lines: [normalizeLine(crop.text)] });
    }
    if (unconfirmedSpots(best()!, seen).length === 0) return settled();
  }
  const paddleRows = new Set<number>();
  // every check digit passes: Paddle need only read the lines whose blind spots it must confirm
  const confirmByPaddle = async (): Promise<void> => {
    const only = [...new Set(unconfirmedSpots(best()!, seen).map((s) => s.line))].filter((l) => !paddleRows.has(l));
    if (!paddle?.readRows || only.length === 0) return;
    only.forEach((l) => paddleRows.add(l));
    consider('paddle', (await paddle.readRows((await full()).png, MRZ_GRAMMAR.groups, { ...sig, rowsFrom: 'pixels', only })).lines);
  };
  // the glyph reader passed every check and left only blind spots: Paddle's reading of their lines
  // alone may confirm them, and Tesseract is not needed
  if (passes()) {
    await confirmByPaddle();
    if (unconfirmedSpots(best()!, seen).length === 0) return settled();
  }
  const crop = await smaller(await full());
  consider('mrz_pass', (await readers.tesseract.readRegion(crop.png, { whitelist: MRZ_WHITELIST, psm: 6, ...sig })).lines);
  // Tesseract's misreads change with the scale (O for 0, H for a final 6): the crop at its own size next
  if (!passes()) consider('mrz_pass', (await readers.tesseract.readRegion((await full()).png, { whitelist: MRZ_WHITELIST, psm: 6, ...sig })).lines);
  if (passes()) await confirmByPaddle();
  if (paddle && (!passes() || unconfirmedSpots(best()!, seen).length > 0)) {
    // every row, read by the recogniser alone and decoded under the MRZ grammar, whose fixed
    // line lengths keep the runs of fillers whole
    consider('paddle', await readPaddleMrz(paddle, (await full()).png, MRZ_GRAMMAR, signal, 'pixels'));
  }
  return settled();
}

/** Where the document number lies before any glyph is read, as a share of its row's ink extent,
 * with the two characters after it that anchor it (unconfirmedSpots) and one more for the
 * estimate's error: positions 0–11 of a two-row MRZ's second row (TD3, TD2; the share covers them
 * at either line length, 44 or 36), 3–16 of a three-row MRZ's first (TD1). Paddle's time grows
 * with the piece's width. */
const DOCUMENT_NUMBER_SPAN: Record<number, { row: number; from: number; to: number }> = {
  2: { row: 1, from: 0, to: 15 / 44 },
  3: { row: 0, from: 2 / 30, to: 18 / 30 },
};

/** Paddle's reading of the document number's piece, its request posted before this returns (the
 * piece's size is known, so no header is read and the pool hands it to a free engine within the
 * microtasks one event-loop turn drains); null when the band's rows are not clear. What it reads
 * only counts where it holds a field and its anchors exactly as the glyph reader read them. */
async function earlyLook(
  grey: GreyImage,
  paddle: NonNullable<CaptureMrzReaders['paddle']>,
  sig: { signal?: AbortSignal },
): Promise<{ reading: Promise<string | null> } | null> {
  const rows = mrzPixelRows(grey);
  const span = rows ? DOCUMENT_NUMBER_SPAN[rows.length] : undefined;
  if (!rows || !span) return null;
  const row = rows[span.row]!;
  const width = row.x1 - row.x0;
  const box: Box = [(row.x0 + span.from * width) / grey.width, row.y0 / grey.height, (row.x0 + span.to * width) / grey.width, row.y1 / grey.height];
  const piece = await pieceOf(grey, box);
  const reading = paddle
    .readCrops(piece.png, [piece.box], { ...sig, size: piece.size })
    .then(([crop]) => (crop ? normalizeLine(crop.text) : null))
    // a look nobody may need: its failure costs only the confirmation it would have given
    .catch(() => null);
  await new Promise((resolve) => setImmediate(resolve));
  // wrapped: an async function returning the promise itself would wait for it
  return { reading };
}

/** The part of the band a box (crop fractions) and readCrops's paper around it cover, as a small
 * PNG with the box in its fractions and its contrast stretched as stretchCut stretches a whole
 * band: Paddle then decodes a few kilobytes, not the whole band, and the band is never stretched
 * when the pieces settle the frame. */
async function pieceOf(grey: GreyImage, box: Box): Promise<{ png: Buffer; box: Box; size: { width: number; height: number } }> {
  const h = (box[3] - box[1]) * grey.height;
  // a pixel more than readCrops takes, so that its padding is never clipped by the piece's edge
  const padX = Math.max(CROP_PAD.min, Math.round(h * CROP_PAD.x)) + 2;
  const padY = Math.max(CROP_PAD.min, Math.round(h * CROP_PAD.y)) + 2;
  const left = Math.max(0, Math.floor(box[0] * grey.width) - padX);
  const top = Math.max(0, Math.floor(box[1] * grey.height) - padY);
  const right = Math.min(grey.width, Math.ceil(box[2] * grey.width) + padX);
  const bottom = Math.min(grey.height, Math.ceil(box[3] * grey.height) + padY);
  const [w, ht] = [Math.max(1, right - left), Math.max(1, bottom - top)];
  const png = await openImage(Buffer.from(grey.data.buffer, grey.data.byteOffset, grey.data.length), {
    raw: { width: grey.width, height: grey.height, channels: 1 },
  })
    .extract({ left, top, width: w, height: ht })
    .greyscale()
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
  const x = (v: number) => (v * grey.width - left) / w;
  const y = (v: number) => (v * grey.height - top) / ht;
  return { png, box: [x(box[0]), y(box[1]), x(box[2]), y(box[3])], size: { width: w, height: ht } };
}

/** The band crop is made for the document pipeline (letters ~35 px tall); Tesseract reads the
 * same MRZ at 0.6 of that size in about half the time, and a frame that fails is simply the
 * next frame's to prove. Boxes come back as fractions, so the crop's frame still maps them. */
const CAPTURE_CROP_SCALE = 0.6;

async function smaller(crop: MrzCrop): Promise<MrzCrop> {
  const width = Math.max(1, Math.round(crop.frame.crop.width * CAPTURE_CROP_SCALE));
  const png = await openImage(crop.png).resize({ width }).png({ compressionLevel: 1 }).toBuffer();
  return { png, frame: crop.frame };
}

function asOutput(reader: ReaderName, lines: Line[], frame: MrzCrop['frame']): ReaderOutput {
  const map = (b: Box): Box => cropBoxToPageBox(b, frame);
  const onFrame = lines.map((l) => ({ ...l, box: map(l.box), words: l.words.map((w) => ({ ...w, box: map(w.box) })) }));
  return { reader, engine: { name: reader, version: '' }, pages: [{ page: 1, lines: onFrame }], ms: 0, cost_usd: 0 };
}
