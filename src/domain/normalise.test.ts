import { describe, expect, it } from 'vitest';
import { amountsIn, canonical, parseAmount, parseDate } from './normalise.js';

describe('normalise', () => {
  it('reads a date whose four-digit year runs into the time, but not a two-digit one', () => {
    expect(parseDate('25/12/20188:13:39PM')?.iso).toBe('2018-12-25');
    expect(parseDate('Date 25/12/2018 8:13')?.iso).toBe('2018-12-25');
    expect(parseDate('03/04/25')).toMatchObject({ iso: '2025-04-03', ambiguous: true });
    expect(parseDate('03/04/251')).toBeNull();
  });

  it('reads a month whose O a reader took for zero, and turns no other word into a month', () => {
    expect(parseDate('26 0CT 24')?.iso).toBe('2024-10-26');
    expect(parseDate('29 OCT /0CT 2024')?.iso).toBe('2024-10-29');
    expect(canonical('date', '26 0CT 24')).toBe(canonical('date', '26 OCT 24'));
    expect(parseDate('26 0XT 24')).toBeNull();
  });

  it('reads a month printed in two languages, never two different months', () => {
    expect(parseDate('12 JANV/JAN 30')?.iso).toBe('2030-01-12');
    expect(parseDate('12 JAN /JAN 2030')?.iso).toBe('2030-01-12');
    expect(parseDate('18 AOÛT/AUG 1989')?.iso).toBe('1989-08-18');
    expect(parseDate('12 JAN/FEB 2030')).toBeNull();
  });

  it('reads each amount of a text on its own, never gluing neighbours together', () => {
    expect(parseAmount('VAT 20% 6,363.99')).toBe(20);
    expect(amountsIn('VAT 20% 6,363.99')).toEqual([20, 6363.99]);
    expect(amountsIn('Total 1.234,56 EUR')).toEqual([1234.56]);
    expect(parseAmount('no figure')).toBeNull();
    // Thousands set apart by a plain space before a decimal comma (French print), or by an apostrophe (Swiss).
    expect(amountsIn('Total TTC 1 234,56 €')).toEqual([1234.56]);
    expect(amountsIn('2 x 3,50 7,00')).toEqual([2, 3.5, 7]);
    expect(amountsIn("CHF 1'234.50")).toEqual([1234.5]);
  });

  it('compares names without the spaces one reader drops', () => {
    expect(canonical('text', '5013 Bergen, Norway')).toBe(canonical('text', '5013Bergen Norway'));
    expect(canonical('name', 'Müller & Söhne')).toBe(canonical('name', 'MULLER & SOHNE'));
    expect(canonical('name', 'Miiller & Sohne')).not.toBe(canonical('name', 'Muller & Sohne'));
  });

  it("tells readings apart by a mark one read inside a word and the other did not, a faint letter's remains (seed 24850)", () => {
    expect(canonical('text', "Bahnhofs'r. 4a")).not.toBe(canonical('text', 'Bahnhofs r.4a'));
    expect(canonical('name', "McDonald's")).not.toBe(canonical('name', 'McDonalds'));
    // The same mark in any of its printed forms, and marks outside a word, group letters only.
    expect(canonical('name', 'McDonald’s')).toBe(canonical('name', "McDONALD'S"));
    expect(canonical('name', "'KEDAI' ABC")).toBe(canonical('name', 'KEDAI ABC'));
    // So does a mark before a number's first digit or between its digits: a faded digit (seed 25695).
    expect(canonical('text', 'C/ MAYOR, 23, ’8013 MADRID')).not.toBe(canonical('text', 'C/ MAYOR 23 8013 MADRID'));
    expect(canonical('text', "28'13 MADRID")).not.toBe(canonical('text', '2813 MADRID'));
    expect(canonical('text', '’8013 MADRID')).toBe(canonical('text', "'8013 MADRID"));
  });

  it('compares names without the dots and dashes each reader prints its own way, never without a letter', () => {
    expect(canonical('name', 'MR·D·I·Y SDN BHD')).toBe(canonical('name', 'MR. D.I.Y. SDN BHD'));
    expect(canonical('name', 'KEDAI ABC。 SDN BHD')).toBe(canonical('name', 'KEDAI ABC. SDN BHD'));
    expect(canonical('name', 'SYARIKAT HUP LEE – TRADING')).toBe(canonical('name', 'SYARIKAT HUP LEE - TRADING'));
    expect(canonical('name', 'BHPetro} Subang')).not.toBe(canonical('name', 'BHPetrol Subang'));
    expect(canonical('name', 'BHPetro} Subang')).not.toBe(canonical('name', 'BHPetro Subang'));
  });
});
