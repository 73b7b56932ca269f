import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server speaking the OpenAI chat-completions protocol, for tests: it checks each
 * request as the real API would (method, path, bearer key, JSON body, known model, message parts,
 * image data URLs, the word "json" required by `response_format: json_object`) plus what this
 * service always sends (temperature 0, json_object, max_tokens), and answers with the replies a
 * test queued: an answer with usage, an error status, a hang, a malformed or oversized body, a
 * redirect. A request that breaks the protocol gets 400 and is listed in `violations`. */

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type Reply =
  | { kind: 'answer'; content: unknown; usage?: Usage | null; model?: string; finishReason?: string }
  | { kind: 'error'; status: number; type?: string; code?: string; message?: string; retryAfter?: string; retryAfterMs?: string }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'oversized'; bytes: number }
  | { kind: 'redirect'; location: string };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** Concatenated text of every message. */
  text: string;
  /** Decoded images of every image_url part. */
  images: Buffer[];
}

export type Responder = (req: RecordedRequest) => Reply;

export interface FakeOpenAiServer {
  /** The address to configure, ending in /v1 like the real one. */
  baseUrl: string;
  requests: RecordedRequest[];
  violations: string[];
  /** Queues replies, answered in order; a function decides from the request. */
  reply(...replies: Array<Reply | Responder>): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  /** The key clients must send; null accepts requests without one. */
  apiKey: string | null;
  /** Models this server knows. */
  models: string[];
  /** Text-only requests are allowed (CV rewording); by default every request must carry an image. */
  textOnly?: boolean;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The protocol problems of a request body, and its text and images. */
function inspectBody(body: unknown, models: string[], textOnly = false): { problems: string[]; text: string; images: Buffer[]; unknownModel: boolean } {
  const problems: string[] = [];
  const images: Buffer[] = [];
  const texts: string[] = [];
  const b = (body ?? {}) as Record<string, unknown>;
  const unknownModel = typeof b.model === 'string' && !models.includes(b.model);
  if (typeof b.model !== 'string') problems.push('model must be a string');
  if (b.temperature !== 0) problems.push('temperature must be 0');
  if ((b.response_format as { type?: unknown } | undefined)?.type !== 'json_object') problems.push('response_format must be json_object');
  if (!Number.isInteger(b.max_tokens) || (b.max_tokens as number) < 1) problems.push('max_tokens must be a positive integer');
  if (!Array.isArray(b.messages) || b.messages.length === 0) {
    problems.push('messages must be a non-empty array');
    return { problems, text: '', images, unknownModel };
  }
  for (const [i, m] of (b.messages as Array<Record<string, unknown>>).entries()) {
    if (!['system', 'user', 'assistant'].includes(m?.role as string)) problems.push(`messages[${i}].role is invalid`);
    if (typeof m?.content === 'string') {
      texts.push(m.content);
      continue;
    }
    if (!Array.isArray(m?.content)) {
      problems.push(`messages[${i}].content must be a string or an array of parts`);
      continue;
    }
    for (const part of m.content as Array<Record<string, unknown>>) {
      if (part?.type === 'text' && typeof part.text === 'string') texts.push(part.text);
      else if (part?.type === 'image_url') {
        const url = (part.image_url as { url?: unknown } | undefined)?.url;
        const match = typeof url === 'string' ? url.match(DATA_URL) : null;
        const bytes = match ? Buffer.from(match[1]!, 'base64') : null;
        if (!bytes || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) problems.push(`messages[${i}] has an image_url that is not a PNG data URL`);
        else images.push(bytes);
      } else problems.push(`messages[${i}] has an unknown content part`);
    }
  }
  const text = texts.join('\n');
  if (!/json/i.test(text)) problems.push("messages must contain the word 'json' to use response_format json_object");
  if (images.length === 0 && !textOnly) problems.push('no image_url part: the readers always send an image');
  return { problems, text, images, unknownModel };
}

function answer(res: ServerResponse, reply: Reply, model: string): void {
  switch (reply.kind) {
    case 'answer': {
      const content = typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
      const usage = reply.usage === undefined ? { prompt_tokens: 1000, completion_tokens: 100 } : reply.usage;
      sendJson(res, 200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: reply.model ?? model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: reply.finishReason ?? 'stop' }],
        ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
      });
      return;
    }
    case 'error': {
      const headers: Record<string, string> = {};
      if (reply.retryAfter !== undefined) headers['retry-after'] = reply.retryAfter;
      if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = reply.retryAfterMs;
      sendJson(res, reply.status, errorBody(reply.message ?? `error ${reply.status}`, reply.type ?? 'server_error', reply.code ?? null), headers);
      return;
    }
    case 'hang':
      // Left open until the client gives up or the server closes.
      return;
    case 'malformed':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id":"chatcmpl-test","choices":[{"message":');
      return;
    case 'oversized': {
      // Chunked, without a length: only a client that counts what it reads can stop it.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < reply.bytes) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    case 'redirect':
      res.writeHead(307, { location: reply.location, 'content-length': 0 });
      res.end();
      return;
  }
}

export async function startOpenAiServer(opts: FakeOpenAiOptions): Promise<FakeOpenAiServer> {
  const queue: Array<Reply | Responder> = [];
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const raw = await readBody(req);
    if (raw === null) return sendJson(res, 413, errorBody('request too large', 'invalid_request_error', null));
    if (path !== '/v1/chat/completions') return sendJson(res, 404, errorBody(`unknown url ${path}`, 'invalid_request_error', 'unknown_url'));
    if (req.method !== 'POST') return sendJson(res, 405, errorBody('method not allowed', 'invalid_request_error', null));
    const presented = req.headers.authorization ?? '';
    if (opts.apiKey !== null && presented !== `Bearer ${opts.apiKey}`) {
      // The real API quotes (part of) the key presented; quoting all of it makes leaks visible.
      return sendJson(res, 401, errorBody(`Incorrect API key provided: ${presented.replace(/^Bearer /, '')}.`, 'invalid_request_error', 'invalid_api_key'));
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      violations.push('content-type must be application/json');
      return sendJson(res, 400, errorBody('content-type must be application/json', 'invalid_request_error', null));
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      violations.push('body is not JSON');
      return sendJson(res, 400, errorBody('body is not JSON', 'invalid_request_error', null));
    }
    const seen = inspectBody(body, opts.models, opts.textOnly);
    const recorded: RecordedRequest = { method: req.method, path, headers: req.headers, body, text: seen.text, images: seen.images };
    requests.push(recorded);
    if (seen.problems.length) {
      violations.push(...seen.problems);
      return sendJson(res, 400, errorBody(seen.problems.join('; '), 'invalid_request_error', null));
    }
    const model = (body as { model: string }).model;
    if (seen.unknownModel) return sendJson(res, 404, errorBody(`The model ${model} does not exist`, 'invalid_request_error', 'model_not_found'));
    const next = queue.shift();
    if (!next) {
      violations.push('a request arrived with no reply queued');
      return sendJson(res, 500, errorBody('no reply queued', 'server_error', null));
    }
    answer(res, typeof next === 'function' ? next(recorded) : next, model);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    violations,
    reply: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
