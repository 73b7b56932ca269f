import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ERROR_CODES, type ErrorCode } from '../../domain/errors.js';

/** Sends the one error envelope: { error: { code, message, request_id, next_action, ...extra } }. */
export function sendError(request: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  if (err.headers) reply.headers(err.headers);
  return reply.status(err.http).send({
    error: { code: err.code, message: err.message, request_id: request.id, next_action: err.nextAction, ...err.extra },
  });
}

/** Framework errors that are the caller's fault, mapped to our codes. */
const FRAMEWORK_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'file_too_large', message: 'The file is over the 10 MB limit.' },
  FST_FILES_LIMIT: { code: 'too_many_files', message: 'Too many files in one request.' },
  FST_PARTS_LIMIT: { code: 'validation_error', message: 'Too many parts in the form.' },
  FST_FIELDS_LIMIT: { code: 'validation_error', message: 'Too many fields in the form.' },
  FST_PROTO_VIOLATION: { code: 'validation_error', message: 'The form contains a forbidden field name.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'validation_error', message: 'Send the file as multipart/form-data.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'validation_error', message: 'Unsupported Content-Type for this endpoint.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'validation_error', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'validation_error', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'validation_error', message: 'Content-Length does not match the body.' },
};

/** A full connection pool or an unreachable database is the service's state, not a bug: 503. */
function isDatabaseUnavailable(error: Error & { code?: string }): boolean {
  return (
    /timeout exceeded when trying to connect|Connection terminated|the database system is (starting up|shutting down)/i.test(error.message) ||
    ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', 'SQLITE_BUSY'].includes(error.code ?? '')
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: v.message }));
      const detail = issues.map((i) => `${error.validationContext ?? 'request'}${i.path ? ` ${i.path}` : ''}: ${i.message}`).join('; ');
      return sendError(request, reply, new AppError('validation_error', detail || 'The request is not valid.', { extra: { issues } }));
    }
    const mapped = error.code ? FRAMEWORK_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, new AppError(mapped.code, mapped.message));
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(
        request,
        reply,
        new AppError('service_unavailable', 'The database is busy or unreachable; try again shortly.', { headers: { 'retry-after': '5' } }),
      );
    }
    if (error.statusCode === 503)
      return sendError(
        request,
        reply,
        new AppError('service_unavailable', 'The service is overloaded; try again shortly.', { headers: { 'retry-after': '5' } }),
      );
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      return sendError(request, reply, new AppError('validation_error', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('internal_error', 'Something went wrong on our side.'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`, { nextAction: ERROR_CODES.not_found.next_action }),
    ),
  );
}
