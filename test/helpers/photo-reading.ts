import { afterAll, beforeAll, expect } from 'vitest';
import { generatePassport } from '../fixtures/documents/index.js';
import { sqliteDatabase, type TestDatabase } from './databases.js';
import { startHarness, upload, waitFinished, type Harness } from './harness.js';

/** For suites that show a photo reads to a decision: a real service with workers (set up and torn
 * down around the calling describe), a passport page to photograph, and the check itself. */
export function photoReading(): { page(): Buffer; readToDecision(bytes: Buffer): Promise<void> } {
  let db: TestDatabase;
  let h: Harness;
  let key: string;
  let page: Buffer;
  beforeAll(async () => {
    db = sqliteDatabase();
    h = await startHarness(db);
    key = await h.key('phones');
    page = (await generatePassport({ seed: 11 })).bytes;
  });
  afterAll(async () => {
    await h?.close();
    await db?.cleanup();
  });
  return {
    page: () => page,
    async readToDecision(bytes) {
      const res = await upload(h, key, { filename: 'photo.jpg', bytes });
      expect(res.statusCode).toBe(202);
      const doc = await waitFinished(h, key, res.json().id, 170_000);
      expect(doc.outcome.code).not.toBe('PROCESSING_PROVIDER_FAILURE');
      expect(['verified', 'review', 'flagged']).toContain(doc.status);
      expect(doc.result.decision).not.toBe('failed');
    },
  };
}
