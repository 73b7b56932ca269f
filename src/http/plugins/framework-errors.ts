import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CODES, type ErrorCode } from '../../domain/errors.js';
import { sendError } from './errors.js';
import { newRequestId } from './request-id.js';

/** Requests refused before any route runs still answer in the one envelope, with a request id. */

/** The router's refusals (Fastify's `frameworkErrors`): a URL that does not decode, a path
 * parameter over the router's 100-character limit. No hook has run, so the id header is set here. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(request, reply, new AppError('uri_too_long', 'A path parameter (an id) is longer than 100 characters.'));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    sendError(request, reply, new AppError('bad_request', 'The URL is not valid: a percent sign must start a valid escape such as %20.'));
    return;
  }
  sendError(request, reply, new AppError('bad_request', 'The request could not be routed.'));
}

const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', message: 'The request headers are larger than 16 KB.' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request was not received in time.' },
};

/** Node's HTTP parser refuses some requests before Fastify sees them (headers over 16 KB, a
 * malformed request line, a request that takes too long). Node writes a bare status then;
 * this answers the envelope on the socket instead, with a request id, and closes it. */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
  const code: ErrorCode = known?.code ?? 'bad_request';
  const http = ERROR_CODES[code].http;
  const requestId = newRequestId();
  const body = JSON.stringify({
    error: { code, message: known?.message ?? 'The request is not well-formed HTTP.', request_id: requestId, next_action: ERROR_CODES[code].next_action },
  });
  this.log.info({ request_id: requestId, code: err.code }, 'request refused by the HTTP parser');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${http} ${STATUS_CODES[http]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-ID: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
