import { createRequire } from 'node:module';
import Tesseract from 'tesseract.js';
import { meanConfidence } from './support/geometry.js';
import { imageSize, MAX_IMAGE_PIXELS } from '../imaging/open.js';
import { createPool, type PoolStats } from './support/pool.js';
import { detectRotation, looksUpright, rotatePng, type Rotation } from './support/rotation.js';
import { detectScripts, type ScriptName } from './support/scripts.js';
import { stageLanguages, type TraineddataModel } from './tesseract/langs.js';
import { tesseractLines } from './tesseract/output.js';
import type { Line, PageImage, PageText, Reader, ReaderOutput, ReadRequest } from './types.js';
import { wordLikeScore, type ScoredToken } from './support/wordlike.js';

/** Tesseract LSTM (tesseract.js, WebAssembly) as a reader. Each tesseract.js worker is its own
 * worker thread: decoding, layout analysis and recognition all run there; the main thread only
 * posts the PNG bytes and converts the returned block tree. */

export const MRZ_WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export interface TesseractReaderOptions {
  /** Concurrent engines (each ~200 MB, one core while busy). */
  workers: number;
  /** Jobs per engine before it is replaced. */
  recycleAfter: number;
  /** Language codes; default ['eng'] from @tesseract.js-data/eng. */
  langs?: string[];
  /** Folder with extra `<lang>.traineddata[.gz]` files, searched before the npm data packages. */
  langPath?: string;
  /** Jobs allowed to wait for an engine; beyond it a read fails with READER_BUSY. Default workers × 16. */
  maxQueue?: number;
  /** Per-job limit; an overrunning engine is terminated. Default 60 s. */
  jobTimeoutMs?: number;
  /** Engine start-up limit. Default 30 s. */
  startTimeoutMs?: number;
  /** Check orientation when the upright reading is weak, and read the page turned. Default true. */
  autoRotate?: boolean;
  maxPixels?: number;
  /** The recogniser: Tesseract's LSTM (default), or its legacy character classifier, another kind
   * of engine that reads a disputed line a third time (data from the full "4.0.0" files). */
  model?: TraineddataModel;
}

export interface RegionReadOptions {
  /** Only these characters may be recognised (e.g. MRZ_WHITELIST). */
  whitelist?: string;
  /** Page segmentation mode: 6 = a block of lines (default), 7 = a single line, 11 = sparse text
   * anywhere, 13 = raw line. */
  psm?: 6 | 7 | 8 | 11 | 13;
  signal?: AbortSignal;
}

export interface RegionReading {
  text: string;
  confidence: number;
  /** Boxes are fractions of the region image. */
  lines: Line[];
}

export interface TesseractReader extends Reader {
  readonly languages: readonly string[];
  readonly scripts: readonly ScriptName[];
  /** Name and version of the engine, as reported with every reading. */
  readonly engine: ReaderOutput['engine'];
  /** The pages read binarised tile by tile, each tile at its own threshold: faint print on a
   * photographed slip, its paper and ink both lighter than the dark table around it, falls on the
   * paper's side of one threshold for the whole image and is read as nothing. Tiles read such a
   * page, and read more misreadings from a well-lit one, so it is the second reading, not the first. */
  readTiled(request: ReadRequest): Promise<ReaderOutput>;
  readRegion(png: Buffer, opts?: RegionReadOptions): Promise<RegionReading>;
  detectRotation(png: Buffer, signal?: AbortSignal): Promise<Rotation>;
  /** Resolves once every engine has started; rejects if one cannot. */
  ready(): Promise<void>;
  stats(): PoolStats;
  close(): Promise<void>;
}

interface Params {
  psm: string;
  whitelist: string;
  /** Tesseract's thresholding_method: 0 one Otsu threshold for the whole image, 1 Otsu per tile. */
  thresholding?: '0' | '1';
}
const PAGE_PARAMS: Params = { psm: '3', whitelist: '' };
/** The page binarised tile by tile (see readTiled). */
const TILED_PARAMS: Params = { ...PAGE_PARAMS, thresholding: '1' };

const require = createRequire(import.meta.url);
const TESSERACT_VERSION: string = (require('tesseract.js/package.json') as { version: string }).version;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

async function recognize(worker: Tesseract.Worker, png: Buffer, params: Params): Promise<Tesseract.Page> {
  await worker.setParameters({
    tessedit_pageseg_mode: params.psm as Tesseract.PSM,
    tessedit_char_whitelist: params.whitelist,
    thresholding_method: params.thresholding ?? '0',
  });
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
  return data;
}

function tokens(page: Tesseract.Page): ScoredToken[] {
  return (page.blocks ?? []).flatMap((b) =>
    b.paragraphs.flatMap((p) =>
      p.lines.flatMap((l) =>
        l.words.map((w) => ({
          text: w.text,
          confidence: w.confidence / 100,
          aspect: (w.bbox.x1 - w.bbox.x0) / Math.max(1, w.bbox.y1 - w.bbox.y0),
        })),
      ),
    ),
  );
}

export function createTesseractReader(opts: TesseractReaderOptions): TesseractReader {
  const langs = opts.langs?.length ? opts.langs : ['eng'];
  // Checked here, before any worker exists: a missing file must be an error, not a crash or a hang.
  const model = opts.model ?? 'lstm';
  const staged = stageLanguages(langs, opts.langPath, model);
  // The linked folder outlives a process that exits without close(); remove it on exit too.
  process.once('exit', staged.remove);
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const startTimeoutMs = opts.startTimeoutMs ?? 30_000;

  const pool = createPool<Tesseract.Worker>({
    name: 'tesseract',
    size: opts.workers,
    maxQueue: opts.maxQueue ?? opts.workers * 16,
    recycleAfter: opts.recycleAfter,
    jobTimeoutMs: opts.jobTimeoutMs ?? 60_000,
    create: async () => {
      const worker = await withTimeout(
        Tesseract.createWorker(langs.join('+'), model === 'legacy' ? Tesseract.OEM.TESSERACT_ONLY : Tesseract.OEM.LSTM_ONLY, {
          langPath: staged.langPath,
          gzip: false,
          cacheMethod: 'none',
          // Without a handler tesseract.js rethrows engine errors in a message listener, which kills the process.
          errorHandler: () => undefined,
        }),
        startTimeoutMs,
        `tesseract: engine did not start within ${startTimeoutMs} ms (languages ${langs.join('+')})`,
      );
      // The legacy classifier adapts its glyph templates to what it has read, across crops and
      // documents alike, so its reading of a crop would hang on what the worker read before (a third
      // look settled a document's dispute after some documents and not after others): it does not learn.
      if (model === 'legacy')
        await worker.setParameters({ classify_enable_learning: '0' }).catch(async (err: unknown) => (await worker.terminate(), Promise.reject(err)));
      return worker;
    },
    destroy: async (worker) => {
      await worker.terminate();
    },
  });
  const warming = pool.warm();
  warming.catch(() => undefined);

  const run = (png: Buffer, params: Params, signal?: AbortSignal): Promise<Tesseract.Page> => pool.run((worker) => recognize(worker, png, params), signal);

  async function readPage(image: PageImage, autoRotate: boolean, params: Params, signal?: AbortSignal): Promise<PageText> {
    let png = image.png;
    let size = await imageSize(png, maxPixels);
    let page = await run(png, params, signal);
    let rotation: Rotation = 0;
    const upright = tokens(page);
    if (autoRotate && !looksUpright(upright)) {
      rotation = await detectRotation(png, async (small) => tokens(await run(small, params, signal)), {
        uprightScore: wordLikeScore(upright),
      });
      if (rotation !== 0) {
        png = await rotatePng(png, rotation);
        size = rotation === 180 ? size : { width: size.height, height: size.width };
        page = await run(png, params, signal);
      }
    }
    const lines = tesseractLines(page, size.width, size.height);
    const scripts = detectScripts(lines.map((l) => l.text).join('\n'))
      .filter((s) => s.share >= 0.1)
      .map((s) => s.script);
    return { page: image.page, lines, scripts, rotation };
  }

  async function readPages(request: ReadRequest, params: Params): Promise<ReaderOutput> {
    const started = performance.now();
    const autoRotate = opts.autoRotate ?? true;
    const pages = await Promise.all(request.images.map((image) => readPage(image, autoRotate, params, request.signal)));
    return { reader: 'tesseract', engine, pages, ms: Math.round(performance.now() - started), cost_usd: 0 };
  }

  const engine = { name: `tesseract.js ${model === 'legacy' ? 'legacy classifier' : 'LSTM'} (${langs.join('+')})`, version: TESSERACT_VERSION };
  return {
    name: 'tesseract',
    languages: langs,
    engine,
    scripts: staged.scripts,
    supports: (request: ReadRequest) => request.images.length > 0,
    read: (request: ReadRequest) => readPages(request, PAGE_PARAMS),
    readTiled: (request: ReadRequest) => readPages(request, TILED_PARAMS),
    async readRegion(png: Buffer, region: RegionReadOptions = {}): Promise<RegionReading> {
      const size = await imageSize(png, maxPixels);
      const params = { psm: String(region.psm ?? 6), whitelist: region.whitelist ?? '' };
      const lines = tesseractLines(await run(png, params, region.signal), size.width, size.height);
      const words = lines.flatMap((l) => l.words);
      return {
        text: lines.map((l) => l.text).join('\n'),
        confidence: meanConfidence(words),
        lines,
      };
    },
    async detectRotation(png: Buffer, signal?: AbortSignal): Promise<Rotation> {
      await imageSize(png, maxPixels);
      return detectRotation(png, async (small) => tokens(await run(small, PAGE_PARAMS, signal)));
    },
    ready: () => warming,
    stats: () => pool.stats(),
    async close(): Promise<void> {
      await pool.close();
      process.off('exit', staged.remove);
      staged.remove();
    },
  };
}
