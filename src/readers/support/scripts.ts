import type { PageText } from '../types.js';
import { isWordLike } from './wordlike.js';

/** Which writing systems a page is in, from the readers' own output, so the pipeline can raise
 * UNSUPPORTED_LANGUAGE_SCRIPT when no configured reader covers them. */

export const SCRIPT_NAMES = ['Latin', 'Arabic', 'Han', 'Kana', 'Hangul', 'Cyrillic', 'Greek', 'Hebrew', 'Devanagari', 'Thai'] as const;
export type ScriptName = (typeof SCRIPT_NAMES)[number];

const SCRIPT_PATTERNS: Record<ScriptName, RegExp> = {
  Latin: /\p{Script=Latin}/u,
  Arabic: /\p{Script=Arabic}/u,
  Han: /\p{Script=Han}/u,
  Kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  Hangul: /\p{Script=Hangul}/u,
  Cyrillic: /\p{Script=Cyrillic}/u,
  Greek: /\p{Script=Greek}/u,
  Hebrew: /\p{Script=Hebrew}/u,
  Devanagari: /\p{Script=Devanagari}/u,
  Thai: /\p{Script=Thai}/u,
};

/** PaddleOCR's bundled PP-OCRv4 model (ppocr_keys_v1: 6,270 Han characters, ASCII, 33 accented
 * Latin letters, a handful of kana and Cyrillic): Chinese and Latin-alphabet text only. */
export const PADDLE_SCRIPTS: readonly ScriptName[] = ['Latin', 'Han'];

const TESSERACT_LANGUAGE_SCRIPTS: Record<string, ScriptName[]> = {
  ara: ['Arabic'],
  fas: ['Arabic'],
  urd: ['Arabic'],
  pus: ['Arabic'],
  rus: ['Cyrillic'],
  ukr: ['Cyrillic'],
  bul: ['Cyrillic'],
  srp: ['Cyrillic'],
  bel: ['Cyrillic'],
  mkd: ['Cyrillic'],
  chi_sim: ['Han'],
  chi_tra: ['Han'],
  jpn: ['Han', 'Kana'],
  kor: ['Hangul'],
  ell: ['Greek'],
  heb: ['Hebrew'],
  hin: ['Devanagari'],
  mar: ['Devanagari'],
  nep: ['Devanagari'],
  tha: ['Thai'],
};

/** Tesseract language codes not listed are Latin-alphabet languages (eng, fra, deu, spa, …). */
export function scriptsOfTesseractLanguage(lang: string): ScriptName[] {
  return TESSERACT_LANGUAGE_SCRIPTS[lang] ?? ['Latin'];
}

export interface ScriptShare {
  script: ScriptName;
  /** Letters in this script. */
  letters: number;
  /** Fraction of all script letters (digits and punctuation are common to all and not counted). */
  share: number;
}

export function detectScripts(text: string): ScriptShare[] {
  const counts = new Map<ScriptName, number>();
  let total = 0;
  for (const ch of text) {
    for (const script of SCRIPT_NAMES) {
      if (SCRIPT_PATTERNS[script].test(ch)) {
        counts.set(script, (counts.get(script) ?? 0) + 1);
        total++;
        break;
      }
    }
  }
  return [...counts].map(([script, letters]) => ({ script, letters, share: letters / total })).sort((a, b) => b.letters - a.letters);
}

export interface ScriptAssessment {
  scripts: ScriptShare[];
  /** The script holding most letters, when there are enough letters to say. */
  dominant?: ScriptName;
  /** Most of the page is in a script none of `supported` covers. */
  unsupported: boolean;
  /** Many low-confidence fragments and few words: an engine reading a script it does not know
   * (Tesseract `eng` on Arabic gives exactly this), or a very poor image. */
  fragmented: boolean;
  reason: string;
}

const MIN_LETTERS = 8;
const MIN_FRAGMENT_WORDS = 6;
/** Confident words a reading must hold to show it knows the page's script, whatever else it read:
 * a photo's background pattern, a photo and a signature read as fragments do not unmake them. */
const KNOWN_SCRIPT_WORDS = 5;
/** A machine-readable-zone line read as one (OCR-B capitals, digits and fillers) shows the same. */
const MRZ_LIKE = /^[A-Z0-9<]{20,}$/;

/** One reading of one page reads a script it does not know: many weak fragments, few words. */
function fragmentedReading(page: PageText): { fragmented: boolean; words: number } {
  const words = page.lines.flatMap((l) => l.words);
  const meanConfidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 1;
  const confidentWords = words.filter((w) => w.confidence >= 0.6 && isWordLike(w.text));
  const wordLikeShare = words.length ? confidentWords.length / words.length : 1;
  const mrzLike = (text: string): boolean => text.includes('<') && MRZ_LIKE.test(text.replace(/\s+/g, ''));
  const knows = confidentWords.length >= KNOWN_SCRIPT_WORDS || page.lines.some((l) => mrzLike(l.text) || l.words.some((w) => mrzLike(w.text)));
  return { fragmented: !knows && words.length >= MIN_FRAGMENT_WORDS && meanConfidence < 0.55 && wordLikeShare < 0.25, words: words.length };
}

export function assessScripts(pages: PageText[], supported: readonly ScriptName[]): ScriptAssessment {
  const words = pages.flatMap((p) => p.lines.flatMap((l) => l.words));
  const scripts = detectScripts(pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n'));
  const top = scripts[0];
  const dominant = top && top.letters >= MIN_LETTERS ? top.script : undefined;
  const unsupportedShare = scripts.filter((s) => !supported.includes(s.script)).reduce((sum, s) => sum + s.share, 0);
  const unsupported = dominant !== undefined && unsupportedShare >= 0.5;

  // Judged per reading: the page is in an unknown script only when no reading of it shows the
  // script known (pooling the readings let one engine's junk outvote another's clean text).
  const judged = pages.map(fragmentedReading).filter((j) => j.words >= MIN_FRAGMENT_WORDS);
  const fragmented = judged.length > 0 && judged.every((j) => j.fragmented);
  const meanConfidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 1;
  const wordLikeShare = words.length ? words.filter((w) => w.confidence >= 0.6 && isWordLike(w.text)).length / words.length : 1;

  const reason = unsupported
    ? `${Math.round(unsupportedShare * 100)}% of the letters are in ${scripts
        .filter((s) => !supported.includes(s.script))
        .map((s) => s.script)
        .join(', ')} script, which the reader does not cover`
    : fragmented
      ? `${words.length} fragments with mean confidence ${meanConfidence.toFixed(2)} and ${Math.round(wordLikeShare * 100)}% word-like: the script is probably not one the reader knows`
      : dominant
        ? `mostly ${dominant} script`
        : 'too little text to tell the script';
  return { scripts, ...(dominant ? { dominant } : {}), unsupported, fragmented, reason };
}
