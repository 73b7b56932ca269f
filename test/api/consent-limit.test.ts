import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessPerSuite, upload } from '../helpers/harness.js';

/** A consent note is a record someone relies on: it is kept whole or refused, never cut. */
describe('consent note length', () => {
  let key: string;
  const h = harnessPerSuite({ workers: false });
  beforeAll(async () => {
    key = await h.key('consent');
  });

  const png = (n: number) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: { r: n, g: 1, b: 2 } } })
      .png()
      .toBuffer();
  const noteOf = async (id: string) => (await h.rt.db.db.selectFrom('consents').select('note').where('document_id', '=', id).executeTakeFirst())?.note;

  it('keeps a note of exactly 4,096 characters whole, multi-byte ones included', async () => {
    const note = 'é'.repeat(2048) + '✓'.repeat(2047) + '😀';
    expect([...note]).toHaveLength(4096);
    const res = await upload(h, key, { filename: 'a.png', bytes: await png(1) }, { consent: note });
    expect(res.statusCode).toBe(202);
    expect(await noteOf(res.json().id)).toBe(note);
  });

  it('answers 422 validation_error for 4,097 characters, and for a note far over the limit, storing nothing', async () => {
    for (const note of ['a'.repeat(4097), 'é'.repeat(4097), 'x'.repeat(50_000)]) {
      const res = await upload(h, key, { filename: 'b.png', bytes: await png(2) }, { consent: note });
      expect([res.statusCode, res.json().error.code]).toEqual([422, 'validation_error']);
      expect(res.json().error.message).toContain('4096 characters');
    }
    const list = await h.inject({ method: 'GET', url: '/v1/documents', headers: { 'x-doc-api-key': key } });
    expect(list.json().total).toBe(1);
  });
});
