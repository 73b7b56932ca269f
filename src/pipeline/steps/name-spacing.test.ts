import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../doctypes/types.js';
import type { ReadContext } from '../context.js';
import { reconcile } from '../reconcile.js';
import { nameSpacingStep } from './name-spacing.js';

const SPEC: FieldSpec = { key: 'merchant_name', label: 'Merchant', kind: 'name', isKey: true };
const region = { page: 1, box: [0.1, 0.05, 0.9, 0.08] as [number, number, number, number] };

/** One reader's reading of the shop's name, with the doubt its extraction raised about it, if any. */
const reading = (reader: string, value: string, reason: string | null = null) => ({
  reader,
  values: [{ key: 'merchant_name', value, raw: value, region, confidence: 0.9, ...(reason ? { problems: ['LOW_CONFIDENCE' as const], reason } : {}) }],
});

/** The two readings reconciled, then looked at by the step. */
async function run(...extracted: ReturnType<typeof reading>[]) {
  const ctx = { fields: reconcile([SPEC], extracted), extracted, raw: {} } as unknown as ReadContext;
  await nameSpacingStep.run(ctx);
  return ctx.fields[0]!;
}

const loneB = (line: string) =>
  `The name line "${line}" begins or ends with a lone "B", a mark both readers may have read as a letter; a person must say where the shop's name ends.`;

describe('name_spacing', () => {
  it('drops a doubt one reader raised about a word its own spaces made, where the other read the letters alike (seed 23372)', async () => {
    const paddle = 'B RIGHT STAR STATIONERYLTD';
    const field = await run(reading('tesseract', 'BRIGHT STAR STATIONERY LTD'), reading('paddle', paddle, loneB(paddle)));
    expect(field).toMatchObject({ value: 'BRIGHT STAR STATIONERY LTD', status: 'read', evidence: ['reader_agree'], reason: null, problems: [] });
  });

  it('keeps a doubt the published reading raised, or one about words both readings hold', async () => {
    // the published reading's own doubt
    const tesseract = 'B RIGHT STAR STATIONERY LTD';
    const own = await run(reading('tesseract', tesseract, loneB(tesseract)), reading('paddle', 'BRIGHT STAR STATIONERYLTD'));
    expect(own).toMatchObject({ problems: ['LOW_CONFIDENCE'] });
    expect(own.reason).toContain('lone "B"');
    // the other's doubt about an outlet both read
    const outlet = 'The name line "KEDAI ABC CAWANGAN AMPANG" may name an outlet after "CAWANGAN".';
    const both = await run(reading('tesseract', 'KEDAI ABC CAWANGAN AMPANG'), reading('paddle', 'KEDAIABC CAWANGAN AMPANG', outlet));
    expect(both).toMatchObject({ problems: ['LOW_CONFIDENCE'], reason: outlet });
    // readings alike to their spaces: no spacing made the doubt
    const same = 'B RIGHT STAR';
    const alike = await run(reading('tesseract', same), reading('paddle', same, loneB(same)));
    expect(alike).toMatchObject({ problems: ['LOW_CONFIDENCE'] });
  });
});
