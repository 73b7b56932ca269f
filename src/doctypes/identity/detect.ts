import { stripDiacritics } from '../../domain/normalise.js';
import { narrowAsSlip } from '../finance/document-kind.js';
import { FILLER, FILLER_LOOKALIKES } from '../mrz/charset.js';
import { findMrz, parseMrz } from '../mrz/index.js';
import type { DetectInput, Detection } from '../types.js';

/** Classification of identity documents: the MRZ's document code when there is an MRZ (ICAO
 * 9303: P passport, I/A/C identity cards, V visas), printed keywords otherwise. */

export interface IdentityDetectConfig {
  /** First letters of the MRZ document code that mean this type. */
  codes: readonly string[];
  /** Searched in the upper-cased text without diacritics; the first that matches is named in the reason. */
  keywords: readonly RegExp[];
  /** Searched in the raw text (scripts other than Latin). */
  nativeKeywords?: readonly RegExp[];
  /** Keywords a till slip prints too ("VISA", the card it was paid with): on a page whose text is
   * as narrow as a till slip's they are no sign of this type (seed 26300). */
  slipWords?: readonly RegExp[];
}

const MRZ_SCORE = 0.95;
const KEYWORD_SCORE = 0.6;
const SECOND_KEYWORD_BONUS = 0.2;

/** Lines read as an MRZ that are more likely prose: no filler at all (every MRZ pads its name and
 * its fields with '<') and most check digits failing. The MRZ-alphabet reader turns any dense band
 * of text into such lines (a bullet list on a photographed CV), and one check digit in ten passes
 * by chance. Such lines say nothing of the type: the printed keywords decide. */
function proseLike(lines: readonly string[]): boolean {
  const fillers = [...lines.join('')].filter((ch) => ch === FILLER || FILLER_LOOKALIKES.has(ch)).length;
  if (fillers > 0) return false;
  const { checks } = parseMrz([...lines], { repair: false });
  return checks.filter((c) => c.valid).length * 2 <= checks.length;
}

/** First letters of the ICAO 9303 document codes: passports, identity cards (I, A, C), visas. A
 * letter outside them is a misread ("TD…" for "ID…") and says nothing of the type. */
const ICAO_CODES = new Set(['P', 'I', 'A', 'C', 'V']);

export function detectIdentity(input: DetectInput, cfg: IdentityDetectConfig): Detection {
  const found = findMrz(input.lines);
  const code = found?.lines[0]?.charAt(0) ?? null;
  const mrz = code && ICAO_CODES.has(code) ? found : null;
  const text = stripDiacritics(input.text).toUpperCase();
  const raw = input.lines.join('\n');
  const slip = narrowAsSlip(input.textWidth);
  const hits = [
    ...cfg.keywords.flatMap((k) => (k.test(text) && !(slip && cfg.slipWords?.includes(k)) ? [k.source] : [])),
    ...(cfg.nativeKeywords ?? []).flatMap((k) => (k.test(raw) ? [k.source] : [])),
  ];
  if (mrz && code && cfg.codes.includes(code) && !proseLike(mrz.lines)) {
    return {
      score: MRZ_SCORE,
      reason: `${mrz.format} MRZ with document code ${mrz.lines[0]!.slice(0, 2).replace(/</g, '')}${hits.length ? `; keywords ${hits.join(', ')}` : ''}`,
    };
  }
  // an MRZ that names another type outweighs any keyword (a visa prints "Passport No.")
  if (mrz && code && !proseLike(mrz.lines)) return { score: 0, reason: `MRZ document code ${code} is not this type` };
  if (hits.length === 0) return { score: 0, reason: 'no MRZ and no keyword of this type' };
  return { score: Math.min(0.9, KEYWORD_SCORE + SECOND_KEYWORD_BONUS * (hits.length - 1)), reason: `keywords ${hits.join(', ')} (no MRZ found)` };
}
