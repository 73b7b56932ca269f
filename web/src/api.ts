/** Talks to the docread API from the dashboard. The access token lives only in this module's
 * memory; the refresh token is an HttpOnly cookie the page never sees (POST /v1/auth/session/*). */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

const CSRF = { 'x-docread-csrf': '1' };
let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
let onSignedOut: () => void = () => undefined;

export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export function hasSession(): boolean {
  return accessToken !== null;
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown): ApiError {
  const err = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return new ApiError(status, err?.code ?? 'error', err?.message ?? `Request failed (${status}).`, body);
}

async function sessionCall<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/v1/auth/session/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...CSRF, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = await parse(res);
  if (!res.ok) throw toError(res.status, data);
  return data as T;
}

interface Access {
  token: string;
  expires_in: number;
}
export type LoginAnswer = { signedIn: true } | { signedIn: false; preToken: string };

function keep(access: Access): void {
  accessToken = access.token;
}

export async function login(email: string, password: string): Promise<LoginAnswer> {
  const answer = await sessionCall<Access | { otp_required: true; pre_token: string }>('login', { email, password });
  if ('otp_required' in answer) return { signedIn: false, preToken: answer.pre_token };
  keep(answer);
  return { signedIn: true };
}

export async function loginWithCode(preToken: string, code: string): Promise<void> {
  keep(await sessionCall<Access>('login/otp', { pre_token: preToken, code }));
}

/** One refresh at a time: the cookie rotates, and presenting a used one would end the session. */
export function refresh(): Promise<boolean> {
  refreshing ??= sessionCall<Access | null>('refresh')
    .then((access) => {
      // 204: no session cookie, nothing to refresh.
      if (!access) return false;
      keep(access);
      return true;
    })
    .catch(() => {
      accessToken = null;
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export async function logout(): Promise<void> {
  try {
    await sessionCall('logout');
  } finally {
    accessToken = null;
  }
}

/** A call with the bearer token; an expired token is refreshed once from the cookie. */
export async function raw(path: string, init: RequestInit = {}, retry = true): Promise<Response> {
  const headers = new Headers(init.headers);
  if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
  const res = await fetch(path, { ...init, headers, credentials: 'omit' });
  if (res.status === 401 && retry && (await refresh())) return raw(path, init, false);
  if (res.status === 401) {
    accessToken = null;
    onSignedOut();
  }
  return res;
}

export async function api<T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await raw(path, {
    method: opts.method ?? 'GET',
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body), headers: { 'content-type': 'application/json' } }),
  });
  const data = await parse(res);
  if (!res.ok) throw toError(res.status, data);
  return data as T;
}

/** Public calls (sign-up, email verification): no credentials at all. */
export async function publicApi<T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: opts.method ?? 'GET',
    credentials: 'omit',
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body), headers: { 'content-type': 'application/json' } }),
  });
  const data = await parse(res);
  if (!res.ok) throw toError(res.status, data);
  return data as T;
}

/** Uploads with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadFiles(files: File[], onProgress: (fraction: number) => void): Promise<unknown> {
  const send = (): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const form = new FormData();
      const single = files.length === 1;
      for (const f of files) form.append(single ? 'file' : 'files', f, f.name);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', single ? '/v1/documents/upload' : '/v1/documents/batch');
      if (accessToken) xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = xhr.responseText;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => reject(new ApiError(0, 'network', 'The upload could not reach the server.', null));
      xhr.send(form);
    });
  return send().then(async (first) => {
    const answer = first.status === 401 && (await refresh()) ? await send() : first;
    if (answer.status >= 400) throw toError(answer.status, answer.body);
    onProgress(1);
    return answer.body;
  });
}

/** A page image as an object URL (an <img> cannot send the bearer token itself). */
export async function pageImage(documentId: string, page: number): Promise<{ url: string; pageCount: number }> {
  const res = await raw(`/v1/documents/${encodeURIComponent(documentId)}/pages/${page}`);
  if (!res.ok) throw toError(res.status, await parse(res));
  return { url: URL.createObjectURL(await res.blob()), pageCount: Number(res.headers.get('x-page-count') ?? '1') };
}
