import { describe, expect, it } from 'vitest';
import { misreadLegalForm } from '../../doctypes/finance/legal-form-dispute.js';
import { misreadTradeWord, spelledTradeWord } from '../../doctypes/finance/trade-words.js';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { nameTradeMisreadStep, nameTradeWordsStep } from './name-trade-words.js';
import { disputedName, NAME_REGION } from '../../../test/helpers/disputed-name.js';

const context = (field: FieldReading, extracted: ReadContext['extracted'] = []) => ({ fields: [field], extracted, raw: {} }) as unknown as ReadContext;

describe('a company name disputed only in one letter of a trade word', () => {
  it('is the reading that spells the word, where the other spells none, by a glyph the readers confuse', () => {
    expect(spelledTradeWord('HOME MASTER HARDWARE ENTERPRISF', 'HOME MASTER HARDWARE ENTERPRISE')).toBe('b');
    expect(spelledTradeWord('KEDAT RUNCIT AH SENG', 'KEDAI RUNCIT AH SENG')).toBe('b');
    expect(spelledTradeWord('Farmacia San Miguel', 'Farrnacia San Miguel')).toBeNull();
    expect(spelledTradeWord('B0ULANGERIE MARTIN', 'BOULANGERIE MARTIN')).toBe('b');
    expect(spelledTradeWord('Librairie Martin', 'Librairle Martin')).toBe('a');
  });

  it('is no reading when the name of the shop itself is disputed, or more than one letter, or another kind of letter', () => {
    // a family's or a place's word is on no list
    expect(spelledTradeWord('BRIGHT SIAR STATIONERY', 'BRIGHT STAR STATIONERY')).toBeNull();
    // two words disputed
    expect(spelledTradeWord('HOME MASTEP HARDWARE ENTERPRISF', 'HOME MASTER HARDWARE ENTERPRISE')).toBeNull();
    // two letters of the word, a letter dropped, or letters no reader takes for each other
    expect(spelledTradeWord('HOME MASTER HARDWARE ENTERFRISF', 'HOME MASTER HARDWARE ENTERPRISE')).toBeNull();
    expect(spelledTradeWord('HOME MASTER HARDWARE ENTERPRISES', 'HOME MASTER HARDWARE ENTERPRISE')).toBeNull();
    expect(spelledTradeWord('HOME MASTER HARDWARE ENTERPRISK', 'HOME MASTER HARDWARE ENTERPRISE')).toBeNull();
    // the word alone, with nothing of the name read alike
    expect(spelledTradeWord('ENTERPRISF', 'ENTERPRISE')).toBeNull();
  });

  it('publishes the spelled word with both engines as evidence, unless a reader doubted the name line', async () => {
    const ctx = context(disputedName('HOME MASTER HARDWARE ENTERPRISF', 'HOME MASTER HARDWARE ENTERPRISE'));
    await nameTradeWordsStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'HOME MASTER HARDWARE ENTERPRISE', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(ctx.fields[0]!.reason).toContain('"HOME MASTER HARDWARE ENTERPRISF"');
    const name = 'HOME MASTER HARDWARE ENTERPRISE';
    const doubted = context(disputedName('HOME MASTER HARDWARE ENTERPRISF', name), [
      {
        reader: 'paddle',
        values: [
          {
            key: 'merchant_name',
            value: name,
            raw: name,
            region: NAME_REGION,
            confidence: 0.9,
            problems: ['LOW_CONFIDENCE' as const],
            reason: `The name line "${name}" runs to the side of the image; it may be cut.`,
          },
        ],
      },
    ]);
    await nameTradeWordsStep.run(doubted);
    expect(doubted.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });
});

describe('a company name both readers read alike with a trade word one confused glyph off', () => {
  const agreed = (value: string, evidence: FieldReading['evidence'] = ['reader_agree']): FieldReading => ({
    ...disputedName(value, value),
    value,
    status: 'read',
    evidence,
    reason: null,
    problems: [],
  });

  it("finds the word, and none in a name whose words are the list's or no trade word's", () => {
    expect(misreadTradeWord('FARMACTA SAN MIGUEL S.L.U.')).toEqual({ read: 'FARMACTA', spelt: 'FARMACIA' });
    expect(misreadTradeWord('HOME MASTER HARDWARE ENTERPRISF')).toEqual({ read: 'ENTERPRISF', spelt: 'ENTERPRISE' });
    expect(misreadTradeWord('FARMACIA SAN MIGUEL S.L.U.')).toBeNull();
    // a shop's own word, and letters no reader takes for each other
    expect(misreadTradeWord('BRIGHT STAR STATIONERY')).toBeNull();
    expect(misreadTradeWord('FARMACXA SAN MIGUEL')).toBeNull();
  });

  it("finds a name's last word that is a legal form with one glyph misread (seed 24342), and not a word a name ends in", () => {
    expect(misreadLegalForm('EPICERIE FINE DUBOIS EURI')).toEqual({ read: 'EURI', spelt: 'EURL' });
    expect(misreadLegalForm('KEDAI MAJU SDN 8HD')).toEqual({ read: '8HD', spelt: 'BHD' });
    for (const name of ['EPICERIE FINE DUBOIS EURL', 'LIM & SON', 'APPLE PIE', 'EURI CAFE', 'BACKEREI SONNENSCHEIN KG'])
      expect(misreadLegalForm(name), name).toBeNull();
  });

  it('withholds a name whose legal form both engines misread alike', async () => {
    const ctx = context(agreed('EPICERIE FINE DUBOIS EURI'));
    await nameTradeMisreadStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'unreadable', problems: ['LOW_CONFIDENCE'] });
    expect(ctx.fields[0]!.reason).toMatch(/"EURI" is the legal form "EURL"/);
  });

  it('withholds such a name read from pixels (seed 20869), and leaves one a text layer spells', async () => {
    const ctx = context(agreed('FARMACTA SAN MIGUEL S.L.U.'));
    await nameTradeMisreadStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'unreadable', problems: ['LOW_CONFIDENCE'] });
    expect(ctx.fields[0]!.reason).toMatch(/"FARMACTA" is the trade's word "FARMACIA"/);
    const layer = context(agreed('FARMACTA SAN MIGUEL S.L.U.', ['text_layer']));
    await nameTradeMisreadStep.run(layer);
    expect(layer.fields[0]!.status).toBe('read');
  });
});
