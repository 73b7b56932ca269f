import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mrzFrame, qrFrame, type MrzBroken, type MrzKind } from '../fixtures/capture-frames.js';
import { blankImage, blur } from '../fixtures/degrade.js';
import { pdfWithText, pngPixelBomb } from '../fixtures/files.js';
import { type Harness, harnessPerSuite, multipart } from '../helpers/harness.js';

/** POST /v1/capture/check through the real app and real local readers, on frames generated from
 * the project's own document renderers (test/fixtures/capture-frames.ts). */

const READERS_ENV = { TESSERACT_WORKERS: '1', PADDLE_WORKERS: '1' };

async function check(h: Harness, key: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const { payload, headers } = await multipart([{ field: 'frame', filename: 'frame.jpg', bytes }], fields);
  return h.inject({ method: 'POST', url: '/v1/capture/check', payload, headers: { ...headers, 'x-doc-api-key': key } });
}

describe('the capture check', () => {
  let key: string;
  const h = harnessPerSuite({ workers: false, env: READERS_ENV });
  beforeAll(async () => {
    key = await h.key('capture');
  });

  it('proves a 2 MP passport frame by its MRZ check digits, naming every check', async () => {
    const frame = await mrzFrame({ seed: 101 });
    const res = await check(h, key, frame.bytes);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.proven).toBe(true);
    expect(body.method).toBe('mrz');
    expect(body.mrz.format).toBe('TD3');
    expect(body.mrz.lines).toEqual(frame.document.truth.mrz_lines);
    expect(body.mrz.checks.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['document_number', 'date_of_birth', 'expiry_date', 'composite']),
    );
    expect(body.mrz.checks.every((c: { passed: boolean }) => c.passed)).toBe(true);
    expect(body.reasons).toEqual([]);
    expect(body.next_action.type).toBe('NONE');
    expect(body.frame).toEqual({ width: 1920, height: 1080, type: 'jpeg' });
  });

  it('one changed digit: not proven, and the failing check is named', async () => {
    const frame = await mrzFrame({ seed: 102, broken: 'birth_date' });
    const body = (await check(h, key, frame.bytes)).json();
    expect(body.proven).toBe(false);
    expect(body.method).toBeNull();
    const failing = body.mrz.checks.filter((c: { passed: boolean }) => !c.passed).map((c: { name: string }) => c.name);
    expect(failing).toContain('date_of_birth');
    const reason = body.reasons.find((r: { code: string }) => r.code === 'check_digit_failed');
    expect(reason.detail).toMatch(/date_of_birth/);
    expect(body.next_action.type).toBe('RESCAN');
  });

  // Generated frames of every MRZ format: a broken check digit is never proven, a proven MRZ is
  // the printed one, and most clean frames are proven (a clean frame may still be refused, e.g. a
  // 6 in a document number that no second engine read alike: the next frame is the retry).
  const FRAMES: Array<{ seed: number; kind: MrzKind; broken?: MrzBroken }> = [
    { seed: 111, kind: 'td1' },
    { seed: 112, kind: 'td2' },
    { seed: 113, kind: 'visa' },
    { seed: 114, kind: 'passport', broken: 'document_number' },
    { seed: 115, kind: 'td1', broken: 'expiry_date' },
    { seed: 116, kind: 'td2', broken: 'composite' },
    { seed: 117, kind: 'visa', broken: 'birth_date' },
  ];
  it('never proves a generated frame falsely, and proves most clean ones', async () => {
    let cleanProven = 0;
    for (const { seed, kind, broken } of FRAMES) {
      const frame = await mrzFrame({ seed, kind, ...(broken ? { broken } : {}) });
      const body = (await check(h, key, frame.bytes, { look_for: 'mrz' })).json();
      if (broken) expect(body.proven, `${kind} ${seed} broken ${broken}`).toBe(false);
      if (body.proven) expect(body.mrz.lines, `${kind} ${seed}`).toEqual(frame.document.truth.mrz_lines);
      if (!broken && body.proven) cleanProven += 1;
    }
    expect(cleanProven).toBeGreaterThanOrEqual(2);
  }, 240_000);

  it('decodes several QR codes in one frame, with their positions', async () => {
    const texts = ['https://example.org/i/4711', 'SPC\n0200\n1\nCH4431999123000889012'];
    const frame = await qrFrame({ seed: 5, texts });
    const body = (await check(h, key, frame.bytes)).json();
    expect(body.proven).toBe(true);
    expect(body.method).toBe('qr');
    expect(body.qr_codes.map((q: { text: string }) => q.text).sort()).toEqual([...texts].sort());
    for (const q of body.qr_codes) {
      expect(q.format).toBe('QRCode');
      expect(q.box[0]).toBeLessThan(q.box[2]);
      expect([...q.box, ...q.corners.flat()].every((n: number) => n >= 0 && n <= 1)).toBe(true);
    }
    const [a, b] = body.qr_codes;
    expect(a.box[2] <= b.box[0] || b.box[2] <= a.box[0]).toBe(true);
  });

  it('takes the frame as base64 JSON too, with or without a data: prefix', async () => {
    const frame = await qrFrame({ seed: 6, texts: ['json-body'] });
    for (const image of [frame.bytes.toString('base64'), `data:image/jpeg;base64,${frame.bytes.toString('base64')}`]) {
      const res = await h.inject({ method: 'POST', url: '/v1/capture/check', payload: { image }, headers: { 'x-doc-api-key': key } });
      expect(res.statusCode).toBe(200);
      expect(res.json().qr_codes[0].text).toBe('json-body');
    }
  });

  it('an empty frame: no_code_found with a next action in the quality gate style', async () => {
    const body = (await check(h, key, await blankImage(1280, 720, 190, 12))).json();
    expect(body.proven).toBe(false);
    expect(body.reasons.map((r: { code: string }) => r.code)).toContain('no_code_found');
    expect(body.next_action).toEqual({ type: 'RESCAN', message: expect.any(String) });
  });

  it('a blurred QR frame says blur first', async () => {
    const frame = await qrFrame({ seed: 7, texts: ['blurred'] });
    const body = (await check(h, key, await blur(frame.bytes, 16))).json();
    expect(body.proven).toBe(false);
    expect(body.reasons[0].code).toBe('blur');
  });

  it('refuses what is not a frame: wrong type, too many pixels, too many bytes, no frame', async () => {
    const pdf = await check(h, key, pdfWithText(['not an image']));
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().error.code).toBe('unsupported_file');
    const bomb = await check(h, key, pngPixelBomb());
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().error.code).toBe('validation_error');
    const huge = await check(
      h,
      key,
      Buffer.concat([
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        Buffer.alloc(9 * 1024 * 1024),
      ]),
    );
    expect(huge.statusCode).toBe(413);
    const none = await h.inject({ method: 'POST', url: '/v1/capture/check', payload: { image: '***' }, headers: { 'x-doc-api-key': key } });
    expect(none.statusCode).toBe(422);
    const badTarget = await check(h, key, await blankImage(64, 64), { look_for: 'barcode' });
    expect(badTarget.statusCode).toBe(422);
  });

  it('needs a key with documents:write', async () => {
    const readOnly = (await h.rt.accounts.createKey({ orgName: 'capture-ro', plan: 'internal', scopes: ['documents:read'] })).key;
    const res = await check(h, readOnly, await blankImage(64, 64));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('insufficient_scope');
    const anonymous = await h.inject({ method: 'POST', url: '/v1/capture/check', payload: { image: 'AA==' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the capture check rate limit', () => {
  const h = harnessPerSuite({ workers: false, env: { ...READERS_ENV, CAPTURE_RATE_LIMIT_PER_MINUTE: '3' } });

  it('has its own per-key limit, apart from the general one', async () => {
    const key = await h.key('capture-limit');
    const frame = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await check(h, key, frame)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await check(h, key, frame);
    expect(refused.json().error.code).toBe('rate_limit');
    expect(refused.headers['retry-after']).toBe('60');
    // another key has its own budget, and other routes are not affected
    expect((await check(h, await h.key('capture-limit-2'), frame)).statusCode).toBe(200);
    expect((await h.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-doc-api-key': key } })).statusCode).toBe(200);
  });
});
