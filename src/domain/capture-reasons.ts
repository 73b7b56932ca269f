import type { NextAction } from './statuses.js';

/** Why a capture frame was not proven, each with what the person aiming the camera should do
 * next (the quality gate's style: a short finding and one instruction). Most actionable first:
 * the order a capture screen should show them in. */
export interface CaptureReasonInfo {
  message: string;
  next_action: NextAction;
}

const retake = (message: string, action: string): CaptureReasonInfo => ({ message, next_action: { type: 'RESCAN', message: action } });

export const CAPTURE_REASONS = {
  too_dark: retake('The frame is too dark.', 'Move to better light.'),
  blur: retake('The frame is blurred.', 'Hold the camera still and let it focus on the document.'),
  glare: retake('Glare covers part of the text.', 'Tilt the document slightly away from the light.'),
  cut_off: retake('Part of the document or code is outside the frame.', 'Move back a little so the whole document and its code fit inside the frame.'),
  too_far: retake('The code is too small in the frame to read.', 'Move the camera closer until the document fills most of the frame.'),
  check_digit_failed: retake(
    'The MRZ was read, but a check digit does not match.',
    'Hold steady for another frame; if the same check keeps failing, the printed MRZ itself may be wrong and a person must look.',
  ),
  mrz_ambiguous: retake(
    'The check digits pass, but they cannot tell some characters apart (< and K, G and 6, S and 8) and no second reader confirmed them.',
    'Hold steady for another frame, with the MRZ sharp and evenly lit.',
  ),
  mrz_unreadable: retake(
    'A machine-readable zone was found but could not be read.',
    'Hold the document flat and steady, with the two or three lines of the MRZ sharp and unobstructed.',
  ),
  qr_unreadable: retake('A QR code was found but could not be decoded.', 'Hold the camera closer and steady, with the whole QR code sharp and free of glare.'),
  no_code_found: retake('No MRZ or QR code was found in the frame.', 'Aim at the MRZ (the lines of <<< at the foot of the page) or at the QR code.'),
} as const satisfies Record<string, CaptureReasonInfo>;

export type CaptureReason = keyof typeof CAPTURE_REASONS;
export const CAPTURE_REASON_NAMES = Object.keys(CAPTURE_REASONS) as CaptureReason[];
