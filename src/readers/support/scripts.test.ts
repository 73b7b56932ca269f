import { describe, expect, it } from 'vitest';
import { assessScripts, detectScripts, PADDLE_SCRIPTS, scriptsOfTesseractLanguage } from './scripts.js';
import type { PageText, Word } from '../types.js';

function page(words: Array<[string, number]>): PageText {
  const ws: Word[] = words.map(([text, confidence]) => ({ text, confidence, box: [0, 0, 0.1, 0.05] }));
  return { page: 1, lines: [{ text: ws.map((w) => w.text).join(' '), box: [0, 0, 1, 0.05], confidence: 0.5, words: ws }] };
}

describe('detectScripts', () => {
  it('counts letters per script and ignores digits and punctuation', () => {
    const shares = detectScripts('الاسم محمد 1980 — NAME');
    expect(shares.map((s) => s.script)).toEqual(['Arabic', 'Latin']);
    expect(shares[0]!.letters).toBe(9);
    expect(shares[0]!.share).toBeCloseTo(9 / 13, 5);
  });

  it('knows Han, Cyrillic and full-width Latin', () => {
    expect(detectScripts('中华人民共和国')[0]!.script).toBe('Han');
    expect(detectScripts('ПАСПОРТ')[0]!.script).toBe('Cyrillic');
    expect(detectScripts('ＡＢＣ')[0]!.script).toBe('Latin');
  });
});

describe('script coverage', () => {
  it('maps Tesseract languages to scripts and states Paddle’s', () => {
    expect(scriptsOfTesseractLanguage('ara')).toEqual(['Arabic']);
    expect(scriptsOfTesseractLanguage('eng')).toEqual(['Latin']);
    expect(PADDLE_SCRIPTS).toEqual(['Latin', 'Han']);
  });
});

describe('assessScripts', () => {
  it('flags a page mostly in a script the reader does not cover', () => {
    const a = assessScripts(
      [
        page([
          ['الاسم', 0.9],
          ['محمد', 0.9],
          ['عبد', 0.9],
          ['ID', 0.9],
        ]),
      ],
      ['Latin'],
    );
    expect(a).toMatchObject({ dominant: 'Arabic', unsupported: true });
    expect(a.reason).toContain('Arabic');
    expect(
      assessScripts(
        [
          page([
            ['الاسم', 0.9],
            ['محمد', 0.9],
            ['عبد', 0.9],
          ]),
        ],
        ['Latin', 'Arabic'],
      ).unsupported,
    ).toBe(false);
  });

  it('flags many weak fragments as a probable unknown script', () => {
    const garbage = assessScripts(
      [
        page([
          ['alll', 0.3],
          ['ae', 0.3],
          ['rom', 0.1],
          ['jouw)', 0.06],
          ['VaA-', 0.12],
          ['OM', 0],
          ['mb', 0.17],
        ]),
      ],
      ['Latin'],
    );
    expect(garbage).toMatchObject({ unsupported: false, fragmented: true });
    const good = assessScripts(
      [
        page([
          ['SURNAME', 0.95],
          ['ERIKSSON', 0.95],
          ['GIVEN', 0.9],
          ['NAMES', 0.9],
          ['ANNA', 0.96],
          ['MARIA', 0.9],
        ]),
      ],
      ['Latin'],
    );
    expect(good).toMatchObject({ dominant: 'Latin', unsupported: false, fragmented: false });
  });

  it('does not call a Latin photo an unknown script because one reading of it is mostly background fragments', () => {
    const junk: Array<[string, number]> = Array.from({ length: 40 }, (_, i) => [['ae', 'rn', 'Il', 'ww', '~A'][i % 5]!, 0.2]);
    const words: Array<[string, number]> = [
      ['PASSPORT', 0.9],
      ['SURNAME', 0.9],
      ['GIVEN', 0.9],
      ['NAMES', 0.85],
      ['NATIONALITY', 0.9],
      ['ANNA', 0.9],
    ];
    // the same page: one engine read mostly the guilloche, the other the text
    expect(assessScripts([page(junk), page(words)], ['Latin']).fragmented).toBe(false);
    // an engine that read the MRZ reads the script, whatever else it read
    expect(assessScripts([page([...junk, ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 0.4]])], ['Latin']).fragmented).toBe(false);
    // every reading fragments: still flagged
    expect(assessScripts([page(junk), page(junk)], ['Latin']).fragmented).toBe(true);
  });
});
