import { describe, expect, it } from 'vitest';
import { pdfWithText } from '../../../test/fixtures/files.js';
import { DEFAULT_INTAKE_LIMITS } from './limits.js';
import { countIncrementalUpdates, pdfOptions } from './pdf.js';

describe('pdfOptions', () => {
  it('turns off code generation from fonts (CVE-2024-4367), font loading and remote resources', () => {
    const options = pdfOptions(DEFAULT_INTAKE_LIMITS);
    expect(options).toMatchObject({ isEvalSupported: false, disableFontFace: true, useSystemFonts: false, maxImageSize: 40e6 });
    for (const folder of [options.standardFontDataUrl, options.cMapUrl, options.wasmUrl, options.iccUrl]) {
      expect(folder).toMatch(/^\/.*node_modules\/pdfjs-dist\/[a-z_]+\/$/);
    }
  });
});

describe('countIncrementalUpdates', () => {
  it('counts edits saved over the original', () => {
    const original = pdfWithText(['Signed contract']);
    expect(countIncrementalUpdates(original)).toBe(0);
    const update = Buffer.from('\n5 0 obj\n<< >>\nendobj\nxref\n0 0\ntrailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n0\n%%EOF\n');
    expect(countIncrementalUpdates(Buffer.concat([original, update]))).toBe(1);
  });
});
