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

describe('vizField dates', () => {
  const date = (text: string) => vizField({ key: 'date_of_birth', text, region: { page: 1, box: [0.3, 0.4, 0.5, 0.43] }, confidence: 0.9 }, 'date').value;
  it('reads the printed forms of identity documents', () => {
    expect(date('12 JAN 2030')).toBe('2030-01-12');
    expect(date('12/01/2030')).toBe('2030-01-12');
    expect(date('12.01.2030')).toBe('2030-01-12');
    expect(date('12 JANV/JAN 30')).toBe('2030-01-12');
    expect(date('12 JAN /JAN 2030')).toBe('2030-01-12');
    expect(date('18 AOÛT/AUG 1989')).toBe('1989-08-18');
  });
  it("reads a month's O read as zero as the month", () => {
    expect(date('26 0CT 24')).toBe('2024-10-26');
    expect(date('29 OCT /0CT 2024')).toBe('2024-10-29');
    expect(date('03 N0V 2021')).toBe('2021-11-03');
  });
  it('joins a number of a date split by a gap when its separators are not spaces', () => {
    expect(date('23/1 1/2032')).toBe('2032-11-23');
    expect(date('23.1 1.2032')).toBe('2032-11-23');
    // spaces that are the separators stay separators
    expect(date('23 11 2032')).toBe('2032-11-23');
  });
});
