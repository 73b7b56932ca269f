import { describe, expect, it } from 'vitest';
import { DOCTYPES } from '../../doctypes/registry.js';
import type { FieldReading } from '../../domain/field.js';
import type { Line, ReaderOutput } from '../../readers/types.js';
import { mrzVisualZoneSigns } from './mrz-viz.js';

const line = (text: string, box: [number, number, number, number]): Line => ({
  text,
  box,
  confidence: 0.9,
  words: [{ text, box, confidence: 0.9 }],
});

/** The MRZ's document number, its check digit passing. */
const documentNumber: FieldReading = {
  key: 'document_number',
  label: 'Document number',
  value: '498143622',
  status: 'read',
  evidence: ['mrz_checksum'],
  candidates: [],
  region: null,
  reason: null,
  isKey: true,
  problems: [],
};

/** Two engines read the printed "Passport No" as a number other than the MRZ's. */
const readings: ReaderOutput[] = ['tesseract', 'paddle'].map((reader) => ({
  reader: reader as ReaderOutput['reader'],
  engine: { name: reader, version: '1' },
  pages: [{ page: 1, lines: [line('Passport No', [0.3, 0.5, 0.45, 0.52]), line('V64559042', [0.3, 0.53, 0.45, 0.56])] }],
  ms: 0,
  cost_usd: 0,
}));

const signsFor = (type: string) => {
  const doctype = DOCTYPES.find((d) => d.type === type)!;
  const kinds = Object.fromEntries(doctype.fields.map((f) => [f.key, f.kind]));
  return mrzVisualZoneSigns([documentNumber], readings, kinds, doctype.crossChecked!);
};

describe('MRZ against the visual zone', () => {
  it("compares a passport's printed number with its MRZ document number", () => {
    expect(signsFor('passport')).toMatchObject([{ kind: 'mrz_viz_mismatch', weight: 0.6, fields: ['document_number'] }]);
  });
  it("does not take a visa's printed passport number for the visa's own number in its MRZ", () => {
    expect(signsFor('visa')).toEqual([]);
  });
});
