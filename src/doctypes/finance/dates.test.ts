import { describe, expect, it } from 'vitest';
import { parseDate } from '../../domain/normalise.js';
import { DAY_FIRST_CURRENCIES } from './currency.js';
import {
  DAY_FIRST_COUNTRY,
  DAY_FIRST_LEGAL_FORM,
  DAY_FIRST_STREET_WORD,
  documentDayOrder,
  findDates,
  findTime,
  orderWithHints,
  resolveDate,
  termsDays,
  wordsSetApart,
} from './dates.js';

describe('document day/month order', () => {
  it('takes a currency spent only where dates are day first as a hint, never over a proof', () => {
    const unproven = documentDayOrder(['Date 06/03/2018', 'TOTAL RM 54.50']);
    expect(orderWithHints(unproven, DAY_FIRST_CURRENCIES.has('MYR'))).toBe('dmy');
    expect(orderWithHints(unproven, DAY_FIRST_CURRENCIES.has('USD'))).toBeNull();
    expect(orderWithHints(documentDayOrder(['Date 06/13/2018']), true)).toBe('mdy');
    expect(
      [
        'SYL ROASTED DELIGHTS SDN. BHD.',
        'AEON CO. (M) BHD',
        'HOME MASTER HARDWARE PTE LTD',
        'Acme Pvt Ltd',
        'Muster GmbH',
        'PHARMACIE CENTRALE EURL',
        'Caffè Roma S.r.l.',
      ].every((t) => DAY_FIRST_LEGAL_FORM.test(t)),
    ).toBe(true);
    expect(['Singapore 238839', 'KUALA LUMPUR, MALAYSIA', '10115 Berlin, Deutschland'].every((t) => DAY_FIRST_COUNTRY.test(t))).toBe(true);
    expect(DAY_FIRST_COUNTRY.test('New York, NY 10001, USA')).toBe(false);
    expect(DAY_FIRST_LEGAL_FORM.test('ACME INC')).toBe(false);
    // A Malay street's word, also where a reader ran the street's name into it.
    expect(
      ['LOT 3-5, JALAN BUKIT BINTANG', 'LOT 3-5,JALANBUKIT BINTANG', 'NO. 3, LORONGHARMONI 2', 'JLN 7/118R'].every((t) => DAY_FIRST_STREET_WORD.test(t)),
    ).toBe(true);
    expect(['12 RUE DE LA REPUBLIQUE', 'Hauptstrasse 112', 'Main St'].some((t) => DAY_FIRST_STREET_WORD.test(t))).toBe(false);
  });

  it('is proven by a part over 12 and otherwise unknown', () => {
    expect(documentDayOrder(['Date 03/04/2025', 'Due 18/04/2025']).order).toBe('dmy');
    expect(documentDayOrder(['Date 03/04/2025', 'Due 04/18/2025']).order).toBe('mdy');
    expect(documentDayOrder(['Date 03/04/2025']).order).toBeNull();
  });

  it('takes dots as a day-first hint only when nothing proves the order', () => {
    const d = documentDayOrder(['03.04.2025']);
    expect(d).toMatchObject({ order: null, dotted: true });
    expect(orderWithHints(d)).toBe('dmy');
  });

  it('flags a date that reads two ways', () => {
    expect(resolveDate('03/04/2025', null)).toMatchObject({ iso: '2025-04-03', ambiguous: true, alternative: '2025-03-04' });
    expect(resolveDate('03/04/2025', 'mdy')).toMatchObject({ iso: '2025-03-04', ambiguous: false });
    expect(resolveDate('13/04/2025', null)).toMatchObject({ ambiguous: false });
  });
});

describe('dates in text', () => {
  it('reads no two-digit year where a lone digit follows it after a gap: the year was split', () => {
    expect(findDates('A23-04-20 5')).toEqual([]);
    expect(findDates('23-04-20 5 ITEMS')).toEqual([]);
    // Nor where a digit runs on with no time after it: a four-digit year cut (seed 22359, 2020 verified).
    expect(findDates('DATE: 09/04/202 TIME 13:52')).toEqual([]);
    expect(findDates('09/04/202')).toEqual([]);
    // A time after the year, or a number of two digits, leaves the year as printed.
    expect(findDates('23-04-25 9:05').map((d) => d.raw)).toEqual(['23-04-25']);
    expect(findDates('23-04-25 14:05').map((d) => d.raw)).toEqual(['23-04-25']);
    expect(findDates('23-04-2025 5').map((d) => d.raw)).toEqual(['23-04-2025']);
  });

  it('reads a letter shaped as a digit before a day as that digit, never setting it apart from the day', () => {
    expect(findDates(wordsSetApart('l4-APR-25 08:51:59 NO. RESIT')).map((d) => d.raw)).toEqual(['14-APR-25']);
    expect(findDates(wordsSetApart('O4/05/2025')).map((d) => d.raw)).toEqual(['04/05/2025']);
    // A word's last letter run into the date is a word, and two digits are the whole day.
    expect(findDates(wordsSetApart('Le02/04/25Heure11:24')).map((d) => d.raw)).toEqual(['02/04/25']);
    expect(findDates(wordsSetApart('Al4-APR-25')).map((d) => d.raw)).toEqual(['4-APR-25']);
    expect(findDates(wordsSetApart('I12/05/2025')).map((d) => d.raw)).toEqual(['12/05/2025']);
  });

  it('finds numeric and written dates in several languages', () => {
    expect(findDates('Facture n°562044387 du 02 Juillet 2015').map((d) => d.raw)).toEqual(['02 Juillet 2015']);
    expect(parseDate('7. Mai 2014')?.iso).toBe('2014-05-07');
    expect(parseDate('19 april 2014')?.iso).toBe('2014-04-19');
    expect(parseDate('August 3 , 2014')?.iso).toBe('2014-08-03');
    expect(findDates('Invoice 20-10-2015 total 12.50').map((d) => d.raw)).toEqual(['20-10-2015']);
    // A time written with dots is no date, and proves no day/month order.
    expect(findDates('Cashier USER Time: 09.20.00')).toEqual([]);
    expect(documentDayOrder(['Date: 10/01/2018', 'Time: 09.20.00']).order).toBeNull();
    // A date after a label that names the time too is a date.
    expect(findDates('DATE/TIME: 25/12/2018 14:05').map((d) => d.raw)).toEqual(['25/12/2018']);
    expect(findDates('Date & Time 25.12.2018 14:05').map((d) => d.raw)).toEqual(['25.12.2018']);
  });

  it('finds a date whose start a word shaped as a month took for its own (seed 26276)', () => {
    // "00 Date 10" has the shape of a day, a month's word and a year, and is no date.
    expect(findDates('HEURE 20:54:00 Date 10/05/25').map((d) => d.raw)).toEqual(['10/05/25']);
    expect(findDates('Ticket 12 Datum 03.04.2025').map((d) => d.raw)).toEqual(['03.04.2025']);
  });

  it('finds a two-digit year split at a gap whose second digit runs into the time after it (seed 26347)', () => {
    expect(findDates('18 /04/2 519:21:1').map((d) => d.raw)).toEqual(['18/04/25']);
    expect(findDates('20/05/2  507:18 Ticket').map((d) => d.raw)).toEqual(['20/05/25']);
    // without a time after it, the lone digit may be a four-digit year's, split at a faint digit
    expect(findDates('12/04/2 5')).toEqual([]);
  });

  it('finds a date whose four-digit year runs into the time after it, and only then', () => {
    expect(findDates('CB#: 87870 21/09/201710:20:37AM').map((d) => d.raw)).toEqual(['21/09/2017']);
    expect(findDates('Date 29/12/201711:41').map((d) => d.raw)).toEqual(['29/12/2017']);
    // Digits run on without a time are still no date: the year could be any of them.
    expect(findDates('02-03-184723SH')).toEqual([]);
    expect(findDates('21/09/201710')).toEqual([]);
    // The same when a reader closes a narrow gap: an ISO date, a date with its month in words.
    expect(findDates('2025-05-1007:04:55 RECEIPT NO 0969').map((d) => d.raw)).toEqual(['2025-05-10']);
    expect(findDates('19MAY202516:57:23#8').map((d) => d.raw)).toEqual(['19MAY2025']);
    expect(findDates('2025-05-100704')).toEqual([]);
    // A crop cut after the time's colon leaves the date's day two digits before it.
    expect(findDates('2025-04-0719:1').map((d) => d.raw)).toEqual(['2025-04-07']);
  });

  it('finds a date whose two-digit year runs into the time after it', () => {
    expect(findDates('20/04/2522:26 Receipt # 89315').map((d) => d.raw)).toEqual(['20/04/25']);
    expect(findDates('24/04/259:45:53NORESIT').map((d) => d.raw)).toEqual(['24/04/25']);
    // Its month in words, as PaddleOCR reads a narrow gap.
    expect(findDates('23-APR-2521:57').map((d) => d.raw)).toEqual(['23-APR-25']);
    expect(findDates('23-APR-2521')).toEqual([]);
    // Four digits before the colon are still a four-digit year and an hour when that makes a date.
    expect(findDates('16.04.202519:52:31').map((d) => d.raw)).toEqual(['16.04.2025']);
    expect(findDates('16.04.20219:52:31').map((d) => d.raw)).toEqual(['16.04.2021']);
    // Without a time after them, digits run on are no date.
    expect(findDates('20/04/252226')).toEqual([]);
  });

  it('finds a numeric date with a four-digit year read with a gap beside a separator', () => {
    const found = findDates('16/04/ 202518:33Ticketn°T05339');
    expect(found.map((d) => d.raw)).toEqual(['16/04/2025']);
    expect(found[0]!.end).toBe('16/04/ 2025'.length);
    expect(findDates('Datum: 16. 04. 2025').map((d) => d.raw)).toEqual(['16.04.2025']);
    // A row joins a line's words with up to two spaces.
    expect(findDates('16/04/  202518:33Ticketn°T05339').map((d) => d.raw)).toEqual(['16/04/2025']);
    expect(findDates('02 -03-2018 17:23').map((d) => d.raw)).toEqual(['02-03-2018']);
    // A number and an amount after it are no date, nor a two-digit year with a gap and no time after it.
    expect(findDates('1. 5.00 2. 12.50')).toEqual([]);
    expect(findDates('02 -03-18 4.50')).toEqual([]);
    expect(findDates('2 x 1. 5.25 12.50')).toEqual([]);
    expect(findDates('16/04/ 20251')).toEqual([]);
  });

  it("joins a year or a month's word PaddleOCR split at a gap between its letters, where no part is one", () => {
    // A row joins a line's words with up to two spaces.
    const split = findDates('07-04-2  025 16:18 INV  N O 54325');
    expect(split.map((d) => d.raw)).toEqual(['07-04-2025']);
    expect(split[0]!.numeric).toEqual({ a: 7, b: 4, sep: '-' });
    expect(findDates('07-04-202 5').map((d) => d.raw)).toEqual(['07-04-2025']);
    expect(findDates('02 A PR 2025 08:40#6').map((d) => d.raw)).toEqual(['02 APR 2025']);
    expect(findDates('5 de mayo de 2025').map((d) => d.raw)).toEqual(['5 de mayo de 2025']);
    // Split in the middle the year may be two digits and a number; letters that join to no month are no date.
    expect(findDates('07-04-20 25').map((d) => d.raw)).toEqual(['07-04-20']);
    expect(findDates('02 AB CD 2025')).toEqual([]);
    expect(findDates('07-04-2 025.50')).toEqual([]);
  });

  it('joins a day or month PaddleOCR split after its leading zero, which alone is no day or month (seed 21771)', () => {
    const split = findDates('09/0 4/ 202515:29 #9');
    expect(split.map((d) => d.raw)).toEqual(['09/04/2025']);
    expect(split[0]!.numeric).toEqual({ a: 9, b: 4, sep: '/' });
    expect(findDates('0 9/04/2025').map((d) => d.raw)).toEqual(['09/04/2025']);
    // Digits split elsewhere may be two numbers: "1 4" is no fourteen.
    expect(findDates('09/1 4/ 2025').map((d) => d.raw)).toEqual([]);
    expect(findDates('2 x 0 4.50 12.50')).toEqual([]);
  });

  it('finds a year-first date read with a gap beside a separator, alone or run into its time', () => {
    expect(findDates('2025-05 -28 14:20#1').map((d) => d.raw)).toEqual(['2025-05-28']);
    expect(findDates('2025 -05-2814:20').map((d) => d.raw)).toEqual(['2025-05-28']);
    // a number and amounts after it are none
    expect(findDates('2025 - 5.00 12.50')).toEqual([]);
    expect(findDates('1234 -05-28')).toEqual([]);
  });

  it('finds a two-digit year read with a gap beside a separator before the time the till printed after it', () => {
    for (const [text, raw] of [
      ['01.06. 25 21:19 Bon-Nr. 40373', '01.06.25'],
      ['04.04 .25 13:15#5', '04.04.25'],
      ['02 -03-18 17:23', '02-03-18'],
      // the time's word between them
      ['Datum 26.04. 25 Uhrzeit 22:27', '26.04.25'],
      ['01.06. 25 HEURE: 21:19', '01.06.25'],
    ] as const)
      expect(
        findDates(text).map((d) => d.raw),
        text,
      ).toEqual([raw]);
    // No time of day after it ("25:90"), no date.
    expect(findDates('01.06. 25 25:90')).toEqual([]);
  });

  it('reads month words and long forms in the invoice and till languages', () => {
    const iso = (text: string) => {
      const d = findDates(text)[0];
      return d ? (resolveDate(d.raw, 'dmy')?.iso ?? null) : null;
    };
    expect(iso('Fecha: 16 de abril de 2025')).toBe('2025-04-16');
    expect(iso('DATA 16 DE MARÇO DE 2025')).toBe('2025-03-16');
    expect(iso('16 ABR 2025')).toBe('2025-04-16');
    expect(iso('16 dic 2025')).toBe('2025-12-16');
    expect(iso('16 Mac 2025')).toBe('2025-03-16');
    expect(iso('16 Ogos 2025')).toBe('2025-08-16');
    expect(iso('16 Disember 2025')).toBe('2025-12-16');
    expect(iso('16 outubro 2025')).toBe('2025-10-16');
    expect(iso('16 mrt 2025')).toBe('2025-03-16');
    expect(iso('16th April 2025')).toBe('2025-04-16');
    expect(iso('1ST MAY 2025')).toBe('2025-05-01');
    expect(iso('2025-04-16T10:20:00')).toBe('2025-04-16');
    // A short form that is a word elsewhere is a month before a four-digit year only: an item's
    // count and price are no date.
    expect(findDates('2 SET 25.00')).toEqual([]);
    expect(findDates('1 OUT 12')).toEqual([]);
  });

  it('reads payment terms and times', () => {
    expect(termsDays('Payment due within 30 days')).toBe(30);
    expect(termsDays('Net 14')).toBe(14);
    expect(termsDays('14 Tage netto')).toBe(14);
    expect(findTime('TIME : 8:05 PM')?.value).toBe('20:05');
    expect(findTime('17:31')?.value).toBe('17:31');
  });
});
