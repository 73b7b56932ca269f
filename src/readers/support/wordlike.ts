/** Whether an OCR token looks like a real word or number: the signal behind both the orientation
 * check (upside-down Latin reads as fragments) and the unknown-script check (an engine reading a
 * script it does not know emits fragments with low confidence). */

const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
const VOWEL = /[aeiouyAEIOUY]/;
const CONSONANT_RUN = /[b-df-hj-np-tv-xzB-DF-HJ-NP-TV-XZ]{5,}/;

export function isWordLike(token: string): boolean {
  const core = token.replace(EDGE_PUNCTUATION, '');
  if (/^\d{3,}$/.test(core)) return true;
  if (!/^[A-Za-z]{3,}$/.test(core)) return false;
  // Mixed case inside a word ("hLYIg") is what rotated capitals turn into.
  if (/[a-z][A-Z]/.test(core)) return false;
  return VOWEL.test(core) && !CONSONANT_RUN.test(core);
}

export interface ScoredToken {
  text: string;
  /** 0..1 */
  confidence: number;
  /** Width over height of the token's box in pixels, when known. */
  aspect?: number;
}

/** Letters of confident, word-like, horizontal tokens, weighted by confidence. Tesseract reads
 * text turned a quarter clockwise as vertical text, correctly but in tall boxes; counting only
 * horizontal words keeps that reading from passing as upright. */
export function wordLikeScore(words: ScoredToken[], minConfidence = 0.6): number {
  let score = 0;
  for (const w of words) {
    const horizontal = w.aspect === undefined || w.aspect >= 1;
    if (horizontal && w.confidence >= minConfidence && isWordLike(w.text)) score += w.text.length * w.confidence;
  }
  return score;
}
