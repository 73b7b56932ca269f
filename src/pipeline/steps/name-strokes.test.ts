import { describe, expect, it } from 'vitest';
import { spelledOverStroke } from '../../doctypes/finance/stroke-marks.js';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { nameStrokesStep } from './name-strokes.js';
import { disputedName, NAME_REGION } from '../../../test/helpers/disputed-name.js';

const context = (field: FieldReading, extracted: ReadContext['extracted'] = []) => ({ fields: [field], extracted, raw: {} }) as unknown as ReadContext;

describe('a company name disputed only in a stroke one reader gave as a mark', () => {
  it('is the reading that spells the stroke as a letter', () => {
    expect(spelledOverStroke('BHPetro} Subang Airport', 'BHPetrol Subang Airport')).toBe(true);
    // the mark set apart from the word it ends
    expect(spelledOverStroke('RESTAURANT JIAWE |', 'RESTAURANT JIAWEI')).toBe(true);
    expect(spelledOverStroke('KEDAI BUKU MA]U JAYA', 'KEDAI BUKU MAJU JAYA')).toBe(true);
    expect(spelledOverStroke('PASAR M!NI SERI INDAH', 'PASAR MINI SERI INDAH')).toBe(true);
  });

  it('is no reading when anything else differs, the words are set otherwise, or little of the name is shared', () => {
    // a letter misread besides the stroke
    expect(spelledOverStroke('BHPetro} Subanq Airport', 'BHPetrol Subang Airport')).toBe(false);
    // a mark where the other reader has a letter no stroke makes
    expect(spelledOverStroke('BHPetro} Subang Airport', 'BHPetros Subang Airport')).toBe(false);
    // a mark added, not read for a letter
    expect(spelledOverStroke('KEDAI BUKU MA]JU', 'KEDAI BUKU MAJU')).toBe(false);
    // the words set otherwise than around the mark (the lettered reading ran two together)
    expect(spelledOverStroke('BHPetro} Subang Airport', 'BHPetrol SubangAirport')).toBe(false);
    // marks in both readings, or too many in one
    expect(spelledOverStroke('BHPetro} Subang Airport', 'BHPetrol Subang Airpor|')).toBe(false);
    expect(spelledOverStroke('|||', 'ILJ')).toBe(false);
    expect(spelledOverStroke('AB|', 'ABI')).toBe(false);
    expect(spelledOverStroke('KEDAI ABC', 'KEDAI ABC')).toBe(false);
  });

  it('publishes the lettered reading with both engines as evidence, the dissent among the candidates', async () => {
    const ctx = context(disputedName('RESTAURANT JIAWE |', 'RESTAURANT JIAWEI'));
    await nameStrokesStep.run(ctx);
    const [field] = ctx.fields;
    expect(field).toMatchObject({ value: 'RESTAURANT JIAWEI', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(field!.candidates).toHaveLength(2);
    expect(field!.reason).toContain('"RESTAURANT JIAWE |"');
    // either reader may be the one that gave the mark
    const other = context(disputedName('BHPetrol Subang Airport', 'BHPetro} Subang Airport'));
    await nameStrokesStep.run(other);
    expect(other.fields[0]).toMatchObject({ value: 'BHPetrol Subang Airport', status: 'read' });
  });

  it("withholds the name where a reader doubted it for more than the mark, and leaves other fields' disputes", async () => {
    const lettered = 'RESTAURANT JIAWEI';
    const extracted = [
      {
        reader: 'paddle',
        values: [
          {
            key: 'merchant_name',
            value: lettered,
            raw: lettered,
            region: NAME_REGION,
            confidence: 0.9,
            problems: ['LOW_CONFIDENCE' as const],
            reason: `The shop's name "${lettered}" may go on over the next line, "JIAWEI HOUSE".`,
          },
        ],
      },
    ];
    const ctx = context(disputedName('RESTAURANT JIAWE |', lettered), extracted);
    await nameStrokesStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    const address = context(disputedName('NO 8, JALAN 7/1|8R', 'NO 8, JALAN 7/118R', 'merchant_address'));
    await nameStrokesStep.run(address);
    expect(address.fields[0]).toMatchObject({ status: 'conflict' });
  });
});
