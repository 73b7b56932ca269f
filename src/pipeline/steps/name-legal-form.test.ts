import { describe, expect, it } from 'vitest';
import { spelledLegalForm } from '../../doctypes/finance/legal-form-dispute.js';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { nameLegalFormStep } from './name-legal-form.js';
import { disputedName, NAME_REGION } from '../../../test/helpers/disputed-name.js';

const region = NAME_REGION;

/** One reader's reading of the shop's name, with the doubt its extraction raised. */
const doubtedBy = (reader: string, value: string, reason: string) => [
  { reader, values: [{ key: 'merchant_name', value, raw: value, region, confidence: 0.6, problems: ['LOW_CONFIDENCE' as const], reason }] },
];

const context = (field: FieldReading, extracted: ReadContext['extracted'] = []) => ({ fields: [field], extracted, raw: {} }) as unknown as ReadContext;

describe('a company name disputed only in its legal form', () => {
  it('is the reading that spells the form, when the other has a digit or a confused letter in its place', () => {
    expect(spelledLegalForm('SUPER SEVEN CASH & CARRY SDN 3HD', 'SUPER SEVEN CASH & CARRY SDN BHD')).toBe('b');
    expect(spelledLegalForm('KEDAI ABC SDN. BHD.', 'KEDAI ABC 5DN BHD')).toBe('a');
    expect(spelledLegalForm('ACME TRADING LT0', 'ACME TRADING LTD')).toBe('b');
    // initials with stops, each letter a word of the comparison
    expect(spelledLegalForm('Farmacia San Miguel 5.1.', 'Farmacia San Miguel S.L.')).toBe('b');
    // …a digit in a later initial, the ones before it read alike (seed 23360)
    expect(spelledLegalForm('DROGERIE HOFFMANN E.K.', 'DROGERIE HOFFMANN E.1')).toBe('a');
    expect(spelledLegalForm('Farmacia San Miguel S.1.U.', 'Farmacia San Miguel S.L.U.')).toBe('b');
    expect(spelledLegalForm('Café Lindenblüte 0HG', 'Café Lindenblüte OHG')).toBe('b');
    // a letter the readers confuse, in a compound form's second word
    expect(spelledLegalForm('HOME MASTER HARDWARE PTE ITD', 'HOME MASTER HARDWARE PTE LTD')).toBe('b');
    expect(spelledLegalForm('KEDAI ABC SDN BHO', 'KEDAI ABC SDN BHD')).toBe('b');
    // …or in its first word, before a second both read alike (seed 20256)
    expect(spelledLegalForm('SYARIKAT PERNIAGAAN HUP LEE SON BHD', 'SYARIKAT PERNIAGAAN HUP LEE SDN BHD')).toBe('b');
    // …or in a form of four letters or more, alone or before a partnership's "& Co. KG" (seed 26289)
    expect(spelledLegalForm('CAFE LINDENBLUTE CMBH', 'CAFE LINDENBLUTE GMBH')).toBe('b');
    expect(spelledLegalForm('CAFE LINDENBLUTE CMBH & CO. KG', 'CAFE LINDENBLUTE GMBH & CO. KG')).toBe('b');
    // …or the partnership's "&" one reader dropped (seed 26358)
    expect(spelledLegalForm('FEINKOST WEBER GMBH & CO. KG', 'FEINKOST WEBER GMBH CO.KG')).toBe('a');
    expect(spelledLegalForm('FEINKOST WEBER GMBH CO KG', 'FEINKOST WEBER GMBH & CO. KG')).toBe('b');
  });

  it('is no one reading when anything else differs, or both could be printed', () => {
    // another word of the name disputed as well
    expect(spelledLegalForm('SUPER SEVEN CASH & CARRV SDN 3HD', 'SUPER SEVEN CASH & CARRY SDN BHD')).toBeNull();
    // letters only: "SON" is a word a name may hold
    expect(spelledLegalForm('ABC & SON BHD', 'ABC & SDN BHD')).toBeNull();
    // a digit in a name's own last word is no legal form's
    expect(spelledLegalForm('KEDAI ABC 12', 'KEDAI ABC LTD')).toBeNull();
    // a letter for a letter where no form word comes before it, or one the readers do not confuse
    expect(spelledLegalForm('ACME TRADING ITD', 'ACME TRADING LTD')).toBeNull();
    expect(spelledLegalForm('HOME MASTER HARDWARE PTE XTD', 'HOME MASTER HARDWARE PTE LTD')).toBeNull();
    // a short form alone, one glyph from a name's word; a partnership's tail read differently
    expect(spelledLegalForm('ACME TRADING LTO', 'ACME TRADING LTD')).toBeNull();
    expect(spelledLegalForm('CAFE LINDENBLUTE CMBH & CO. KG', 'CAFE LINDENBLUTE GMBH & CO. K6')).toBeNull();
    // an "&" dropped where no form stands before it, or another word apart as well
    expect(spelledLegalForm('WEBER & CO. KG', 'WEBER CO. KG')).toBeNull();
    expect(spelledLegalForm('FEINKOST WEBER GMBH & CO. KG', 'FEINKOST WEBFR GMBH CO. KG')).toBeNull();
    // two letters without stops may be a unit's number ("5A"), and a stop alone makes no form
    expect(spelledLegalForm('CAFE MELATI 5A', 'CAFE MELATI SA')).toBeNull();
    expect(spelledLegalForm('CAFE MELATI 5.', 'CAFE MELATI S.')).toBeNull();
    // initials that spell no form, whatever their digit
    expect(spelledLegalForm('CAFE MELATI A.B.', 'CAFE MELATI A.8.')).toBeNull();
    // nothing of the name before the form
    expect(spelledLegalForm('SDN 3HD', 'SDN BHD')).toBeNull();
    expect(spelledLegalForm('KEDAI ABC SDN BHD', 'KEDAI ABC SDN BHD')).toBeNull();
  });

  it('publishes the spelled form with both engines as evidence, the dissent among the candidates', async () => {
    const ctx = context(disputedName('SUPER SEVEN CASH & CARRY SDN 3HD', 'SUPER SEVEN CASH & CARRY SDN BHD'));
    await nameLegalFormStep.run(ctx);
    const [field] = ctx.fields;
    expect(field).toMatchObject({ value: 'SUPER SEVEN CASH & CARRY SDN BHD', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(field!.candidates).toHaveLength(2);
    expect(field!.reason).toContain('"SUPER SEVEN CASH & CARRY SDN 3HD"');
  });

  it('sets aside a doubt the misread glyph itself raised', async () => {
    const lstm = 'SUPER SEVEN CASH & CARRY SDN 3HD';
    const extracted = doubtedBy('tesseract', lstm, `The name line "${lstm}" may name an outlet after "3HD".`);
    const ctx = context(disputedName(lstm, 'SUPER SEVEN CASH & CARRY SDN BHD'), extracted);
    await nameLegalFormStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'SUPER SEVEN CASH & CARRY SDN BHD', status: 'read' });
  });

  it('sets aside the doubt that the misread form word itself raised as text after the form', async () => {
    const lstm = 'HOME MASTER HARDWARE PTE ITD';
    const extracted = doubtedBy(
      'tesseract',
      lstm,
      `The name line "${lstm}" goes on after its legal form with "ITD"; a person must say where the shop's name ends.`,
    );
    const ctx = context(disputedName(lstm, 'HOME MASTER HARDWARE PTE LTD'), extracted);
    await nameLegalFormStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: 'HOME MASTER HARDWARE PTE LTD', status: 'read' });
  });

  it('leaves a name line a reader doubted to a person', async () => {
    const lstm = 'KEDAI ABC SDN 8HD KEPONG';
    const paddle = 'KEDAI ABC SDN BHD KEPONG';
    const extracted = doubtedBy('paddle', paddle, 'goes on after its legal form');
    const ctx = context(disputedName(lstm, paddle), extracted);
    await nameLegalFormStep.run(ctx);
    expect(ctx.fields[0]).toMatchObject({ value: null, status: 'conflict' });
    // the dissenting reader's doubt of another kind as well
    const other = [{ reader: 'tesseract', values: [{ ...extracted[0]!.values[0]!, value: lstm, raw: lstm }] }];
    const again = context(disputedName(lstm, paddle), other);
    await nameLegalFormStep.run(again);
    expect(again.fields[0]).toMatchObject({ value: null, status: 'conflict' });
  });
});
