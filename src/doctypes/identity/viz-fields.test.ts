import { describe, expect, it } from 'vitest';
import { vizExtracted, vizField } from './viz-fields.js';

const at = (box: [number, number, number, number], text: string) => vizField({ key: 'authority', text, region: { page: 1, box }, confidence: 0.9 }, 'text');

describe('vizExtracted', () => {
  it('never takes a value that runs to the side of the image (it may be cut off)', () => {
    const cut = vizExtracted(at([0.55, 0.4, 1, 0.43], 'UNITED STATES DEPARTME'));
    expect(cut.value).toBeNull();
    expect(cut.reason).toMatch(/edge/);
    expect(vizExtracted(at([0.55, 0.4, 0.9, 0.43], 'UNITED STATES DEPARTMENT OF STATE')).value).toBe('UNITED STATES DEPARTMENT OF STATE');
  });
});
