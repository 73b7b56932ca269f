import { describe, expect, it } from 'vitest';
import { composeMrz } from './compose.js';

describe('composeMrz', () => {
  it('writes the ICAO TD3 specimen exactly', () => {
    expect(
      composeMrz({
        format: 'TD3',
        documentCode: 'P',
        issuingState: 'UTO',
        surname: 'ERIKSSON',
        givenNames: 'ANNA MARIA',
        documentNumber: 'L898902C3',
        nationality: 'UTO',
        birthDate: '740812',
        sex: 'F',
        expiryDate: '120415',
        personalNumber: 'ZE184226B',
      }),
    ).toEqual(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']);
  });

  it('writes the ICAO TD1 specimen with a long document number in the optional data', () => {
    expect(
      composeMrz({
        format: 'TD1',
        documentCode: 'I',
        issuingState: 'NLD',
        surname: 'DE BRUIJN',
        givenNames: 'WILLEKE LISELOTTE',
        documentNumber: '1234567890123456788012',
        nationality: 'NLD',
        birthDate: '650310',
        sex: 'F',
        expiryDate: '310802',
        optionalData2: 'OPT<DATA2',
      }),
    ).toEqual(['I<NLD123456789<01234567880122<', '6503101F3108022NLDOPT<DATA2<<8', 'DE<BRUIJN<<WILLEKE<LISELOTTE<<']);
  });

  it('writes a French identity card', () => {
    expect(
      composeMrz({
        format: 'FRENCH_ID',
        documentCode: 'ID',
        issuingState: 'FRA',
        surname: 'NEYRIER',
        givenNames: 'MICHEL, JEAN',
        documentNumber: '210113353744',
        birthDate: '850527',
        sex: 'M',
        optionalData: '013029',
      }),
    ).toEqual(['IDFRANEYRIER<<<<<<<<<<<<<<<<<<013029', '2101133537444MICHEL<<JEAN<<8505279M1']);
  });
});
