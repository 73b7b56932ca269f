import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_TYPES, OUTPUT_FORMATS, type DocumentType, type OutputFormat } from '../domain/document-types.js';
import { AppError } from '../domain/errors.js';

export interface ReceivedFile {
  filename: string;
  bytes: Buffer;
  /** True when the file went over the size limit; its bytes are cut at the limit. */
  tooLarge: boolean;
}

export interface ReceivedForm {
  files: ReceivedFile[];
  docType: DocumentType | null;
  outputs: OutputFormat[];
  improve: boolean;
  consent: string | null;
}

const TEXT_FIELDS = new Set(['doc_type', 'outputs', 'improve', 'consent']);
export const CONSENT_MAX_CHARS = 4096;
/** Room for the longest consent note in UTF-8 (up to 4 bytes a character) and one byte more, so
 * that the parser's cut is always past the limit and the note is refused, never shortened. */
const FIELD_MAX_BYTES = CONSENT_MAX_CHARS * 4 + 1;

/** Reads a multipart form: files (under `fileField`) are buffered up to the size limit and no
 * further; a file over it is marked, and the rest of its bytes are drained, never kept. */
export async function readUploadForm(
  request: FastifyRequest,
  opts: { fileField: 'file' | 'files'; maxFiles: number; maxFileBytes: number },
): Promise<ReceivedForm> {
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const parts = request.parts({
    limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles + 1, fields: 10, fieldSize: FIELD_MAX_BYTES, parts: opts.maxFiles + 11 },
  });
  try {
    for await (const part of parts) await take(part);
  } catch (err) {
    if (err instanceof AppError || (err as { code?: string }).code?.startsWith('FST_')) throw err;
    // Busboy reports a broken form (cut short, bad headers) as a plain Error.
    throw new AppError('validation_error', `The multipart form could not be read: ${(err as Error).message}.`);
  }
  return { files, ...parseOptions(fields) };

  async function take(part: MultipartFile | MultipartValue<unknown>): Promise<void> {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      if (file.fieldname !== opts.fileField) {
        file.file.resume();
        throw new AppError('validation_error', `Unexpected file field "${file.fieldname}"; send the file as "${opts.fileField}".`);
      }
      if (files.length >= opts.maxFiles) {
        file.file.resume();
        throw new AppError('too_many_files', `At most ${opts.maxFiles} files may be sent at once.`);
      }
      const bytes = await file.toBuffer();
      files.push({ filename: file.filename || 'upload', bytes, tooLarge: file.file.truncated });
    } else {
      const field = part as MultipartValue<unknown>;
      if (!TEXT_FIELDS.has(field.fieldname)) throw new AppError('validation_error', `Unknown form field "${field.fieldname}".`);
      const value = String(field.value);
      if (field.valueTruncated || [...value].length > CONSENT_MAX_CHARS) {
        throw new AppError('validation_error', `The "${field.fieldname}" field is longer than ${CONSENT_MAX_CHARS} characters.`);
      }
      fields[field.fieldname] = value;
    }
  }
}

function parseOptions(fields: Record<string, string>): Omit<ReceivedForm, 'files'> {
  const docType = fields.doc_type?.trim() || null;
  if (docType !== null && !(DOCUMENT_TYPES as readonly string[]).includes(docType)) {
    throw new AppError('validation_error', `doc_type must be one of ${DOCUMENT_TYPES.join(', ')}.`);
  }
  const outputs: OutputFormat[] = [];
  for (const raw of (fields.outputs ?? '').split(',')) {
    const name = raw.trim().toLowerCase();
    if (!name || name === 'json') continue;
    if (!(OUTPUT_FORMATS as readonly string[]).includes(name)) {
      throw new AppError('unknown_output', `Unknown output "${raw.trim()}"; choose from ${OUTPUT_FORMATS.join(', ')} (json is always present).`);
    }
    if (!outputs.includes(name as OutputFormat)) outputs.push(name as OutputFormat);
  }
  const improveRaw = fields.improve?.trim().toLowerCase();
  if (improveRaw !== undefined && improveRaw !== '' && improveRaw !== 'true' && improveRaw !== 'false') {
    throw new AppError('validation_error', 'improve must be true or false.');
  }
  return { docType: docType as DocumentType | null, outputs, improve: improveRaw === 'true', consent: fields.consent ?? null };
}
