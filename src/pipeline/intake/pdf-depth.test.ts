import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithNestedGraphicStates, pdfWithPageSize, pdfWithText } from '../../../test/fixtures/files.js';
import { IntakeError, intakeFile, intakeLimits, SandboxPool } from './index.js';
import { deepestGraphicsNesting, graphicsDepth, MAX_GRAPHICS_DEPTH } from './pdf-depth.js';

describe('graphics-state nesting pre-scan', () => {
  it('counts q … Q nesting as operators, not letters inside names or numbers', () => {
    expect(graphicsDepth(Buffer.from('q q 1 0 0 1 0 0 cm Q q Q Q /Fq1 Do qq Q'))).toBe(2);
    expect(graphicsDepth(Buffer.from('BT /F1 12 Tf (Quiz) Tj ET'))).toBe(0);
  });

  it('finds the depth in deflated and in uncompressed streams, and passes ordinary PDFs', async () => {
    expect(await deepestGraphicsNesting(pdfWithNestedGraphicStates(200_000))).toBe(200_000);
    expect(await deepestGraphicsNesting(pdfWithNestedGraphicStates(50))).toBe(50);
    expect(await deepestGraphicsNesting(pdfWithText(['Invoice 1']))).toBe(0);
  });
});

describe('hostile PDF pages end the file quickly and cleanly', () => {
  const pool = new SandboxPool({ size: 1 });
  beforeAll(() => pool.warm());
  afterAll(() => pool.close());

  async function refusal(bytes: Buffer, limits = intakeLimits()): Promise<{ reason: string; ms: number }> {
    const t0 = performance.now();
    const err = await intakeFile(bytes, 'pdf', limits, { pool }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(IntakeError);
    return { reason: (err as IntakeError).reason, ms: performance.now() - t0 };
  }

  it(`refuses 200,000 nested graphics states before pdf.js opens the file (limit ${MAX_GRAPHICS_DEPTH})`, async () => {
    const { reason, ms } = await refusal(pdfWithNestedGraphicStates(200_000));
    expect(reason).toMatch(/nests graphics states 200000 deep/);
    // Loose on purpose (a loaded machine is slow): pdf.js walking the states would take minutes.
    expect(ms).toBeLessThan(30_000);
  });

  it('stops a page that pdf.js takes too long over, when the pre-scan cannot read its stream', async () => {
    const { reason, ms } = await refusal(pdfWithNestedGraphicStates(5000, 'ASCIIHexDecode'), intakeLimits({ pdfPageTimeoutMs: 1000 }));
    expect(reason).toMatch(/page 1 took longer than 1 s/);
    expect(ms).toBeLessThan(30_000);
  });

  it('refuses a 50,000 × 50,000 point page as larger than PDF allows, instead of rendering a blank', async () => {
    const { reason } = await refusal(pdfWithPageSize(50_000, 50_000));
    expect(reason).toMatch(/larger than PDF allows/);
  });

  it('still reads a page at the largest size PDF allows (drawn within a small pixel budget)', async () => {
    const result = await intakeFile(pdfWithPageSize(14_400, 14_400), 'pdf', intakeLimits({ maxPixels: 4e6 }), { pool });
    expect(result.images).toHaveLength(1);
  });
});
