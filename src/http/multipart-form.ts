import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DocumentType, OutputFormat } from '../domain/document-types.js';
import { AppError, type ErrorCode } from '../domain/errors.js';
import type { UploadInput } from '../services/documents.js';
import { CONSENT_MAX_CHARS, outputNames, UploadFieldsSchema } from './schemas/documents.js';

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

const TEXT_FIELDS = new Set(Object.keys(UploadFieldsSchema.shape));
/** Room for the longest consent note in UTF-8 (up to 4 bytes a character) and one byte more, so
 * that the parser's cut is always past the limit and the note is refused, never shortened. */
const FIELD_MAX_BYTES = CONSENT_MAX_CHARS * 4 + 1;

/** Multipart bodies are streamed by the handler; their schema documents the form but is not
 * used to validate (the stream has not been read when validation runs): readUploadForm checks the
 * fields with it. Params and headers are validated as usual. */
// Fastify types a route's compiler by its whole schema object.
export const multipartValidator: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** The one place an upload is built from a received form and one of its files. */
export function uploadInput(form: ReceivedForm, file: ReceivedFile, source: UploadInput['source']): UploadInput {
  return { filename: file.filename, bytes: file.bytes, typeHint: form.docType, outputs: form.outputs, improve: form.improve, consent: form.consent, source };
}

/** A form of one document in the "file" field, within the size limit, as an upload. */
export async function readSingleUpload(request: FastifyRequest, maxFileBytes: number, source: UploadInput['source']): Promise<UploadInput> {
  const form = await readUploadForm(request, { fileField: 'file', maxFiles: 1, maxFileBytes });
  const file = form.files[0];
  if (!file) throw new AppError('validation_error', 'Send the document in the "file" field.');
  if (file.tooLarge) throw new AppError('file_too_large', `The file is over the ${maxFileBytes}-byte limit.`);
  return uploadInput(form, file, source);
}

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
      // The form's bound on every text field, checked as it streams in (the parser cuts a longer value).
      if (field.valueTruncated || [...value].length > CONSENT_MAX_CHARS) {
        throw new AppError('validation_error', `The "${field.fieldname}" field is longer than ${CONSENT_MAX_CHARS} characters.`);
      }
      fields[field.fieldname] = value;
    }
  }
}

/** The received text fields through the form's schema: trimmed, an empty field as if absent,
 * `improve` in any case; the first problem is the answer. */
function parseOptions(fields: Record<string, string>): Omit<ReceivedForm, 'files'> {
  const trimmed = (value: string | undefined) => value?.trim() || undefined;
  const parsed = UploadFieldsSchema.safeParse({
    doc_type: trimmed(fields.doc_type),
    outputs: fields.outputs,
    improve: trimmed(fields.improve)?.toLowerCase(),
    consent: fields.consent,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const code = (issue.code === 'custom' && (issue.params?.code as ErrorCode | undefined)) || 'validation_error';
    throw new AppError(code, issue.message);
  }
  const { doc_type, outputs, improve, consent } = parsed.data;
  return {
    docType: doc_type ?? null,
    outputs: [...new Set(outputNames(outputs ?? ''))] as OutputFormat[],
    improve: improve === 'true',
    consent: consent ?? null,
  };
}
