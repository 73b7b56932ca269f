/** The sandbox's own guarantees: time limit, abort, and recycling of its processes. */
import { afterEach, describe, expect, it } from 'vitest';
import { pdfWithText, pngPixelBomb } from '../../../test/fixtures/files.js';
import { IntakeError, intakeFile, intakeLimits, SandboxPool } from './index.js';

const pdf = pdfWithText(['A small text document used to exercise the sandbox itself']);
let pool: SandboxPool;
afterEach(() => pool.close());

describe('sandbox', () => {
  it('kills a parse that exceeds the time limit and says so', async () => {
    pool = new SandboxPool({ size: 1 });
    await pool.warm();
    // No parse answers within 1 ms: the IPC round trip alone takes longer.
    const err = await intakeFile(pdf, 'pdf', intakeLimits({ timeoutMs: 1 }), { pool }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IntakeError);
    expect((err as IntakeError).reason).toMatch(/^the PDF.* took longer than 0 s to open$/);
  });

  it('stops on abort with the signal reason', async () => {
    pool = new SandboxPool({ size: 1 });
    const controller = new AbortController();
    const pending = intakeFile(pdf, 'pdf', intakeLimits(), { pool, signal: controller.signal });
    controller.abort(new Error('document deleted'));
    await expect(pending).rejects.toThrow('document deleted');
  });

  it('reuses a process, replacing it after maxJobsPerProcess and after a failed parse', async () => {
    pool = new SandboxPool({ size: 1, maxJobsPerProcess: 2 });
    await pool.warm();
    await intakeFile(pdf, 'pdf', intakeLimits(), { pool });
    expect(pool.started).toBe(1);
    await intakeFile(pdf, 'pdf', intakeLimits(), { pool });
    expect(pool.started).toBe(2);
    await intakeFile(Buffer.from('%PDF-1.7 broken'), 'pdf', intakeLimits(), { pool }).catch(() => undefined);
    expect(pool.started).toBe(3);
    // Refused from its header, before any parser ran: the process stays.
    await intakeFile(pngPixelBomb(), 'png', intakeLimits(), { pool }).catch(() => undefined);
    expect(pool.started).toBe(3);
  });

  it('runs files one at a time per process when more arrive than processes', async () => {
    pool = new SandboxPool({ size: 1 });
    const results = await Promise.all([1, 2, 3].map(() => intakeFile(pdf, 'pdf', intakeLimits(), { pool })));
    expect(results.map((r) => r.pagesTaken)).toEqual([1, 1, 1]);
    expect(pool.started).toBe(1);
  });
});
