import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { scriptsOfTesseractLanguage, type ScriptName } from '../support/scripts.js';

/** Finds and checks Tesseract language data before any worker starts: tesseract.js crashes the
 * process on a missing file, or hangs in createWorker when an error handler is set. */

export class TesseractDataMissingError extends Error {
  readonly code = 'TESSDATA_MISSING';
  constructor(message: string) {
    super(message);
    this.name = 'TesseractDataMissingError';
  }
}

const LANG_CODE = /^[a-z]{3}(_[a-z]{3,4})?$/i;
/** A real LSTM model is megabytes; anything this small is a stub or an interrupted copy. */
const MIN_TRAINEDDATA_BYTES = 64 * 1024;
const require = createRequire(import.meta.url);

/** Which model a language's data must hold: the LSTM alone ("best_int", small and the better
 * reader), or also the legacy character classifier (the full "4.0.0" file), a recogniser of
 * another kind that the legacy engine runs. */
export type TraineddataModel = 'lstm' | 'legacy';

/** The npm data package's file (`@tesseract.js-data/<lang>`) for the model, if installed. */
export function packagedTraineddata(lang: string, model: TraineddataModel = 'lstm'): string | undefined {
  try {
    const pkg = dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const file = join(pkg, model === 'legacy' ? '4.0.0' : '4.0.0_best_int', `${lang}.traineddata.gz`);
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function hasGzipMagic(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    return head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

function checkFile(lang: string, file: string): void {
  const size = statSync(file).size;
  if (size < MIN_TRAINEDDATA_BYTES) {
    throw new TesseractDataMissingError(`Tesseract data for '${lang}' at ${file} is only ${size} bytes: not a usable model`);
  }
  if (file.endsWith('.gz') && !hasGzipMagic(file)) {
    throw new TesseractDataMissingError(`Tesseract data for '${lang}' at ${file} is named .gz but is not gzip`);
  }
}

/** Where each language's traineddata lives: the configured folder first (plain or .gz), then the
 * npm data package. Throws naming every place looked at when one is missing. */
export function resolveTraineddata(langs: string[], folder?: string, model: TraineddataModel = 'lstm'): Map<string, string> {
  const found = new Map<string, string>();
  for (const lang of langs) {
    if (!LANG_CODE.test(lang)) throw new TesseractDataMissingError(`'${lang}' is not a Tesseract language code`);
    const candidates = folder ? [join(resolve(folder), `${lang}.traineddata`), join(resolve(folder), `${lang}.traineddata.gz`)] : [];
    const packaged = packagedTraineddata(lang, model);
    if (packaged) candidates.push(packaged);
    const file = candidates.find((c) => existsSync(c));
    if (!file) {
      const looked = [...candidates, `@tesseract.js-data/${lang} (not installed)`].join(', ');
      throw new TesseractDataMissingError(`No Tesseract data for '${lang}'; looked in: ${looked}`);
    }
    checkFile(lang, file);
    found.set(lang, file);
  }
  return found;
}

export interface StagedLanguages {
  /** Folder holding `<lang>.traineddata` for every language (load with gzip: false). */
  langPath: string;
  langs: string[];
  scripts: ScriptName[];
  remove(): void;
}

/** tesseract.js reads every language from one folder with one file suffix, so languages from
 * different places (npm package .gz, a configured folder, plain or .gz) are linked into a private
 * folder under one name; it sniffs gzip from the bytes, not the name. */
export function stageLanguages(langs: string[], folder?: string, model: TraineddataModel = 'lstm'): StagedLanguages {
  const files = resolveTraineddata(langs, folder, model);
  const dir = mkdtempSync(join(tmpdir(), 'docread-tessdata-'));
  try {
    for (const [lang, file] of files) symlinkSync(file, join(dir, `${lang}.traineddata`));
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    langPath: dir,
    langs,
    scripts: [...new Set(langs.flatMap(scriptsOfTesseractLanguage))],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
