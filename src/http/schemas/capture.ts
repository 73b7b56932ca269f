import { z } from 'zod';
import { CAPTURE_TARGETS } from '../../capture/check.js';
import { MAX_FRAME_BYTES, MAX_FRAME_PIXELS } from '../../capture/frame.js';
import { CAPTURE_REASON_NAMES } from '../../domain/capture-reasons.js';
import { MRZ_FORMATS } from '../../doctypes/mrz/types.js';
import { NextActionSchema } from '../../domain/result.js';

const LIMITS = `JPEG, PNG or WebP; at most ${MAX_FRAME_BYTES} bytes and ${MAX_FRAME_PIXELS / 1e6} megapixels. The real type is read from the bytes.`;

const LookFor = z
  .enum(CAPTURE_TARGETS)
  .optional()
  .describe(
    'Which proof to look for. `any` (default) stops at the first, trying the QR code first (cheaper); `all` reports both when the frame holds both; `mrz` or `qr` looks for one kind only.',
  );

export const CaptureFormSchema = z
  .object({
    frame: z.string().meta({ format: 'binary' }).describe(`The camera frame (multipart/form-data). ${LIMITS}`),
    look_for: LookFor,
  })
  .meta({ id: 'CaptureForm' });

export const CaptureJsonSchema = z
  .object({
    image: z.string().min(1).describe(`The camera frame, base64 (a data: URL prefix is accepted). ${LIMITS}`),
    look_for: LookFor,
  })
  .strict()
  .meta({ id: 'CaptureJson' });

const Box = z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[x0, y0, x1, y1] as fractions 0–1 of the upright frame, origin top-left.');

const MrzCheckSchema = z.object({
  name: z
    .enum(['document_number', 'date_of_birth', 'expiry_date', 'personal_number', 'composite'])
    .describe('The check digit: the field it covers, or the composite over several.'),
  line: z.number().int().describe('MRZ line of the check digit, 0-based.'),
  position: z.number().int().describe('Character position of the check digit in its line, 0-based.'),
  expected: z.number().int().nullable().describe('The digit computed from the covered characters; null when they hold a character outside the MRZ alphabet.'),
  actual: z.string().describe('The character read in the check-digit position.'),
  passed: z.boolean(),
});

export const CaptureResultSchema = z
  .object({
    proven: z.boolean().describe('True only when an MRZ was read whose check digits all pass, or a QR code decoded. Nothing else proves a frame.'),
    method: z.enum(['mrz', 'qr']).nullable().describe('What proved the frame (the MRZ when both did); null when not proven.'),
    mrz: z
      .object({
        format: z.enum(MRZ_FORMATS),
        lines: z.array(z.string()).describe('The MRZ lines as read, with the repairs a passing check digit confirmed.'),
        checks: z.array(MrzCheckSchema).describe('Every check digit of the format, each with its result.'),
        all_checks_passed: z
          .boolean()
          .describe(
            'Every check digit passes. Proven also needs a second reader to confirm any character the check digits cannot tell apart (< and K, G and 6, S and 8) in a checked field.',
          ),
        reader: z
          .enum(['mrz_pass', 'paddle', 'tesseract', 'text_layer', 'llm', 'ocrb'])
          .describe('The local reader whose reading is shown (the in-process OCR-B glyph reader, Tesseract with the MRZ alphabet, or PaddleOCR).'),
        box: Box,
      })
      .nullable()
      .describe('The MRZ found in the frame, or null.'),
    qr_codes: z
      .array(
        z.object({
          text: z.string().describe('The payload, as the symbol encodes it.'),
          format: z.string().describe('QRCode, MicroQRCode or RMQRCode.'),
          box: Box,
          corners: z.array(z.tuple([z.number(), z.number()])).describe("The symbol's corners, clockwise from its own top-left, as frame fractions."),
          ec_level: z.string().nullable().describe('Error-correction level (L, M, Q, H).'),
        }),
      )
      .describe('Every QR code decoded in the frame (several per frame).'),
    reasons: z
      .array(z.object({ code: z.enum(CAPTURE_REASON_NAMES as [string, ...string[]]), message: z.string(), detail: z.string() }))
      .describe('Why the frame is not proven, most actionable first; empty when proven.'),
    next_action: NextActionSchema.describe('What the person aiming the camera should do: RESCAN with an instruction, or NONE when proven.'),
    frame: z.object({ width: z.number().int(), height: z.number().int(), type: z.string() }),
    timings_ms: z.record(z.string(), z.number()),
  })
  .meta({ id: 'CaptureResult', description: 'Whether a camera frame is proven. Nothing of the frame is stored.' });

/** The route takes either body; OpenAPI lists both under each content type. */
export const CaptureBodySchema = z
  .union([CaptureFormSchema, CaptureJsonSchema])
  .describe('multipart/form-data with the field `frame`, or application/json `{ "image": base64 }`.');
