import { describe, expect, it } from 'vitest';
import { cvDoctype } from '../../doctypes/cv.js';
import { receipt } from '../../doctypes/receipt.js';
import type { Doctype, ExtractedValue, FieldSpec } from '../../doctypes/types.js';
import { canonical } from '../../domain/normalise.js';
import { openImage } from '../../imaging/open.js';
import type { Box } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { crossReadStep, sumFromCrops, valueFromCrop } from './cross-read.js';

const code: FieldSpec = { key: 'receipt_number', label: 'Receipt number', kind: 'code' };
const time: FieldSpec = { key: 'time', label: 'Time', kind: 'code' };
const text: FieldSpec = { key: 'payment_method', label: 'Payment method', kind: 'text' };

const currency: FieldSpec = { key: 'currency', label: 'Currency', kind: 'currency' };

/** Runs the cross-read on one first-reader value with a stand-in line recogniser that reads
 * `lines[i]` from the i-th crop it is given; returns the crops asked for and the second reader's values. */
async function crossReadParts(value: ExtractedValue, doctype: Doctype, lines: string[]): Promise<{ asked: Box[][]; values: ExtractedValue[] }> {
  const asked: Box[][] = [];
  const paddle = {
    engine: { name: 'paddle', version: 'test' },
    readCrops: async (_png: Buffer, boxes: Box[]) => {
      asked.push(boxes);
      // a line recogniser reads one line per crop: each crop gives the line at its middle
      return boxes.map((b, i) => {
        const line = { text: lines[i]!, box: b, confidence: 0.9, words: [] };
        return { box: b, text: line.text, confidence: 0.9, lines: [line], via: 'recogniser' as const };
      });
    },
  };
  const png = await openImage(Buffer.alloc(100 * 100 * 3, 255), { raw: { width: 100, height: 100, channels: 3 } })
    .png()
    .toBuffer();
  const ctx = {
    deps: { readers: { get: async (n: string) => (n === 'paddle' ? paddle : null) } },
    intake: { images: [{ page: 1, width: 100, height: 100, png }] },
    pageImages: [],
    readings: [],
    engines: [],
    doctype,
    extracted: [{ reader: 'tesseract', values: [value] }],
    raw: {},
  } as unknown as ReadContext;
  await crossReadStep.run(ctx);
  return { asked, values: ctx.extracted.find((e) => e.reader === 'paddle')?.values ?? [] };
}

describe("the second reader's crop as a value", () => {
  it('reads a currency from the mark the crop of its row shows, and nothing from a crop that shows none', () => {
    expect(valueFromCrop(currency, 'GRAND TOTAL RM 216.85', 'MYR')).toBe('MYR');
    expect(valueFromCrop(currency, 'Summe 12,40 €', 'MYR')).toBe('EUR');
    expect(valueFromCrop(currency, 'GRAND TOTAL RN 216.85', 'MYR')).toBeNull();
  });

  it("confirms the first reader's currency run into its row's label or amount, and no other code", () => {
    expect(valueFromCrop(currency, 'SUMMEEUR 21,17', 'EUR')).toBe('EUR');
    expect(valueFromCrop(currency, 'TOTAL TTC EUR23,08', 'EUR')).toBe('EUR');
    expect(valueFromCrop(currency, 'TOTALEUROS 39,13', 'EUR')).toBe('EUR');
    expect(valueFromCrop(currency, 'GESAMT 1.234,56EUR', 'EUR')).toBe('EUR');
    // a mark of letters run into the label (seed 20201), a gap inside the word or the amount (seeds 20250, 20264, 20276)
    expect(valueFromCrop(currency, 'JUMLAH PERL U DIBAYARRM 119.20', 'MYR')).toBe('MYR');
    expect(valueFromCrop(currency, 'TOTALEU ROS35,77', 'EUR')).toBe('EUR');
    expect(valueFromCrop(currency, 'IMPO RTE TOTAL EUR4 0,14', 'EUR')).toBe('EUR');
    expect(valueFromCrop(currency, 'GESAMTBETR AG EUR77, 39', 'EUR')).toBe('EUR');
    expect(valueFromCrop(currency, 'JUMLAH PERLU DIBAYARRM 119.20', 'EUR')).toBeNull();
    // Not before an amount: letters inside a word; another code than the first reader's is not looked for.
    expect(valueFromCrop(currency, 'VENDEUR MARC', 'EUR')).toBeNull();
    expect(valueFromCrop(currency, 'SUMMEEUR 21', 'EUR')).toBeNull();
    expect(valueFromCrop(currency, 'SUMMECHF 21,17', 'EUR')).toBeNull();
    expect(valueFromCrop(currency, 'TOTAL EI 5 5,21', 'EUR')).toBeNull();
  });

  it('holds a short value printed as a whole token beside its label or amount', () => {
    expect(valueFromCrop(code, 'Q :57269', '57269')).toBe('57269');
    expect(valueFromCrop(text, 'CASH : 9.60', 'CASH')).toBe('CASH');
  });

  it("reads a shop's name from its line as the extractor does: the registration after it is no part of it", () => {
    const merchant = receipt.fields.find((f) => f.key === 'merchant_name')!;
    expect(valueFromCrop(merchant, 'PAPELERIACENTRAL(230398-H', 'PAPFLERIA CENTRAL')).toBe('PAPELERIACENTRAL');
    expect(valueFromCrop(merchant, '99SPEED MART S/B(519537·X)', '99 SPEED MART S/8')).toBe('99SPEED MART S/B');
    expect(valueFromCrop(merchant, 'FEINKOST WEBER OHG (979492-X)', 'FEINKOST WEBER OHG')).toBe('FEINKOST WEBER OHG');
    // A zero among a word's letters is the O a reader took for a digit, in the name and in the
    // registration's words alike.
    expect(valueFromCrop(merchant, 'UNITED B00KST0RE (C0 N0 540796072942)', 'UNITED BOOKSTORE')).toBe('UNITED BOOKSTORE');
    expect(valueFromCrop(merchant, 'KEDAI K0PI WAN(R 0C 644406893045)', 'KEDAI KOP1 WAN')).toBe('KEDAI KOPI WAN');
    expect(valueFromCrop(merchant, '7-ELEVEN 2000', '7-ELEVEN')).toBe('7-ELEVEN');
    // A one-letter word is an O misread only when it spells a legal form.
    expect(valueFromCrop(merchant, 'DR0GERIEH0FFMANNGMBH&C0.KG (CO NO 080907489239)', 'DROGERIE HOFFMANN GMBH & CO. KG')).toBe(
      'DROGERIE HOFFMANN GMBH & CO. KG',
    );
    expect(valueFromCrop(merchant, 'A0 COPY CENTRE', 'AO COPY CENTRE')).toBe('A0 COPY CENTRE');
  });

  it("holds a name or a text only from a word's start to a word's end: a letter run into its first word was dropped by the first reader", () => {
    const merchant = receipt.fields.find((f) => f.key === 'merchant_name')!;
    // A space the crop sets inside a word is no boundary; one letter more before the value is.
    expect(valueFromCrop(merchant, 'KEDAI RUNCIT AH SENG ENTERPRI SE', 'KEDAI RUNCIT AH SENG ENTERPRISE')).toBe('KEDAI RUNCIT AH SENG ENTERPRISE');
    expect(valueFromCrop(merchant, 'EDAI RUNCIT AH SENG ENTERPRI SE', 'DAI RUNCIT AH SENG ENTERPRISE')).toBe('EDAI RUNCIT AH SENG ENTERPRI SE');
    expect(valueFromCrop(merchant, 'Feinkost Weber', 'Feinkost Webe')).toBe('Feinkost Weber');
    // One or two letters more after a name are the start of its legal form, or a word the first reader lost.
    expect(valueFromCrop(merchant, 'FRUTAS HERMANOS RUIZ S', 'FRUTAS HERMANOS RUIZ')).toBe('FRUTAS HERMANOS RUIZ S');
    expect(valueFromCrop(merchant, 'FRUTAS HERMANOS RUIZ S.', 'FRUTAS HERMANOS RUIZ')).toBe('FRUTAS HERMANOS RUIZ S.');
    expect(valueFromCrop(merchant, 'FRUTAS HERMANOS RUIZ (B75620819)', 'FRUTAS HERMANOS RUIZ')).toBe('FRUTAS HERMANOS RUIZ');
    // A legal form after it is the name's own end, which the first reader lost.
    expect(valueFromCrop(merchant, 'PASAR MINI SERI INDA H SDN .BHD.(8173830-X)', 'PASAR MINI SERI INDAH SDN.')).not.toBe('PASAR MINI SERI INDAH SDN.');
    expect(valueFromCrop(merchant, 'Cafe Lindenblute GmbH', 'Cafe Lindenblute')).toBe('Cafe Lindenblute GmbH');
    expect(valueFromCrop(merchant, 'PASAR MINI SERI INDAH SDN. BHD. (8173830-X)', 'PASAR MINI SERI INDAH SDN. BHD.')).toBe('PASAR MINI SERI INDAH SDN. BHD.');
    expect(valueFromCrop(text, 'LOT 1851, JALAN KPB 6', 'OT 1851, JALAN KPB 6')).toBe('LOT 1851, JALAN KPB 6');
    expect(valueFromCrop(text, 'ADDRESS: LOT 1851, JALAN KPB 6', 'LOT 1851, JALAN KPB 6')).toBe('LOT 1851, JALAN KPB 6');
  });

  it('does not find a short value inside a longer number or word', () => {
    expect(valueFromCrop(code, 'Q :157269', '57269')).toBe('Q :157269');
    expect(valueFromCrop(text, 'CASHBACK 9.60', 'CASH')).toBe('CASHBACK 9.60');
  });

  it('compares a time of day as a time, on the 24-hour clock', () => {
    expect(valueFromCrop(time, 'Date: 25 Mar 2018 9:27PM', '21:27')).toBe('21:27');
    expect(valueFromCrop(time, 'Date: 25 Mar 2018 9:27AM', '21:27')).toBe('Date: 25 Mar 2018 9:27AM');
    expect(valueFromCrop(time, 'Salesperson Time 12 :06:00', '12:06:00')).toBe('12:06:00');
    expect(valueFromCrop(time, 'CB#: 87870 21/09/201710:20:37AM', '10:20:37')).toBe('10:20:37');
    expect(valueFromCrop(time, 'Date: 21/01/2018 15:46:09', '15:46')).toBe('Date: 21/01/2018 15:46:09');
    expect(valueFromCrop(time, 'USER Time: 1721:00', '21:00')).toBe('USER Time: 1721:00');
  });

  it("takes a date whose separators the reader dropped only when its digits spell the first reader's date", () => {
    const date: FieldSpec = { key: 'date', label: 'Date', kind: 'date' };
    expect(valueFromCrop(date, 'CBi#: 87870 21092017 10:20:37 AM', '2017-09-21')).toBe('2017-09-21');
    expect(valueFromCrop(date, 'Date 09212017', '2017-09-21')).toBe('2017-09-21');
    // Other digits, or the eight inside a longer number, are a disagreement.
    expect(valueFromCrop(date, 'CB#: 87870 21002017 10:20:37 AM', '2017-09-21')).toBe('CB#: 87870 21002017 10:20:37 AM');
    expect(valueFromCrop(date, 'No 210920171', '2017-09-21')).toBe('No 210920171');
  });

  it('reads a date the reader ran the words beside it into', () => {
    const date: FieldSpec = { key: 'date', label: 'Date', kind: 'date' };
    expect(valueFromCrop(date, 'Le02/04/25Heure11:24:32', '2025-04-02')).toBe('2025-04-02');
    expect(valueFromCrop(date, 'Le02/04/25Heure11:24:32', '2025-04-03')).toBe('2025-04-02');
    // A letter shaped as a digit before the day is its first digit, not a word beside it.
    expect(valueFromCrop(date, 'l4-APR-25 08:51:59 N0. RESIT', '2025-04-04')).toBe('2025-04-14');
  });

  it('reads only whole dates in a crop: a stray digit before one is no part of it, a split digit group is joined when no other date is there', () => {
    const date: FieldSpec = { key: 'date', label: 'Date', kind: 'date' };
    expect(valueFromCrop(date, '8 14-02-2018 13:02:42', '2018-02-14')).toBe('2018-02-14');
    expect(valueFromCrop(date, '8 14-02-2018 13:02:42', null)).toBe('2018-02-14');
    expect(valueFromCrop(date, 'EE——— Date: 04/1 2/2017', '2017-02-03')).toBe('2017-12-04');
    expect(valueFromCrop(date, 'Date: 04/12/2017 1 2', '2017-02-03')).toBe('2017-12-04');
    // a space set beside a separator (seed 21083)
    expect(valueFromCrop(date, '01 /06/25 19:3 3 TICKET 65403199', '2025-06-01')).toBe('2025-06-01');
    expect(valueFromCrop(date, '01/ 06 /25', '2025-06-01')).toBe('2025-06-01');
    // PaddleOCR drops the narrow gap between a two-digit year and the time.
    expect(valueFromCrop(date, '20/04/2522:26 Receipt # 89315', '2025-04-20')).toBe('2025-04-20');
  });

  it('reads eight digits standing alone as the one date they spell when the crop holds no other', () => {
    const date: FieldSpec = { key: 'date', label: 'Date', kind: 'date' };
    // The first reader's own page value was a garble: the crop's digits are its reading.
    expect(valueFromCrop(date, 'CBi#: 87870 21092017 10:20:37 AM', 'CB#: 87870 21002017')).toBe('2017-09-21');
    // Day first and month first both valid: no date is read.
    expect(valueFromCrop(date, 'CB#: 01022018 10:20', 'CB#: 0102201')).toBe('CB#: 01022018 10:20');
  });
});

describe('the second reader on a CV’s contact facts', () => {
  const email = cvDoctype.fields.find((f) => f.key === 'email')!;

  it('takes the e-mail address out of the crop by its grammar, even beside other words', () => {
    expect(valueFromCrop(email, 'daniel.lindqvist@example.com NorthwindAnalytics|Koln', 'daniel.lindgvist@example.com')).toBe('daniel.lindqvist@example.com');
    expect(valueFromCrop(email, 'Mail: daniel.lindgvist@example.com', 'daniel.lindgvist@example.com')).toBe('daniel.lindgvist@example.com');
  });

  it("reads a crop's address the same when only its spacing or a 0 in its top-level domain differs", () => {
    expect(valueFromCrop(email, 'Hamburg,Deutschland |daniel.brandt@example.ne t|+491664365517', 'daniel.brandt@example.net')).toBe(
      'daniel.brandt@example.net',
    );
    expect(valueFromCrop(email, 'Seattle,WA|aiko.schafer@example.c0m|+447797650741', 'aiko.schafer@example.com')).toBe('aiko.schafer@example.com');
    // spaces joined only ever give the first reading: another address stays as the crop shows it
    expect(valueFromCrop(email, 'daniel.brandt@example.ne t', 'daniel.brandt@example.nl')).toBe('daniel.brandt@example.ne');
  });

  it('never takes a shorter address or number for found inside the crop’s, nor one that differs by a dot', () => {
    const phone = cvDoctype.fields.find((f) => f.key === 'phone')!;
    expect(valueFromCrop(email, 'daniel.lindqvist@example.com', 'aniel.lindqvist@example.com')).toBe('daniel.lindqvist@example.com');
    expect(valueFromCrop(phone, '+49 169 3392471', '+49 169 339247')).toBe('+49 169 3392471');
    expect(canonical(email.kind, 'daniel-lindqvist@example.com')).not.toBe(canonical(email.kind, 'daniel.lindqvist@example.com'));
    // a phone's grouping is not part of it
    expect(canonical(phone.kind, '+49 (169) 339-2471')).toBe(canonical(phone.kind, '+49 169.3392471'));
  });

  it('reads a name set on two lines one crop per line, joins the lines, and keeps each line’s text', async () => {
    const parts: Box[] = [
      [0.08, 0.08, 0.2, 0.1],
      [0.08, 0.105, 0.24, 0.125],
    ];
    const name: ExtractedValue = {
      key: 'full_name',
      value: 'Daniel Lindqvist',
      raw: 'Daniel Lindqvist',
      region: { page: 1, box: [0.08, 0.08, 0.24, 0.125] },
      parts,
      confidence: 0.9,
    };
    const { asked, values } = await crossReadParts(name, cvDoctype, ['Daniel', 'Lindqvist']);
    expect(asked[0]).toHaveLength(2);
    expect(values[0]).toMatchObject({ key: 'full_name', value: 'Daniel Lindqvist', raw: 'Daniel Lindqvist', partTexts: ['Daniel', 'Lindqvist'] });
  });

  it('reads a shop’s address one crop per line, each line as the extractor reads it (a ß read as B written as ß)', async () => {
    const parts: Box[] = [
      [0.2, 0.07, 0.7, 0.09],
      [0.2, 0.09, 0.6, 0.11],
    ];
    const address: ExtractedValue = {
      key: 'merchant_address',
      value: 'Hauptstraße 112, 04109 Leipzig',
      raw: 'Hauptstraße 112, 04109 Leipzig',
      region: { page: 1, box: [0.2, 0.07, 0.7, 0.11] },
      parts,
      partTexts: ['Hauptstraße 112', '04109 Leipzig'],
      confidence: 0.6,
    };
    const { asked, values } = await crossReadParts(address, receipt, ['HauptstraBe 112', '04109 Leipzig']);
    expect(asked[0]).toHaveLength(2);
    expect(values[0]).toMatchObject({ value: 'Hauptstraße 112, 04109 Leipzig', partTexts: ['Hauptstraße 112', '04109 Leipzig'] });
  });
});

const amount: FieldSpec = { key: 'tax_amount', label: 'Tax amount', kind: 'amount' };

describe("an amount's cents a reader split at a gap", () => {
  it('joins cents split between their two digits, and reads no amount where a digit was lost after the gap (seed 20537)', () => {
    expect(valueFromCrop(amount, 'SUMME EUR 162,3 5', 162.55)).toBe(162.35);
    // "162, 5" is 162,55 or 162,35 with a digit lost: never 5
    expect(valueFromCrop(amount, '162, 5', 162.55)).toBeNull();
    // "a,85" is 4,85 or 2,85 with its units read as a letter: never 85 (seed 25905)
    expect(valueFromCrop(amount, 'a,85 |i', 2.85)).toBeNull();
    expect(valueFromCrop(amount, 'EUR 4,85', 2.85)).toBe(4.85);
    expect(valueFromCrop(amount, 'RM 14. 10', 14.1)).toBe(14.1);
    // a decimal comma set apart from the cents (seed 25808: "62, 50" was read as 50)
    expect(valueFromCrop(amount, '62, 50', 62.5)).toBe(62.5);
    expect(valueFromCrop(amount, 'ZWISCHENSUMME 62, 50', 62.05)).toBe(62.5);
  });

  it('joins a decimal point set apart from the units (seed 22068: "41 .34" was read as 34)', () => {
    expect(valueFromCrop(amount, 'SUMME 41 .34', 41.34)).toBe(41.34);
    expect(valueFromCrop(amount, '41 ,34', 14.34)).toBe(41.34);
  });

  it('reads a decimal point read as a colon or a gap as the point where it spells the first amount, and else no amount (seed 20806)', () => {
    expect(valueFromCrop(amount, '23:25', 23.25)).toBe(23.25);
    expect(valueFromCrop(amount, 'JUMLAH BESAR 23 25', 23.25)).toBe(23.25);
    // never the cents alone, nor digits that spell another amount
    expect(valueFromCrop(amount, '23:25', 28.25)).toBeNull();
    expect(valueFromCrop(amount, '23 25', 5)).toBeNull();
    // a quantity before an amount with its point is no lost point
    expect(valueFromCrop(amount, 'TOTAL 2 25.00', 25)).toBe(25);
  });

  it('reads the last amount with its cents, not a mark read as a digit after it (seed 20821)', () => {
    expect(valueFromCrop(amount, '17,68 [1', 17.62)).toBe(17.68);
    expect(valueFromCrop(amount, 'GESAMT EUR 17.62 IH', 9)).toBe(17.62);
    // a crop that prints no cents anywhere still reads its last figure
    expect(valueFromCrop(amount, 'TOTAL 125', 9)).toBe(125);
  });
});

describe('a tax printed once per rate, read again from its crops', () => {
  it("adds each rate's amount, read from its own crop", () => {
    expect(sumFromCrops(amount, ['3,50', 'TVA 5.5% 2,37'], [3.5, 2.37])).toBe(5.87);
    // a second reader's slip in one part is a different sum, to be disputed, not its last amount
    expect(sumFromCrops(amount, ['3,80', '2,37'], [3.5, 2.37])).toBe(6.17);
  });

  it('reads no sum when a part shows no amount', () => {
    expect(sumFromCrops(amount, ['3,50', 'TVA'], [3.5, 2.37])).toBeNull();
  });

  it('is the sum in the cross-read, one crop per rate, never the last amount of their union', async () => {
    const tax: ExtractedValue = {
      key: 'tax_amount',
      value: 5.87,
      raw: '3,50 + 2,37',
      region: { page: 1, box: [0.8, 0.6, 0.9, 0.66] },
      parts: [
        [0.8, 0.6, 0.9, 0.62],
        [0.8, 0.64, 0.9, 0.66],
      ],
      sumOf: [3.5, 2.37],
      confidence: 0.9,
    };
    const { values } = await crossReadParts(tax, receipt, ['3,50', '2,37']);
    expect(values[0]).toMatchObject({ key: 'tax_amount', value: 5.87 });
  });
});

describe('a crop in which the second reader found no line, or left part of the value unread', () => {
  /** The cross-read of a date whose crop, cut from the page as it came, reads `asCame` (nothing
   * unless given, over `asCameSpan` of the page's width); `evened`: the page was read made even,
   * and its crop, cut from the even page with its contrast stretched, reads `fromEven` across the
   * value. Returns PaddleOCR's values and the number of crop reads asked. */
  async function blankCrop(evened: boolean, fromEven: string | null, asCame: string | null = null, asCameSpan: [number, number] = [0.1, 0.9]) {
    const asPage = await openImage(Buffer.alloc(100 * 100 * 3, 120), { raw: { width: 100, height: 100, channels: 3 } })
      .png()
      .toBuffer();
    const even = await openImage(Buffer.alloc(100 * 100 * 3, 250), { raw: { width: 100, height: 100, channels: 3 } })
      .png()
      .toBuffer();
    const asked: Buffer[] = [];
    const paddle = {
      engine: { name: 'paddle', version: 'test' },
      readCrops: async (png: Buffer, boxes: Box[]) => {
        asked.push(png);
        const fromPage = png.equals(asPage);
        // Only the first crop read is of the page as it came; the stretched even page is another image.
        const text = fromPage ? asCame : fromEven;
        return boxes.map((b) => {
          const box: Box = fromPage ? [asCameSpan[0], b[1], asCameSpan[1], b[3]] : b;
          return { box: b, text: text ?? '', confidence: 0.9, lines: text ? [{ text, box, confidence: 0.9, words: [] }] : [], via: 'detector' as const };
        });
      },
    };
    const date: ExtractedValue = { key: 'date', value: '2025-05-14', raw: '14.05.2025', region: { page: 1, box: [0.1, 0.3, 0.9, 0.34] }, confidence: 0.6 };
    const ctx = {
      deps: { readers: { get: async (n: string) => (n === 'paddle' ? paddle : null) } },
      intake: { images: [{ page: 1, width: 100, height: 100, png: asPage }] },
      pageImages: [{ page: 1, width: 100, height: 100, png: asPage }],
      evenPages: evened ? [{ page: 1, width: 100, height: 100, png: even }] : undefined,
      readings: [],
      engines: [],
      doctype: receipt,
      extracted: [{ reader: 'tesseract', values: [date] }],
      raw: {},
    } as unknown as ReadContext;
    await crossReadStep.run(ctx);
    return { values: ctx.extracted.find((e) => e.reader === 'paddle')?.values ?? [], asked: asked.length };
  }

  it('is read again from the page made even, where the page was read so', async () => {
    const { values, asked } = await blankCrop(true, '14.05.2025 19:37 BILL NO T994657');
    expect(asked).toBe(2);
    expect(values[0]).toMatchObject({ key: 'date', value: '2025-05-14' });
  });

  it('stays unread on a page lit evenly, or when the even page shows nothing either', async () => {
    expect(await blankCrop(false, '14.05.2025')).toEqual({ values: [], asked: 1 });
    expect(await blankCrop(true, null)).toEqual({ values: [], asked: 2 });
  });

  it("is read again from the even page when its lines leave the value's start unread, and the reading that leaves less unread stands", async () => {
    // Faint print at the slip's left: the crop as it came read only the line's end.
    const partial = await blankCrop(true, '14.05.2025 19:37 BILL NO T994657', 'BILL NO T994657', [0.55, 0.9]);
    expect(partial.asked).toBe(2);
    expect(partial.values[0]).toMatchObject({ key: 'date', value: '2025-05-14' });
    // The even page reading nothing, the crop's own reading stands.
    expect((await blankCrop(true, null, 'BILL NO T994657', [0.55, 0.9])).values[0]).toMatchObject({ key: 'date', value: 'BILL NO T994657' });
    // A crop read across the value is not read again; nor is one on a page lit evenly.
    expect((await blankCrop(true, 'x', '14.05.2025 19:37 BILL NO T994657', [0.11, 0.9])).asked).toBe(1);
    expect((await blankCrop(false, 'x', 'BILL NO T994657', [0.55, 0.9])).asked).toBe(1);
  });
});
