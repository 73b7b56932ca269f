import { mkdtempSync, readlinkSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTesseractReader } from '../tesseract.js';
import { packagedTraineddata, resolveTraineddata, stageLanguages, TesseractDataMissingError } from './langs.js';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docread-langs-test-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Tesseract language data', () => {
  it('finds English in the npm data package (LSTM best_int)', () => {
    expect(packagedTraineddata('eng')).toMatch(/@tesseract\.js-data\/eng\/4\.0\.0_best_int\/eng\.traineddata\.gz$/);
  });

  it('finds the accent languages of the second look at a name (TESSERACT_ACCENT_LANGS) in their npm packages', () => {
    for (const lang of ['fra', 'deu', 'spa']) expect(packagedTraineddata(lang), lang).toBeDefined();
  });

  it('names every place it looked when a language is missing, before any worker starts', () => {
    const dir = folder();
    expect(() => resolveTraineddata(['eng', 'fin'], dir)).toThrow(TesseractDataMissingError);
    expect(() => resolveTraineddata(['fin'], dir)).toThrow(new RegExp(`${dir}/fin\\.traineddata.*@tesseract\\.js-data/fin`));
    expect(() => createTesseractReader({ workers: 1, recycleAfter: 10, langs: ['eng', 'fin'], langPath: dir })).toThrow(/No Tesseract data for 'fin'/);
  });

  it('refuses stub files, fake gzip and codes that could escape the folder', () => {
    const dir = folder();
    writeFileSync(join(dir, 'ara.traineddata'), 'tiny');
    expect(() => resolveTraineddata(['ara'], dir)).toThrow(/only 4 bytes/);
    writeFileSync(join(dir, 'fra.traineddata.gz'), Buffer.alloc(100_000, 1));
    expect(() => resolveTraineddata(['fra'], dir)).toThrow(/not gzip/);
    expect(() => resolveTraineddata(['../etc/passwd'])).toThrow(/not a Tesseract language code/);
  });

  it('links languages from the configured folder and the npm package into one folder', () => {
    const dir = folder();
    writeFileSync(join(dir, 'ara.traineddata'), Buffer.alloc(100_000, 1));
    const staged = stageLanguages(['eng', 'ara'], dir);
    try {
      expect(readlinkSync(join(staged.langPath, 'ara.traineddata'))).toBe(join(dir, 'ara.traineddata'));
      expect(readlinkSync(join(staged.langPath, 'eng.traineddata'))).toBe(packagedTraineddata('eng'));
      expect(staged.scripts).toEqual(['Latin', 'Arabic']);
    } finally {
      staged.remove();
    }
    expect(existsSync(staged.langPath)).toBe(false);
  });
});
