import type { Config } from '../config/env.js';
import { createLlmReader, type LlmReader } from './llm.js';
import type { LlmLogger } from './llm/client.js';
import { createMrzPassReader, type MrzPassReader } from './mrz-pass.js';
import { createPaddleReader, type PaddleReader } from './paddle.js';
import { createTesseractReader, type TesseractReader } from './tesseract.js';
import type { TraineddataModel } from './tesseract/langs.js';
import { createTextLayerReader } from './text-layer.js';
import type { Reader } from './types.js';

/** Every reader by its name: the pipeline asks the registry for the readers it needs and builds
 * none itself. */
export interface Readers {
  /** The file's own text. */
  text_layer: Reader;
  /** The MRZ band of a page, cut out and read on its own (by Tesseract and Paddle). */
  mrz_pass: MrzPassReader;
  /** The first reader of page images. */
  tesseract: TesseractReader;
  /** The independent second reader; null when disabled by configuration. */
  paddle: PaddleReader | null;
  /** The optional hosted vision model, as a third reader or as a judge of disputes. */
  llm: LlmReader | null;
}

/** The OCR engines, warm and pooled; the MRZ pass drives Tesseract and Paddle. */
export type Engines = Pick<Readers, 'tesseract' | 'paddle' | 'llm'>;

export interface ReaderRegistry {
  /** The reader of that name. The engines start together on the first ask for any reader but the
   * text layer, so that processes that never read an image never load the models. */
  get<N extends keyof Readers>(name: N): Promise<Readers[N]>;
  /** Tesseract engines with languages whose alphabets carry accents, started on the first ask;
   * none when turned off. Not readers of their own: they look again at a line another reader found. */
  accents(): Promise<TesseractReader[]>;
  /** A Tesseract engine with Arabic, started on the first ask (a QID's Arabic name); null when
   * turned off. Not a reader of its own: it reads the line where a document's Arabic is printed. */
  arabic(): Promise<TesseractReader | null>;
  /** Tesseract's legacy character classifier, started on the first ask; null when turned off. Not
   * a reader of its own: it reads a name, date or total the two readers disagree on a third time. */
  legacy(): Promise<TesseractReader | null>;
  close(): Promise<void>;
}

export type ReaderSettings = Pick<
  Config,
  | 'llm'
  | 'TESSERACT_WORKERS'
  | 'TESSERACT_LANGS'
  | 'TESSERACT_ACCENT_LANGS'
  | 'TESSERACT_ARABIC_LANGS'
  | 'TESSERACT_LEGACY_LANGS'
  | 'TESSDATA_DIR'
  | 'PADDLE_ENABLED'
  | 'PADDLE_MAX_SIDE'
  | 'PADDLE_WORKERS'
>;

const languages = (list: string) =>
  list
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);

/** The accent engines: one worker per language list, started only when a name line is read again;
 * `none` turns them off (an empty setting is no setting, and takes the default). */
export function createAccentEngines(settings: ReaderSettings): () => TesseractReader[] {
  const off = settings.TESSERACT_ACCENT_LANGS.trim() === 'none';
  const lists = (off ? '' : settings.TESSERACT_ACCENT_LANGS)
    .split(';')
    .map(languages)
    .filter((l) => l.length > 0);
  return () =>
    lists.map((langs) =>
      createTesseractReader({ workers: 1, recycleAfter: 200, langs, ...(settings.TESSDATA_DIR ? { langPath: settings.TESSDATA_DIR } : {}) }),
    );
}

/** A Tesseract engine of one worker for a look at one line, from a language setting; `none` turns
 * it off (an empty setting is no setting, and takes the default). */
function oneWorkerEngine(setting: string, settings: ReaderSettings, model?: TraineddataModel): () => TesseractReader | null {
  const langs = setting.trim() === 'none' ? [] : languages(setting);
  return () =>
    langs.length
      ? createTesseractReader({
          workers: 1,
          recycleAfter: 200,
          langs,
          ...(model ? { model } : {}),
          ...(settings.TESSDATA_DIR ? { langPath: settings.TESSDATA_DIR } : {}),
        })
      : null;
}

/** The Arabic engine: one worker, started only when a document's Arabic is read. */
export function createArabicEngine(settings: ReaderSettings): () => TesseractReader | null {
  return oneWorkerEngine(settings.TESSERACT_ARABIC_LANGS, settings);
}

/** The legacy classifier: one worker, started only when a disputed name, date or total is read a third time. Its
 * data is the full traineddata file, which holds the legacy model. */
export function createLegacyEngine(settings: ReaderSettings): () => TesseractReader | null {
  return oneWorkerEngine(settings.TESSERACT_LEGACY_LANGS, settings, 'legacy');
}

export function createEngines(settings: ReaderSettings, logger?: LlmLogger): Engines {
  return {
    llm: settings.llm.mode === 'off' ? null : createLlmReader(settings.llm, logger ? { logger } : {}),
    tesseract: createTesseractReader({
      workers: settings.TESSERACT_WORKERS,
      recycleAfter: 200,
      langs: languages(settings.TESSERACT_LANGS),
      ...(settings.TESSDATA_DIR ? { langPath: settings.TESSDATA_DIR } : {}),
    }),
    paddle: settings.PADDLE_ENABLED ? createPaddleReader({ maxSide: settings.PADDLE_MAX_SIDE, threads: 1, workers: settings.PADDLE_WORKERS }) : null,
  };
}

/** `startEngines` runs once, on the first ask for an engine's reader; `startAccents` and
 * `startArabic` on the first ask for theirs. */
export function createReaderRegistry(
  startEngines: () => Engines,
  startAccents: () => TesseractReader[] = () => [],
  startArabic: () => TesseractReader | null = () => null,
  startLegacy: () => TesseractReader | null = () => null,
): ReaderRegistry {
  let accents: TesseractReader[] | null = null;
  let arabic: { engine: TesseractReader | null } | null = null;
  let legacy: { engine: TesseractReader | null } | null = null;
  const textLayer = createTextLayerReader();
  let started: Omit<Readers, 'text_layer'> | null = null;
  const start = (): Omit<Readers, 'text_layer'> => {
    const engines = startEngines();
    const mrzPass = createMrzPassReader({ tesseract: engines.tesseract, ...(engines.paddle ? { paddle: engines.paddle } : {}) });
    return { ...engines, mrz_pass: mrzPass };
  };
  return {
    async get<N extends keyof Readers>(name: N): Promise<Readers[N]> {
      if (name === 'text_layer') return textLayer as Readers[N];
      started ??= start();
      return started[name as Exclude<N, 'text_layer'>] as Readers[N];
    },
    async accents() {
      accents ??= startAccents();
      return accents;
    },
    async arabic() {
      arabic ??= { engine: startArabic() };
      return arabic.engine;
    },
    async legacy() {
      legacy ??= { engine: startLegacy() };
      return legacy.engine;
    },
    async close() {
      await started?.tesseract.close();
      await started?.paddle?.close();
      await Promise.all((accents ?? []).map((a) => a.close()));
      await arabic?.engine?.close();
      await legacy?.engine?.close();
    },
  };
}
