import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { meanConfidence } from './support/geometry.js';
import { imageSize, MAX_IMAGE_PIXELS } from '../imaging/open.js';
import { EngineReportedError, WorkerClient, workerEntry } from './paddle/worker-client.js';
import type { CropMethod, MrzDetectorText, MrzRowSource, MrzRowSteps, PaddleRequest, PaddleResult, PaddleWorkerData } from './paddle/worker-protocol.js';
import { createPool, type PoolStats } from './support/pool.js';
import { detectScripts, PADDLE_SCRIPTS, type ScriptName } from './support/scripts.js';
import type { Box, Line, PageImage, PageText, Reader, ReaderOutput, ReadRequest } from './types.js';

/** PaddleOCR PP-OCRv4 (@gutenye/ocr-node on onnxruntime-node) as the second, independent reader.
 * The engine lives in worker threads; on a whole 300 dpi page it costs seconds and gigabytes, so
 * pages are downscaled (longer side ≤ maxSide) and the cheap, sharp use is `readCrops`: the MRZ
 * band and candidate field values cut from the full-resolution page. */

export interface PaddleReaderOptions {
  /** Longer side, in pixels, a page is downscaled to before detection (e.g. 1600). */
  maxSide: number;
  /** onnxruntime intra-op threads per engine. */
  threads: number;
  /** Engines (each ~0.5–1.2 GB while reading). Default 1. */
  workers?: number;
  /** Jobs per engine before it is replaced. Default 200. */
  recycleAfter?: number;
  /** Jobs allowed to wait; beyond it a read fails with READER_BUSY. Default workers × 16. */
  maxQueue?: number;
  /** Per-job limit; an overrunning engine is terminated. Default 60 s. */
  jobTimeoutMs?: number;
  /** Engine start-up limit. Default 60 s. */
  startTimeoutMs?: number;
  /** JavaScript heap ceiling of an engine's thread; beyond it the thread dies, not the process. Default 2048. */
  maxHeapMb?: number;
  maxPixels?: number;
  /** Most crops in one `readCrops` call. Default 64. */
  maxCrops?: number;
}

export interface CropReading {
  /** The requested box, page fractions. */
  box: Box;
  text: string;
  confidence: number;
  /** Lines found inside the crop, boxes in page fractions. */
  lines: Line[];
  via: CropMethod;
}

export interface CropOptions {
  signal?: AbortSignal;
  /** Run the text detector on every crop. By default a crop whose lines stand clear on plain
   * paper goes straight to the recogniser (about three times cheaper), and only the others are
   * detected. */
  detectLines?: boolean;
  /** The PNG's size, when the caller made it: its header is not read again, and the request is
   * posted to a free engine within the call's microtasks (a caller can then overlap it with
   * its own work). */
  size?: { width: number; height: number };
}

export interface MrzRowsOptions {
  signal?: AbortSignal;
  /** Default `detector`. */
  rowsFrom?: MrzRowSource;
  /** With `pixels`: read only these rows (indices from the top). */
  only?: number[];
}

export interface PaddleReader extends Reader {
  readonly scripts: readonly ScriptName[];
  /** Name and version of the engine, as reported with every reading (crops included). */
  readonly engine: ReaderOutput['engine'];
  readCrops(png: Buffer, boxes: Box[], opts?: CropOptions): Promise<CropReading[]>;
  /** The text rows of an image holding only a few lines (an MRZ crop): per row the recogniser's
   * step probabilities over `groups` (see StepProbabilities). Rows from the text detector's boxes
   * come without the detector's own reading of them (no lines, no row text: `readDetectorText`
   * gives it); with `rowsFrom: 'pixels'`, rows are found from the crop's ink, each read whole
   * once, and their lines are as read greedily. */
  readRows(png: Buffer, groups: string[][], opts?: MrzRowsOptions): Promise<{ lines: Line[]; rows: MrzRowSteps[] }>;
  /** The text detector's own reading of the same image: its lines, and its text of each detector
   * row `readRows` gives. */
  readDetectorText(png: Buffer, opts?: { signal?: AbortSignal }): Promise<MrzDetectorText>;
  ready(): Promise<void>;
  stats(): PoolStats;
  close(): Promise<void>;
}

type Engine = WorkerClient<PaddleRequest, PaddleResult>;

const require = createRequire(import.meta.url);
// The package exports no package.json; its entry sits in build/, one level below it.
const ENGINE_VERSION: string = (
  JSON.parse(readFileSync(join(dirname(require.resolve('@gutenye/ocr-node')), '..', 'package.json'), 'utf8')) as { version: string }
).version;

export function createPaddleReader(opts: PaddleReaderOptions): PaddleReader {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const maxCrops = opts.maxCrops ?? 64;
  const workers = opts.workers ?? 1;
  if (opts.maxSide < 64) throw new RangeError('paddle: maxSide must be at least 64');
  const workerData: PaddleWorkerData = { threads: opts.threads, maxPixels };

  const pool = createPool<Engine>({
    name: 'paddle',
    size: workers,
    maxQueue: opts.maxQueue ?? workers * 16,
    recycleAfter: opts.recycleAfter ?? 200,
    jobTimeoutMs: opts.jobTimeoutMs ?? 60_000,
    create: () =>
      WorkerClient.start<PaddleRequest, PaddleResult>({
        entry: workerEntry('paddle/worker', import.meta.url),
        workerData,
        startTimeoutMs: opts.startTimeoutMs ?? 60_000,
        resourceLimits: { maxOldGenerationSizeMb: opts.maxHeapMb ?? 2048 },
      }),
    destroy: (engine) => engine.terminate(),
    // An error the worker reported (a bad image) leaves the engine usable; a crash or timeout does not.
    isFatal: (err) => !(err instanceof EngineReportedError),
  });
  const warming = pool.warm();
  warming.catch(() => undefined);

  async function readPage(image: PageImage, signal?: AbortSignal): Promise<PageText> {
    await imageSize(image.png, maxPixels);
    const result = (await pool.run((engine) => engine.call({ kind: 'page', png: image.png, maxSide: opts.maxSide }), signal)) as { lines: Line[] };
    const scripts = detectScripts(result.lines.map((l) => l.text).join('\n'))
      .filter((s) => s.share >= 0.1)
      .map((s) => s.script);
    return { page: image.page, lines: result.lines, scripts, rotation: 0 };
  }

  const engine = { name: 'PaddleOCR PP-OCRv4 (@gutenye/ocr-node, onnxruntime)', version: ENGINE_VERSION };
  return {
    name: 'paddle',
    scripts: PADDLE_SCRIPTS,
    engine,
    supports: (request: ReadRequest) => request.images.length > 0,
    async read(request: ReadRequest): Promise<ReaderOutput> {
      const started = performance.now();
      const pages = await Promise.all(request.images.map((image) => readPage(image, request.signal)));
      return {
        reader: 'paddle',
        engine,
        pages,
        ms: Math.round(performance.now() - started),
        cost_usd: 0,
      };
    },
    async readCrops(png: Buffer, boxes: Box[], { signal, detectLines = false, size }: CropOptions = {}): Promise<CropReading[]> {
      if (boxes.length > maxCrops) throw new RangeError(`paddle: at most ${maxCrops} crops per call, got ${boxes.length}`);
      for (const b of boxes) {
        if (!b.every((v) => Number.isFinite(v) && v >= 0 && v <= 1) || b[2] <= b[0] || b[3] <= b[1]) {
          throw new RangeError(`paddle: crop box ${JSON.stringify(b)} is not [x0, y0, x1, y1] in page fractions`);
        }
      }
      if (boxes.length === 0) return [];
      if (!size) await imageSize(png, maxPixels);
      else if (size.width * size.height > maxPixels) throw new RangeError(`paddle: a ${size.width}×${size.height} image is over the pixel limit`);
      const result = (await pool.run((engine) => engine.call({ kind: 'crops', png, boxes, detectLines }), signal)) as {
        crops: Array<{ lines: Line[]; via: CropMethod }>;
      };
      return boxes.map((box, i) => {
        const { lines, via } = result.crops[i]!;
        return { box, text: lines.map((l) => l.text).join('\n'), confidence: meanConfidence(lines), lines, via };
      });
    },
    async readRows(png: Buffer, groups: string[][], { signal, rowsFrom = 'detector', only }: MrzRowsOptions = {}) {
      await imageSize(png, maxPixels);
      const request = { kind: 'mrz' as const, png, groups, rowsFrom, ...(only ? { only } : {}) };
      return (await pool.run((engine) => engine.call(request), signal)) as { lines: Line[]; rows: MrzRowSteps[] };
    },
    async readDetectorText(png: Buffer, { signal }: { signal?: AbortSignal } = {}) {
      await imageSize(png, maxPixels);
      return (await pool.run((engine) => engine.call({ kind: 'mrz-text', png }), signal)) as MrzDetectorText;
    },
    ready: () => warming,
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
