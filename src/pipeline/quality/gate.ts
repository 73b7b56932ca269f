/** The quality gate: is this page image good enough to read? A failure names one QUALITY_GATE_*
 * outcome code (rescan_required) whose next_action tells the person what to do.
 *
 * Which pages go through it: camera photos with the 'photo' profile (the default); scanned
 * pages (PDF pages without a text layer, flatbed scans) with the 'scan' profile; PDF pages with
 * a usable text layer and Word files skip it, since their text does not come from pixels. */
import { OUTCOME_CODES, type OutcomeCode, type OutcomeCodeInfo } from '../../domain/outcome-codes.js';
import { CAPTURE_DOUBTS } from '../../verification/capture-doubts.js';
import { computeMetrics, type QualityMetrics } from './metrics.js';
import { PHOTO_THRESHOLDS, SCAN_THRESHOLDS, type QualityThresholds } from './thresholds.js';

export type QualityGateCode = Extract<OutcomeCode, `QUALITY_GATE_${string}`>;

export interface QualityOptions {
  kind?: 'photo' | 'scan';
  thresholds?: Partial<QualityThresholds>;
}

export interface QualityResult {
  passed: boolean;
  /** The most actionable failure, or null when the image passed. */
  code: QualityGateCode | null;
  /** The code's message and next action, as the outcome will carry them. */
  outcome: OutcomeCodeInfo | null;
  /** Every check that failed, most actionable first, with the figures behind it. */
  reasons: string[];
  /** The same failures with their codes; `doubt`: the reading may overrule it (only small text, as
   * verification/capture-doubts.ts says: a cut can shorten a value both engines then read alike). */
  failures: Array<{ code: QualityGateCode; reason: string; doubt: boolean }>;
  metrics: QualityMetrics;
}

type Check = (m: QualityMetrics, t: QualityThresholds) => string | null;

const fmt = (n: number, digits = 2): string => n.toFixed(digits);
const hasText = (m: QualityMetrics, t: QualityThresholds): boolean => m.text.alignedCharacters >= t.minTextCharacters;
const isFlat = (m: QualityMetrics, t: QualityThresholds): boolean => m.sharpness.edgeDensity < t.flatEdgeDensityMax;

/** The order is the order of actionability: a later problem is often a symptom of an earlier
 * one, and fixing the earlier one first is what a person can do.
 * 1. DARK: under-exposure flattens contrast and buries letters in sensor noise, so it also reads
 *    as blur or emptiness; better light is the fix that makes every other measure meaningful.
 * 2. BLUR: defocus melts letters into blobs, so it also reads as "no text"; holding still and
 *    focusing is the specific fix.
 * 3. UNREADABLE: the remaining checks are measured on text; with none found they say nothing
 *    (pixel noise even looks like clipped letters), so "no text" is reported before them.
 * 4. GLARE: a highlight erases words whatever the framing; tilting away from the light is needed
 *    whatever else is wrong.
 * 5. CUTOFF: a clipped document fails at any resolution, and "whole document in the frame with a
 *    small margin" also tells the person how close to be; "move closer" first would cut more.
 * 6. LOW_RESOLUTION: last, as moving closer is only safe once the framing is right. */
const CHECKS: Array<[QualityGateCode, Check]> = [
  ['QUALITY_GATE_DARK', (m, t) => (m.brightness.p95 < t.darkP95Max ? `dark: paper level (95th percentile) ${m.brightness.p95} < ${t.darkP95Max}` : null)],
  [
    'QUALITY_GATE_BLUR',
    (m, t) => {
      const perLetter = m.sharpness.letterSharpness;
      if (hasText(m, t) && perLetter !== null) {
        return perLetter < t.blurLetterSharpnessMin ? `blur: letter sharpness ${fmt(perLetter, 1)} < ${t.blurLetterSharpnessMin}` : null;
      }
      return !isFlat(m, t) && m.sharpness.edgeRatio < t.blurEdgeRatioMin
        ? `blur: edge ratio ${fmt(m.sharpness.edgeRatio)} < ${fmt(t.blurEdgeRatioMin)} and no legible text`
        : null;
    },
  ],
  [
    'QUALITY_GATE_UNREADABLE',
    (m, t) => {
      if (m.sharpness.coherence !== null && m.sharpness.coherence < t.noiseCoherenceMin) {
        return `unreadable: only pixel noise (coherence ${fmt(m.sharpness.coherence)} < ${fmt(t.noiseCoherenceMin)})`;
      }
      if (isFlat(m, t) && !hasText(m, t)) {
        return `unreadable: no edges or text (edge density ${fmt(m.sharpness.edgeDensity, 4)}, ${m.text.alignedCharacters} characters)`;
      }
      return null;
    },
  ],
  [
    'QUALITY_GATE_GLARE',
    (m, t) =>
      t.checkGlare && hasText(m, t) && m.glare.textAreaShare >= t.glareTextAreaMin
        ? `glare: highlights cover ${fmt(m.glare.textAreaShare * 100, 1)}% of the text area (limit ${fmt(t.glareTextAreaMin * 100, 1)}%)`
        : null,
  ],
  [
    'QUALITY_GATE_CUTOFF',
    (m, t) => {
      if (!hasText(m, t)) return null;
      const chars = m.text.alignedCharacters;
      const { left, right, top, bottom } = m.framing.clipped;
      const side = Math.max(left, right);
      const end = Math.max(top, bottom);
      if (side >= Math.max(t.cutoffSideMin, t.cutoffSideShare * m.text.rows))
        return `cut-off: ${side} characters run off the ${left >= right ? 'left' : 'right'} edge`;
      if (end >= Math.max(t.cutoffEndMin, t.cutoffEndShare * chars)) return `cut-off: ${end} characters sliced by the ${top >= bottom ? 'top' : 'bottom'} edge`;
      return null;
    },
  ],
  [
    'QUALITY_GATE_LOW_RESOLUTION',
    (m, t) => (hasText(m, t) && m.text.height < t.minTextHeightPx ? `low resolution: text ${fmt(m.text.height, 1)} px tall < ${t.minTextHeightPx} px` : null),
  ],
];

export function thresholdsFor(options: QualityOptions = {}): QualityThresholds {
  const base = options.kind === 'scan' ? SCAN_THRESHOLDS : PHOTO_THRESHOLDS;
  return { ...base, ...options.thresholds };
}

/** Judges already computed metrics (pure; used by the evaluation to re-judge without decoding). */
export function judge(metrics: QualityMetrics, thresholds: QualityThresholds): Omit<QualityResult, 'metrics'> {
  const failures = CHECKS.flatMap(([code, check]) => {
    const reason = check(metrics, thresholds);
    return reason === null ? [] : [{ code, reason, doubt: CAPTURE_DOUBTS[code] !== undefined }];
  });
  const first = failures[0];
  return {
    passed: first === undefined,
    code: first?.code ?? null,
    outcome: first ? OUTCOME_CODES[first.code] : null,
    reasons: failures.map((f) => f.reason),
    failures,
  };
}

/** Decodes the image (PNG/JPEG, pixel-limited), measures it and judges it. Throws on an image
 * that cannot be decoded; the caller maps that to DOCUMENT_UNREADABLE. */
export async function assessQuality(image: Buffer, options: QualityOptions = {}): Promise<QualityResult> {
  const metrics = await computeMetrics(image);
  return { ...judge(metrics, thresholdsFor(options)), metrics };
}
