import { describe, expect, it } from 'vitest';
import { nameDifference, sameFieldValue, sameName, sameNameWords } from '../bench/eval/compare.js';

describe('the evaluation judging company names', () => {
  it('takes a name with or without its legal form, punctuation or spacing as the same', () => {
    expect(sameName('OJC Marketing', 'OJC MARKETING SDN BHD')).toBe(true);
    expect(sameName('Northwind Analytics GmbH', 'NORTHWIND ANALYTICS')).toBe(true);
    expect(sameName('MR. D.I.Y. (M)', 'MR DIY (M) SDN. BHD.')).toBe(true);
  });

  it('counts a name run into its address, or cut, as a wrong value', () => {
    expect(sameName('Northwind Analytics GmbH, Lindenstraße 14, 20095 Hamburg', 'Northwind Analytics GmbH')).toBe(false);
    expect(sameName('rthwind Analytics GmbH', 'Northwind Analytics GmbH')).toBe(false);
    expect(sameName('GREEN LEAF CAF', 'Green Leaf Café')).toBe(false);
    expect(sameName('GmbH', 'Muster GmbH')).toBe(false);
  });
});

describe("the evaluation judging names against labels made from the document's own data (e-invoices)", () => {
  it('counts a name split inside a word, or run together, as wrong', () => {
    expect(sameNameWords('Liefer ant GmbH', 'Lieferant GmbH')).toBe(false);
    expect(sameNameWords('LieferantGmbH', 'Lieferant GmbH')).toBe(false);
    expect(sameNameWords('BeiSpiel GmbH', 'Bei Spiel GmbH')).toBe(false);
    expect(sameFieldValue('vendor_name', 'Lieferant GmbH', 'Liefer ant GmbH', 'words')).toBe(false);
    // Receipts' transcribed labels keep the comparison by letters.
    expect(sameFieldValue('vendor_name', 'Lieferant GmbH', 'Liefer ant GmbH')).toBe(true);
    expect(nameDifference('Liefer ant GmbH', 'Lieferant GmbH')).toBe('word breaks');
  });

  it('takes the same words whatever the case, punctuation or legal form', () => {
    expect(sameNameWords('LIEFERANT', 'Lieferant GmbH')).toBe(true);
    expect(sameNameWords('Au bon moulin', 'AU BON MOULIN SARL')).toBe(true);
    expect(sameNameWords('Nordsee Fisch GmbH & Co. KG', 'Nordsee Fisch GmbH & Co. KG')).toBe(true);
    expect(sameNameWords('MR. D.I.Y. (M)', 'MR DIY (M) SDN. BHD.')).toBe(true);
    expect(sameNameWords('rthwind Analytics GmbH', 'Northwind Analytics GmbH')).toBe(false);
  });
});

describe('the kind of a wrong name, counted for held-out sets', () => {
  it('tells a name with more, a cut name and a misspelt one apart', () => {
    expect(nameDifference('THREE STOOGES BISTRO', 'THREE STOOGES')).toBe('longer: 3+ letters after (1 word: other)');
    expect(nameDifference('MR. D.I.Y. (M) SDN BHD', 'MR. D.I.Y. SDN BHD')).toBe('longer: 1–2 letters after (1 word: other)');
    expect(nameDifference('WELCOME TO THREE STOOGES 28', 'THREE STOOGES')).toBe('longer: 3+ letters and digits around (3 words: other)');
    expect(nameDifference('KEDAI ABC 12', 'KEDAI ABC')).toBe('longer: 1–2 digits after (1 word: other)');
    expect(nameDifference('ABC TRADING', 'ABC')).toBe('longer: 3+ letters after (1 word: a business word)');
    expect(nameDifference('ABC SON BHD', 'ABC SDN BHD')).toBe('longer: 3+ letters after (1 word: a near legal form)');
    expect(nameDifference('HREE STOOGES', 'THREE STOOGES')).toBe('shorter');
    expect(nameDifference('THREE ST00GES', 'THREE STOOGES')).toBe('spelling');
  });
});

describe('the evaluation judging line items', () => {
  const items = [
    { description: 'Support retainer', quantity: 12, unit_price: 1184, amount: 14208 },
    { description: 'A4 paper', quantity: null, unit_price: null, amount: 5.39 },
  ];
  it('takes the same rows, words and numbers as the same, case and spacing aside', () => {
    expect(sameFieldValue('line_items', items, [{ ...items[0], description: 'SUPPORT  retainer' }, items[1]])).toBe(true);
  });
  it('counts a quantity run into the description, a row more or less, or a made-up number as wrong', () => {
    expect(sameFieldValue('line_items', items, [{ ...items[0], description: 'Support retainer 12', quantity: null }, items[1]])).toBe(false);
    expect(sameFieldValue('line_items', items, [items[0]])).toBe(false);
    expect(sameFieldValue('line_items', items, [items[0], { ...items[1], quantity: 1, unit_price: 5.39 }])).toBe(false);
  });
});
