import { describe, expect, it } from 'vitest';
import { spelledOverSplitUmlaut } from '../../doctypes/finance/split-umlauts.js';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { nameUmlautsStep } from './name-umlauts.js';
import { disputedName, NAME_REGION } from '../../../test/helpers/disputed-name.js';

const context = (field: FieldReading, extracted: ReadContext['extracted'] = []) => ({ fields: [field], extracted, raw: {} }) as unknown as ReadContext;

describe('a company name disputed only in an ü one reader read as "ii"', () => {
  it('is the reading that spells it as a u', () => {
    expect(spelledOverSplitUmlaut('Café Lindenbliite e.K.', 'Cafe Lindenblute e.K.')).toBe(true);
    expect(spelledOverSplitUmlaut('GETRANKEMARKT KRAMER MIINCHEN', 'GETRANKEMARKT KRAMER MUNCHEN')).toBe(true);
    // PaddleOCR's ü read as itself is a u with its accent
    expect(spelledOverSplitUmlaut('Bäckerei Griin GmbH', 'Bäckerei Grün GmbH')).toBe(true);
  });

  it('is no reading when anything else differs, the words are set otherwise, or little of the name is shared', () => {
    // another letter misread besides
    expect(spelledOverSplitUmlaut('Café Lindenbliite e.K.', 'Cafe Lindenblute e.X.')).toBe(false);
    // the ü read as one i, or as something else: a misread letter, not the umlaut's dots
    expect(spelledOverSplitUmlaut('Café Lindenblite KG', 'Cafe Lindenblute KG')).toBe(false);
    expect(spelledOverSplitUmlaut('CAFE LINDENBILUTE OHG', 'CAFE LINDENBLUTE OHG')).toBe(false);
    // the words set otherwise
    expect(spelledOverSplitUmlaut('Café Lindenbliite e.K.', 'CafeLindenblute e.K.')).toBe(false);
    // the same reading, or too little besides
    expect(spelledOverSplitUmlaut('Cafe Lindenblute', 'Cafe Lindenblute')).toBe(false);
    expect(spelledOverSplitUmlaut('Gii', 'Gu')).toBe(false);
    expect(spelledOverSplitUmlaut('Miiiiii Kiin', 'Muuu Kun')).toBe(false);
  });

  it('publishes the plain reading with both engines as evidence, the dissent among the candidates', async () => {
    const ctx = context(disputedName('Café Lindenbliite e.K.', 'Café Lindenblute e.K.'));
    await nameUmlautsStep.run(ctx);
    const [field] = ctx.fields;
    expect(field).toMatchObject({ value: 'Café Lindenblute e.K.', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(field!.candidates).toHaveLength(2);
    expect(field!.reason).toContain('"Café Lindenbliite e.K."');
    const other = context(disputedName('Café Lindenblute e.K.', 'Café Lindenbliite e.K.'));
    await nameUmlautsStep.run(other);
    expect(other.fields[0]).toMatchObject({ value: 'Café Lindenblute e.K.', status: 'read' });
  });

  it("withholds the name where a reader doubted it, and leaves other fields' disputes", async () => {
    const plain = 'Café Lindenblute';
    const extracted = [
      {
        reader: 'paddle',
        values: [
          {
            key: 'merchant_name',
            value: plain,
            raw: plain,
            region: NAME_REGION,
            confidence: 0.9,
            problems: ['LOW_CONFIDENCE' as const],
            reason: `The shop's name "${plain}" may go on over the next line, "Zweigstelle Altstadt".`,
          },
        ],
      },
    ];
    const ctx = context(disputedName('Café Lindenbliite', plain), extracted);
    await nameUmlautsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    const address = context(disputedName('Hauptstraße 1, Miinchen', 'Hauptstraße 1, Munchen', 'merchant_address'));
    await nameUmlautsStep.run(address);
    expect(address.fields[0]).toMatchObject({ status: 'conflict' });
  });
});
