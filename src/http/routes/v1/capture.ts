import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CAPTURE_TARGETS, type CaptureService, type CaptureTarget } from '../../../capture/check.js';
import { MAX_FRAME_BYTES } from '../../../capture/frame.js';
import { AppError } from '../../../domain/errors.js';
import { captureLimit } from '../../plugins/rate-limit.js';
import type { Counters } from '../../../services/usage-limiter.js';
import { errorResponses } from '../../schemas/common.js';
import { CaptureBodySchema, CaptureJsonSchema, CaptureResultSchema } from '../../schemas/capture.js';

export interface CaptureRoutesOptions {
  capture: CaptureService;
  counters: Counters;
  /** Checks a minute per key (or signed-in person); 0 turns the limit off. */
  perMinute: number;
}

/** Base64 grows bytes by 4/3; a little more for a data: prefix and the JSON around it. */
const JSON_BODY_LIMIT = Math.ceil((MAX_FRAME_BYTES * 4) / 3) + 4096;

// Both bodies are read by the handler: multipart is streamed, JSON is checked with its schema there.
const handlerValidates: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

export async function captureRoutes(app: FastifyInstance, opts: CaptureRoutesOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/v1/capture/check', {
    validatorCompiler: handlerValidates,
    bodyLimit: JSON_BODY_LIMIT,
    onRequest: captureLimit(opts.counters, opts.perMinute),
    schema: {
      tags: ['Capture'],
      summary: 'Is this camera frame proven? (MRZ check digits or a QR code)',
      description: `Send a frame as multipart/form-data (field \`frame\`) or as JSON \`{ "image": base64 }\`. The frame is proven when an MRZ is read whose check digits all pass, or a QR code decodes; otherwise \`reasons\` and \`next_action\` say what to change for the next frame (blur, glare, too far, cut off, no code found). Runs the local readers only and stores nothing: no row, no file, and neither the frame nor what it holds is logged. Limited to ${opts.perMinute || 'unlimited'} checks a minute per key, besides the general request limit.`,
      consumes: ['multipart/form-data', 'application/json'],
      body: CaptureBodySchema,
      response: { 200: CaptureResultSchema, ...errorResponses(413, 422) },
    },
    handler: async (request) => {
      const { bytes, lookFor } = request.isMultipart() ? await fromMultipart(request) : fromJson(request.body);
      return opts.capture.check(bytes, { lookFor });
    },
  });
}

async function fromMultipart(request: FastifyRequest): Promise<{ bytes: Buffer; lookFor: CaptureTarget }> {
  let bytes: Buffer | null = null;
  let lookFor: CaptureTarget = 'any';
  const parts = request.parts({ limits: { fileSize: MAX_FRAME_BYTES, files: 1, fields: 2, fieldSize: 64, parts: 3 } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'frame') {
          part.file.resume();
          throw new AppError('validation_error', `Unexpected file field "${part.fieldname}"; send the frame as "frame".`);
        }
        bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
      } else if (part.fieldname === 'look_for') {
        lookFor = target(String(part.value));
      } else {
        throw new AppError('validation_error', `Unknown form field "${part.fieldname}".`);
      }
    }
  } catch (err) {
    if (err instanceof AppError || (err as { code?: string }).code?.startsWith('FST_')) throw err;
    throw new AppError('validation_error', 'The multipart form could not be read.');
  }
  if (!bytes) throw new AppError('validation_error', 'Send the camera frame in the "frame" field.');
  return { bytes, lookFor };
}

function fromJson(body: unknown): { bytes: Buffer; lookFor: CaptureTarget } {
  const parsed = CaptureJsonSchema.safeParse(body);
  if (!parsed.success)
    throw new AppError('validation_error', 'Send { "image": base64 } (and optionally "look_for"), or a multipart form with the field "frame".');
  const base64 = parsed.data.image.replace(/^data:[^,]{0,100},/, '').replace(/\s+/g, '');
  if (base64.length > JSON_BODY_LIMIT) throw tooLarge();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw new AppError('validation_error', '"image" is not base64.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_FRAME_BYTES) throw tooLarge();
  return { bytes, lookFor: parsed.data.look_for ?? 'any' };
}

function target(value: string): CaptureTarget {
  if ((CAPTURE_TARGETS as readonly string[]).includes(value)) return value as CaptureTarget;
  throw new AppError('validation_error', `look_for must be one of ${CAPTURE_TARGETS.join(', ')}.`);
}

function tooLarge(): AppError {
  return new AppError('file_too_large', `The frame is over the ${MAX_FRAME_BYTES}-byte limit.`, {
    nextAction: { type: 'FIX_REQUEST', message: `Send a frame of at most ${MAX_FRAME_BYTES} bytes.` },
  });
}
