import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { mrzFrame, qrFrame } from '../fixtures/capture-frames.js';
import { harnessPerSuite, multipart } from '../helpers/harness.js';

/** The capture check stores nothing: after 100 checks (90 QR frames, each with its own payload,
 * and 10 MRZ frames), no database row, no file in the data or blob folders and no log line holds
 * a payload, an MRZ value or any piece of a frame's bytes — while the logs did record every request,
 * so the search would have found what was there. */

const FRAMES_QR = 90;
const FRAMES_MRZ = 10;

function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((e) => {
    const path = join(root, e.name);
    return e.isDirectory() ? filesUnder(path) : e.isFile() ? [path] : [];
  });
}

describe('the capture check leaves no trace', () => {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const h = harnessPerSuite({
    workers: false,
    env: { TESSERACT_WORKERS: '1', PADDLE_WORKERS: '1', CAPTURE_RATE_LIMIT_PER_MINUTE: '0' },
    logger: pino({ level: 'trace' }, sink),
  });

  async function dumpDatabase(): Promise<{ text: string; counts: Record<string, number> }> {
    const counts: Record<string, number> = {};
    let text = '';
    for (const table of await h.rt.db.db.introspection.getTables()) {
      const rows = await h.rt.db.db
        .selectFrom(table.name as never)
        .selectAll()
        .execute();
      counts[table.name] = rows.length;
      text += JSON.stringify(rows, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v));
    }
    return { text, counts };
  }

  it('after 100 checks the database, the blob store and the logs hold no frame or payload', async () => {
    const key = await h.key('no-trace');
    const before = await dumpDatabase();
    const folders = [h.blobRoot, h.db.env.DATA_DIR!];
    const filesBefore = new Set(folders.flatMap(filesUnder));

    const secrets: string[] = [];
    const frameSlices: Buffer[] = [];
    let proven = 0;
    const send = async (bytes: Buffer, asJson: boolean) => {
      // a slice from the middle of the entropy-coded data: found only where the bytes were kept
      frameSlices.push(bytes.subarray(bytes.length >> 1, (bytes.length >> 1) + 48));
      const body = asJson ? { payload: { image: bytes.toString('base64') }, headers: {} } : await multipart([{ field: 'frame', filename: 'frame.jpg', bytes }]);
      const res = await h.inject({ method: 'POST', url: '/v1/capture/check', payload: body.payload, headers: { ...body.headers, 'x-doc-api-key': key } });
      expect(res.statusCode).toBe(200);
      if (res.json().proven) proven += 1;
    };

    for (let i = 0; i < FRAMES_QR; i++) {
      const token = `TRACE${i}X${(0x9e3779b9 * (i + 1)).toString(36).toUpperCase()}`;
      secrets.push(token);
      const frame = await qrFrame({ seed: 1000 + i, texts: [token], style: { width: 960, height: 720 } });
      await send(frame.bytes, i % 2 === 0);
    }
    for (let i = 0; i < FRAMES_MRZ; i++) {
      const frame = await mrzFrame({ seed: 2000 + i, kind: i % 2 ? 'td2' : 'passport' });
      const f = frame.document.truth.fields;
      secrets.push(String(f.document_number), String(f.surname), ...frame.document.truth.mrz_lines!);
      await send(frame.bytes, i % 2 === 0);
    }
    expect(proven).toBeGreaterThanOrEqual(FRAMES_QR);

    const after = await dumpDatabase();
    expect(after.counts).toEqual(before.counts);
    const newFiles = folders.flatMap(filesUnder).filter((f) => !filesBefore.has(f));
    // SQLite may open its write-ahead files; nothing else may appear
    expect(newFiles.filter((f) => !/\.sqlite(-wal|-shm|-journal)?$/.test(f))).toEqual([]);
    const stored = folders
      .flatMap(filesUnder)
      .filter((f) => statSync(f).size > 0)
      .map((f) => readFileSync(f));
    const logs = logLines.join('');
    const metrics = (await h.inject({ method: 'GET', url: '/metrics' })).body;

    // the logs were on: every check left its request line
    expect(logs.match(/\/v1\/capture\/check/g)?.length ?? 0).toBeGreaterThanOrEqual(FRAMES_QR + FRAMES_MRZ);
    for (const secret of secrets) {
      expect(after.text.includes(secret), `database holds ${secret}`).toBe(false);
      expect(logs.includes(secret), `logs hold ${secret}`).toBe(false);
      expect(metrics.includes(secret), `metrics hold ${secret}`).toBe(false);
      expect(
        stored.some((b) => b.includes(secret)),
        `a file holds ${secret}`,
      ).toBe(false);
    }
    for (const slice of frameSlices) {
      expect(
        stored.some((b) => b.includes(slice)),
        'a file holds frame bytes',
      ).toBe(false);
      expect(logs.includes(slice.toString('base64').slice(4, 40)), 'logs hold frame bytes').toBe(false);
    }
  }, 600_000);
});
