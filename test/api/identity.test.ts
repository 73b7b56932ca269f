import { beforeAll, describe, expect, it } from 'vitest';
import { generatePassport } from '../fixtures/documents/index.js';
import { harnessPerSuite, upload, waitFinished } from '../helpers/harness.js';

/** Passports through the whole service and real OCR: the check digits make the MRZ certain,
 * and a broken one never looks certain. Fixtures are generated as of today, as the service reads. */
/** Our field key → the generator's truth key. */
const MRZ_CHECKED = { document_number: 'document_number', date_of_birth: 'birth_date', expiry_date: 'expiry_date' } as const;

// Real OCR on photos: a loaded CI machine can take minutes, which is no failure of the service.
describe('passports through the API', { timeout: 180_000 }, () => {
  let key: string;
  const h = harnessPerSuite();
  beforeAll(async () => {
    key = await h.key('identity');
  });

  async function read(name: string, bytes: Buffer) {
    const res = await upload(h, key, { filename: name, bytes });
    expect(res.statusCode).toBe(202);
    return waitFinished(h, key, res.json().id, 170_000);
  }

  it('reads a passport photo: every checked MRZ field with mrz_checksum evidence and a region', async () => {
    const passport = await generatePassport({ seed: 11, now: new Date(), expired: false, photo: true });
    const doc = await read('passport.jpg', passport.bytes);
    expect(doc.doc_type).toBe('passport');
    for (const [key, truthKey] of Object.entries(MRZ_CHECKED)) {
      const field = doc.result.fields[key];
      expect(field.evidence, key).toContain('mrz_checksum');
      expect(field.region, key).not.toBeNull();
      expect(
        field.region.box.every((n: number) => n >= 0 && n <= 1),
        key,
      ).toBe(true);
      expect(doc.result.values[key], key).toBe(passport.truth.fields[truthKey]);
    }
    expect(doc.result.field_evidence.document_number).toBe('deterministic');
    expect(doc.result.issuing_country).toBe(passport.truth.fields.issuing_state);
    // raw_json keeps what each reader read, not a second copy of result (26 KB before, 16 KB after).
    expect(Object.keys(doc.raw_json)).not.toContain('decision_input');
    expect(Object.keys(doc.raw_json)).not.toContain('extracted');
    expect(doc.raw_json.candidates.document_number.map((c: { reader: string }) => c.reader)).toContain('mrz_pass');
    expect(doc.raw_json.candidates.document_number[0]).toEqual({
      reader: expect.any(String),
      value: expect.any(String),
      raw: expect.any(String),
      confidence: expect.any(Number),
    });
    expect(Buffer.byteLength(JSON.stringify(doc.raw_json))).toBeLessThan(8_000);
    expect(Buffer.byteLength(JSON.stringify(doc))).toBeLessThan(20_000);
  });

  it('keeps a document number whose check digit fails out of values and raises CRITICAL_FIELD_INVALID', async () => {
    const passport = await generatePassport({ seed: 12, now: new Date(), expired: false, broken: 'document_number' });
    const doc = await read('broken.png', passport.bytes);
    expect(doc.result.values.document_number).toBeUndefined();
    expect(doc.result.fields.document_number.status).not.toBe('passed');
    expect(doc.outcome.context.codes).toContain('CRITICAL_FIELD_INVALID');
    expect(doc.status).not.toBe('verified');
  });

  it('sends an expired passport to review with the expiry first among the reasons', async () => {
    const passport = await generatePassport({ seed: 13, now: new Date(), expired: true });
    const doc = await read('expired.png', passport.bytes);
    expect(doc.status).toBe('review');
    expect(doc.outcome.context.codes[0]).toBe('DOCUMENT_EXPIRED');
    expect(doc.result.review_reason).toMatch(/expire/i);
  });
});
