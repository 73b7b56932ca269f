import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../../domain/field.js';
import { decide } from '../../verification/decide.js';
import type { ReadContext, SlicedEdge } from '../context.js';
import { slicedLineStep } from './sliced-line.js';

const field = (key: string, y0: number, evidence: FieldReading['evidence'] = ['reader_agree']): FieldReading => ({
  key,
  label: key,
  isKey: key === 'total',
  value: key === 'total' ? 18.9 : 'X',
  status: 'read',
  evidence,
  candidates: [],
  region: { page: 1, box: [0.6, y0, 0.8, y0 + 0.02] },
  reason: null,
  problems: [],
});

async function run(fields: FieldReading[], sliced: SlicedEdge[], rotation = 0): Promise<FieldReading[]> {
  const ctx = { fields, slicedEdges: sliced, readings: [{ reader: 'tesseract', pages: [{ page: 1, rotation, lines: [] }] }] } as unknown as ReadContext;
  await slicedLineStep.run(ctx);
  return ctx.fields;
}

describe('sliced_line: values read off a line the photo edge slices', () => {
  const bottom: SlicedEdge[] = [{ page: 1, edge: 'bottom', band: 0.06 }];

  it('withdraws a value on the sliced line as not there, and keeps values away from it', async () => {
    const [total, date] = await run([field('total', 0.965), field('date', 0.5)], bottom);
    expect(total).toMatchObject({ value: null, status: 'unreadable', problems: ['REQUIRED_FIELD_MISSING'] });
    expect(total!.reason).toMatch(/bottom edge/);
    expect(date).toMatchObject({ value: 'X', status: 'read' });
  });

  it('keeps a value its own check digit proves, and leaves pages without a slice alone', async () => {
    expect((await run([field('document_number', 0.965, ['mrz_checksum'])], bottom))[0]!.value).toBe('X');
    expect((await run([field('total', 0.965)], []))[0]!.value).toBe(18.9);
    expect((await run([field('total', 0.965)], [{ page: 2, edge: 'bottom', band: 0.06 }]))[0]!.value).toBe(18.9);
  });

  it('follows the readers turning the page: upside down the sliced bottom is the upright top', async () => {
    expect((await run([field('total', 0.01)], bottom, 180))[0]!.value).toBeNull();
    expect((await run([field('total', 0.965)], bottom, 180))[0]!.value).toBe(18.9);
  });

  it('so a required value cut by the slice keeps the photo sent back as cut off', async () => {
    const fields = await run([field('total', 0.965)], bottom);
    const { outcome } = decide({
      documentType: 'receipt',
      fields,
      problems: [],
      captureDoubts: [{ code: 'QUALITY_GATE_CUTOFF', detail: 'cut' }],
      readable: true,
      classified: true,
      issuingCountry: null,
      timings: {},
      engines: [],
      readers: [],
      costUsd: 0,
    });
    expect(outcome.code).toBe('QUALITY_GATE_CUTOFF');
  });
});
