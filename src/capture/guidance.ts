import { CAPTURE_REASONS, type CaptureReason } from '../domain/capture-reasons.js';
import type { NextAction } from '../domain/statuses.js';
import { assessQuality, type QualityGateCode } from '../pipeline/quality/gate.js';
import type { QrSymbol } from '../readers/qr/decode.js';
import type { Frame } from './frame.js';
import { passesEveryCheck } from '../doctypes/identity/mrz-blind-spots.js';
import type { MrzPass } from './mrz-pass.js';

/** Why a frame was not proven and what to do, from the quality gate's measures of the frame and
 * from where and how large the codes it saw were. Run only for frames that were not proven. */

export interface CaptureFinding {
  code: CaptureReason;
  message: string;
  /** The figures or checks behind it. */
  detail: string;
}

/** Below this MRZ letter height (frame pixels) the readers lose characters: OCR-B letters need
 * about 20 px to be read reliably, and the band crop is enlarged at most 4× (locate.ts). */
const MIN_MRZ_LETTER_PX = 12;
/** A QR code narrower than this (frame pixels) leaves a version 4–10 symbol's modules under 2 px. */
const MIN_QR_SIDE_PX = 70;
/** Within this share of the frame's edge a code counts as touching it. */
const EDGE = 0.004;

const QUALITY_REASON: Partial<Record<QualityGateCode, CaptureReason>> = {
  QUALITY_GATE_DARK: 'too_dark',
  QUALITY_GATE_BLUR: 'blur',
  QUALITY_GATE_GLARE: 'glare',
  QUALITY_GATE_CUTOFF: 'cut_off',
  QUALITY_GATE_LOW_RESOLUTION: 'too_far',
};

const touchesEdge = (box: readonly number[]): boolean => box[0]! <= EDGE || box[1]! <= EDGE || box[2]! >= 1 - EDGE || box[3]! >= 1 - EDGE;

const finding = (code: CaptureReason, detail: string): CaptureFinding => ({ code, message: CAPTURE_REASONS[code].message, detail });

export async function explain(frame: Frame, mrz: MrzPass | null, undecodedQr: QrSymbol[]): Promise<CaptureFinding[]> {
  const out: CaptureFinding[] = [];
  const quality = await assessQuality(frame.upright, { kind: 'photo' }).catch(() => null);
  const fromQuality = quality?.code ? QUALITY_REASON[quality.code] : undefined;
  if (fromQuality) out.push(finding(fromQuality, quality!.reasons[0] ?? ''));

  if (mrz) {
    if (touchesEdge(mrz.band.box)) out.push(finding('cut_off', 'the MRZ band touches the edge of the frame'));
    if (mrz.letterHeightPx < MIN_MRZ_LETTER_PX)
      out.push(finding('too_far', `MRZ letters about ${Math.round(mrz.letterHeightPx)} px tall (at least ${MIN_MRZ_LETTER_PX} px needed)`));
    if (mrz.unconfirmed.length) {
      const spots = mrz.unconfirmed.map((s) => `${s.char} at line ${s.line + 1}, position ${s.position + 1}`).join('; ');
      out.push(finding('mrz_ambiguous', `every check digit passes, but no second reader confirmed ${spots}`));
    } else if (mrz.result && !passesEveryCheck(mrz.result)) {
      const failing = mrz.result.checks.filter((c) => !c.valid).map((c) => c.name);
      out.push(
        finding(
          'check_digit_failed',
          failing.length ? `failing check digits: ${failing.join(', ')}` : 'a checked field holds a character its class cannot hold',
        ),
      );
    } else if (!mrz.result) {
      out.push(finding('mrz_unreadable', `a band of ${mrz.band.lines} text line(s) was found, but no reader saw MRZ lines in it`));
    }
  }
  for (const qr of undecodedQr) {
    const side = Math.min((qr.box[2] - qr.box[0]) * frame.width, (qr.box[3] - qr.box[1]) * frame.height);
    if (touchesEdge(qr.box)) out.push(finding('cut_off', 'the QR code touches the edge of the frame'));
    if (side < MIN_QR_SIDE_PX) out.push(finding('too_far', `QR code about ${Math.round(side)} px wide (at least ${MIN_QR_SIDE_PX} px needed)`));
    out.push(finding('qr_unreadable', `located, not decoded: ${qr.error ?? 'no reason given'}`));
  }
  if (!mrz && undecodedQr.length === 0) out.push(finding('no_code_found', 'no MRZ band and no QR symbol located'));
  return dedupe(out);
}

/** One entry per reason, the first detail kept. */
function dedupe(findings: CaptureFinding[]): CaptureFinding[] {
  const seen = new Set<CaptureReason>();
  return findings.filter((f) => (seen.has(f.code) ? false : (seen.add(f.code), true)));
}

export function nextActionOf(findings: readonly CaptureFinding[]): NextAction {
  const first = findings[0];
  return first ? CAPTURE_REASONS[first.code].next_action : { type: 'NONE', message: 'The frame is proven; no other frame is needed.' };
}
