import { describe, expect, it } from 'vitest';
import { composeMrz } from './compose.js';
import { findMrz, findMrzLines } from './detect.js';

const td3 = composeMrz({
  format: 'TD3',
  documentCode: 'P',
  issuingState: 'UTO',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  documentNumber: 'L898902C3',
  nationality: 'UTO',
  birthDate: '740812',
  sex: 'F',
  expiryDate: '320415',
});
const td1 = composeMrz({
  format: 'TD1',
  documentCode: 'ID',
  issuingState: 'BEL',
  surname: 'SPECIMEN',
  givenNames: 'ANNE',
  documentNumber: '600001795',
  nationality: 'BEL',
  birthDate: '950228',
  sex: 'F',
  expiryDate: '300106',
});

describe('findMrz', () => {
  it('finds a TD3 under noisy OCR text, with spaces, lower case and «', () => {
    const text = [
      'PASSPORT  PASSEPORT',
      'Surname / Nom  ERIKSSON',
      'Given names ANNA MARIA',
      'UTOPIA 12 AUG 1974',
      '',
      'p<utoeriksson<<anna<maria<<<<<< <<<<<<<<«<<<<',
      td3[1]!.slice(0, 20) + ' ' + td3[1]!.slice(20),
      '',
    ];
    const found = findMrz(text);
    expect(found?.format).toBe('TD3');
    expect(found?.lines).toEqual([td3[0]!.slice(0, 39) + '«' + td3[0]!.slice(40), td3[1]]);
  });

  it('finds a TD1 and prefers all three lines', () => {
    expect(findMrz(['IDENTITY CARD', ...td1, 'page 1'])).toEqual({ lines: td1, format: 'TD1' });
  });

  it('tells a French card from a TD2 by its check digits', () => {
    const lines = ['IDFRABERTHIER<<<<<<<<<<<<<<<<<<<<<<<', '9409923102854CORINNE<<<<<<<6512068F4'];
    expect(findMrz(['CARTE NATIONALE D IDENTITE', ...lines])?.format).toBe('FRENCH_ID');
  });

  it('finds nothing in prose or in lines of the wrong shape', () => {
    expect(findMrzLines(['INVOICE NUMBER 12345 TOTAL AMOUNT DUE', 'PAYMENT WITHIN THIRTY DAYS OF RECEIPT'])).toBeNull();
    expect(findMrzLines([td3[0]!])).toBeNull();
    expect(findMrzLines([])).toBeNull();
  });

  it('bounds its input', () => {
    const junk = Array.from({ length: 5000 }, () => 'X'.repeat(10_000));
    expect(findMrzLines([...junk, ...td3])).toBeNull();
    expect(findMrzLines([...td3, ...junk])).toEqual(td3);
  });
});
