import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePassport } from '../fixtures/documents/index.js';
import { docxWithText, pdfWithText, pngWithText, scannedPdf } from '../fixtures/files.js';
import { mutate } from '../fixtures/mutate.js';
import { createKey, startServer, uploadFile, waitFinal, watchHealth, type ServerProcess } from '../helpers/server-process.js';

/** Fuzzing through the real service: mutants of a PDF, a scanned PDF, a JPEG, a PNG and a DOCX,
 * uploaded to a server process, two at a time. Every mutant is refused at the door (4xx) or ends
 * in a final state within 30 s; the process never dies; /healthz answers throughout.
 * FUZZ_COUNT sets the number of mutants (default 40), FUZZ_SEED the first seed (default 1). */
const COUNT = Number(process.env.FUZZ_COUNT ?? 40);
const FIRST_SEED = Number(process.env.FUZZ_SEED ?? 1);
const FINAL_WITHIN_MS = 30_000;
const IN_FLIGHT = 2;

describe('fuzzed files through a server process', () => {
  let dataDir: string;
  let server: ServerProcess;
  let key: string;
  const seeds: { name: string; bytes: Buffer }[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'docread-fuzz-'));
    key = createKey({ DATA_DIR: dataDir });
    server = await startServer({ DATA_DIR: dataDir });
    const text = await pngWithText(['INVOICE 2041', 'Total due 120.00 EUR']);
    seeds.push(
      { name: 'text.pdf', bytes: pdfWithText(['Invoice 2041', 'Customer Alma Berg', 'Total due 120.00 EUR']) },
      { name: 'scan.pdf', bytes: await scannedPdf(text) },
      {
        name: 'photo.jpg',
        bytes: await sharp((await generatePassport({ seed: 4 })).bytes)
          .resize({ width: 900 })
          .jpeg({ quality: 80 })
          .toBuffer(),
      },
      { name: 'page.png', bytes: text },
      { name: 'cv.docx', bytes: await docxWithText(['Alma Berg', 'alma@example.org', 'Experience: ten years']) },
    );
  }, 300_000);
  afterAll(async () => {
    await server?.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${COUNT} mutants: each refused or final within ${FINAL_WITHIN_MS / 1000} s, no crash, health answering`, {
    timeout: 600_000 + COUNT * 40_000,
  }, async () => {
    const health = watchHealth(server.url);
    const outcomes: Record<string, number> = {};
    const slow: string[] = [];
    const crashes: string[] = [];
    let worstMs = 0;
    let next = 0;
    const runOne = async (i: number) => {
      const seed = seeds[i % seeds.length]!;
      const bytes = mutate(seed.bytes, FIRST_SEED + i);
      const t0 = performance.now();
      const up = await uploadFile(server.url, key, seed.name, bytes);
      if (up.status !== 202) {
        expect(up.status, `${seed.name} #${FIRST_SEED + i}: ${JSON.stringify(up.body)}`).toBeGreaterThanOrEqual(400);
        expect(up.status).toBeLessThan(500);
        outcomes[`refused ${up.body.error.code}`] = (outcomes[`refused ${up.body.error.code}`] ?? 0) + 1;
        return;
      }
      const doc = await waitFinal(server.url, key, up.body.id, FINAL_WITHIN_MS + 60_000);
      const ms = performance.now() - t0;
      worstMs = Math.max(worstMs, ms);
      if (ms > FINAL_WITHIN_MS) slow.push(`${seed.name} #${FIRST_SEED + i} ${Math.round(ms)} ms`);
      const label = `${doc.status} ${doc.outcome?.code ?? ''}`.trim();
      if (doc.outcome?.code === 'PROCESSING_PROVIDER_FAILURE') crashes.push(`${seed.name} #${FIRST_SEED + i}: ${doc.outcome.message}`);
      outcomes[label] = (outcomes[label] ?? 0) + 1;
    };
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < COUNT) await runOne(next++);
      }),
    );
    const { checks: healthChecks, failures: healthFailures } = await health.stop();
    console.log(
      `fuzz: ${COUNT} mutants from seed ${FIRST_SEED}; outcomes ${JSON.stringify(outcomes)}; slowest ${Math.round(worstMs)} ms; ${healthChecks} health checks, ${healthFailures.length} failed`,
    );
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    if (crashes.length) console.log(`server log tail:\n${server.output().slice(-4000)}`);
    // A step that throws instead of judging the file ends PROCESSING_PROVIDER_FAILURE: a crash.
    expect(crashes).toEqual([]);
    expect(healthFailures).toEqual([]);
    expect(slow).toEqual([]);
  });
});
