import { afterAll, describe, expect, it } from 'vitest';
import { generateReceiptPdf } from '../../test/fixtures/documents/index.js';
import { readFinance, textLayerOf } from '../../test/helpers/finance-reading.js';
import { placed, slipEntries } from '../doctypes/finance/test-reading.js';
import { detectInvoice } from '../doctypes/invoice.js';
import { cutDoubtAnswered, cutDoubtsAnsweredByEachOther, detectReceipt, receipt } from '../doctypes/receipt.js';
import { visa } from '../doctypes/visa.js';
import type { ReaderOutput } from '../readers/types.js';
import { closeIntakeSandbox } from './intake/index.js';
import { RECOGNISED } from './steps/classify.js';

const NOW = new Date('2025-06-01T00:00:00Z');
async function run(reading: ReaderOutput) {
  const { problems, get } = await readFinance(receipt, [reading], NOW);
  return { problems, value: (k: string) => get(k).value, field: get };
}

describe('receipt from the text layer of generated PDFs', () => {
  afterAll(() => closeIntakeSandbox());

  it.each([41, 42, 43])('reads every field and item of receipt %i, the total checked by arithmetic', async (seed) => {
    const doc = await generateReceiptPdf({ seed, now: NOW });
    const { value, field, problems } = await run(await textLayerOf(doc.bytes));
    for (const [k, v] of Object.entries(doc.truth.fields)) expect(value(k), k).toEqual(v);
    expect(value('line_items')).toEqual(doc.truth.line_items);
    expect(field('total').evidence).toEqual(['arithmetic', 'text_layer']);
    expect(problems).toEqual([]);
  });
});

describe('receipt from synthetic readings', () => {
  const shop = placed([
    ['SUNRISE MART SDN BHD', 0.2, 0.03],
    ['(123456-A)', 0.35, 0.05],
    ['12, JALAN MAWAR 3', 0.25, 0.07],
    ['43000 KAJANG', 0.3, 0.09],
    ['TEL: 03-1234 5678', 0.3, 0.11],
    ['TAX INVOICE', 0.35, 0.14],
    ['25/12/2018 14:05', 0.05, 0.17],
    ['RICE 5KG', 0.05, 0.22],
    ['21.90', 0.8, 0.22],
    ['EGGS 30S', 0.05, 0.24],
    ['12.50', 0.8, 0.24],
    ['TOTAL', 0.05, 0.3],
    ['RM 34.40', 0.75, 0.3],
    ['CASH', 0.05, 0.32],
    ['RM 50.00', 0.75, 0.32],
    ['CHANGE', 0.05, 0.34],
    ['RM 15.60', 0.75, 0.34],
  ]);

  it('finds the company past its registration line, the address, the total and the tender', async () => {
    const { value, field } = await run(shop);
    expect(value('merchant_name')).toBe('SUNRISE MART SDN BHD');
    expect(value('merchant_address')).toBe('12, JALAN MAWAR 3, 43000 KAJANG');
    expect(value('date')).toBe('2018-12-25');
    expect(value('time')).toBe('14:05');
    expect(value('currency')).toBe('MYR');
    // Where the mark is printed, for the second reader's crop: the total's row.
    expect(field('currency').region?.box[1]).toBeCloseTo(0.3, 2);
    expect(value('total')).toBe(34.4);
    expect(value('payment_method')).toBe('CASH');
    expect(value('line_items')).toEqual([
      { description: 'RICE 5KG', quantity: 1, unit_price: 21.9, amount: 21.9 },
      { description: 'EGGS 30S', quantity: 1, unit_price: 12.5, amount: 12.5 },
    ]);
    expect(field('total').evidence).toContain('arithmetic');
  });

  it('asks the second reader for the row of a currency mark only when the mark names one currency', () => {
    const currencyOf = (amount: string) => {
      const reading = placed([
        ['SUNRISE MART SDN BHD', 0.2, 0.03],
        ['TOTAL', 0.05, 0.3],
        [`${amount} 34.40`, 0.75, 0.3],
      ]);
      return receipt.extract(reading, { now: NOW, pages: reading.pages }).find((v) => v.key === 'currency');
    };
    expect(currencyOf('RM')?.region?.box[1]).toBeCloseTo(0.3, 2);
    // "$" is many dollars (and a Malaysian till's mark too): both readers seeing it prove no currency.
    expect(currencyOf('$')).toMatchObject({ value: 'USD', region: null });
  });

  it('marks an address that begins with a line holding no number as doubted, so that it is withheld alone', () => {
    const reading = placed([
      ['BUCHHANDLUNG AM MARKT GMBH', 0.2, 0.03],
      ['FRISCHE BACKWAREN', 0.25, 0.05],
      ['HAUPTSTRASSE 112', 0.25, 0.07],
      ['04109 LEIPZIG', 0.3, 0.09],
      ['TEL: 06-2111 8820', 0.3, 0.11],
      ...slipEntries('SUMME EUR | 9.60'),
    ]);
    const values = receipt.extract(reading, { now: NOW, pages: reading.pages });
    expect(values.find((v) => v.key === 'merchant_address')).toMatchObject({ problems: ['LOW_CONFIDENCE'], reason: expect.stringMatching(/slogan/) });
    expect(values.find((v) => v.key === 'merchant_name')?.problems ?? []).toEqual([]);
  });

  it('asks the second reader for a name printed over two lines one line at a time, as a line recogniser reads', () => {
    const merchantOf = (...head: Array<[string, number, number]>) => {
      const reading = placed([...head, ['12, JALAN MAWAR 3', 0.25, 0.09], ...slipEntries('TOTAL | 9.60')]);
      return receipt.extract(reading, { now: NOW, pages: reading.pages }).find((v) => v.key === 'merchant_name');
    };
    const twoLines = merchantOf(['HOME MASTER HARDWARE &', 0.2, 0.03], ['ELECTRICAL', 0.35, 0.05]);
    expect(twoLines?.value).toBe('HOME MASTER HARDWARE & ELECTRICAL');
    expect(twoLines?.parts?.map((b) => b[1])).toEqual([0.03, 0.05]);
    expect(merchantOf(['SUNRISE MART SDN BHD', 0.2, 0.03])?.parts).toBeUndefined();
  });

  it('doubts a date whose first part lost its leading digit, where the month shows the till pads its numbers', () => {
    const dateOf = (printed: string) => {
      const reading = placed([['SUNRISE MART SDN BHD', 0.2, 0.03], [`${printed} 13:25`, 0.05, 0.1], ...slipEntries('TOTAL | 9.60')]);
      return receipt.extract(reading, { now: NOW, pages: reading.pages }).find((v) => v.key === 'date');
    };
    expect(dateOf('5/05/25')).toMatchObject({ value: '2025-05-05', problems: ['LOW_CONFIDENCE'], reason: expect.stringMatching(/left edge/) });
    for (const printed of ['15/05/25', '05/05/25', '5/5/25', '25/12/2018']) expect(dateOf(printed)?.problems, printed).toBeUndefined();
    // answered by a crop that shows every digit of its first part (seed 20225: "5-04-02" on the page, "2025-04-02" in the crop)
    const answered = dateOf('5/05/25')!;
    cutDoubtAnswered(answered, '15/05/25');
    expect([answered.problems, answered.reason]).toEqual([[], undefined]);
    const stillCut = dateOf('5/05/25')!;
    cutDoubtAnswered(stillCut, '5/05/25 13:25');
    expect(stillCut.reason).toMatch(/left edge/);
    // A day of one digit before a month's name, where the slip pads its hour (seed 20870: "6-APR-2025 07:04:41" for 16-APR-2025)
    const withTime = (printed: string, time: string) => {
      const reading = placed([['GOLDEN LEAF CAFE', 0.2, 0.03], [`${printed} ${time}`, 0.05, 0.1], ...slipEntries('TOTAL | 9.60')]);
      return receipt.extract(reading, { now: NOW, pages: reading.pages }).find((v) => v.key === 'date');
    };
    expect(withTime('6-APR-2025', '07:04:41')).toMatchObject({
      value: '2025-04-06',
      problems: ['LOW_CONFIDENCE'],
      reason: expect.stringMatching(/pads its hour/),
    });
    expect(withTime('6-APR-2025', '17:04:41')?.problems, 'an hour of two digits shows no padding').toBeUndefined();
    expect(withTime('16-APR-2025', '07:04:41')?.problems).toBeUndefined();
    const monthNamed = withTime('6-APR-2025', '07:04')!;
    cutDoubtAnswered(monthNamed, '6-APR-2025 07:04');
    expect(monthNamed.problems, 'a crop that shows one digit too').toEqual(['LOW_CONFIDENCE']);
    cutDoubtAnswered(monthNamed, '16-APR-2025 07:04');
    expect(monthNamed.problems).toEqual([]);
    // answered by the other reader's date, the same, printed with every digit (seed 20590: "9/05/2025" and "09/05/2025")
    const [cut, padded, other] = [dateOf('9/05/25')!, dateOf('09/05/25')!, dateOf('9/05/25')!];
    cutDoubtsAnsweredByEachOther([padded], [cut]);
    expect(cut.problems).toEqual([]);
    // …and not by one that read it unpadded too, or another date
    const [alsoCut, elsewhere] = [dateOf('9/05/25')!, dateOf('19/05/25')!];
    cutDoubtsAnsweredByEachOther([other], [alsoCut]);
    cutDoubtsAnsweredByEachOther([elsewhere], [other]);
    expect([other.problems, alsoCut.problems]).toEqual([['LOW_CONFIDENCE'], ['LOW_CONFIDENCE']]);
  });

  it('asks the second reader for an address one line at a time too, each line’s text kept to compare line by line', () => {
    const address = receipt.extract(shop, { now: NOW, pages: shop.pages }).find((v) => v.key === 'merchant_address');
    expect(address?.parts?.map((b) => b[1])).toEqual([0.07, 0.09]);
    expect(address?.partTexts).toEqual(['12, JALAN MAWAR 3', '43000 KAJANG']);
  });

  it('does not vouch by arithmetic for item rows one reader alone read: the sum proves amounts, not the rows', async () => {
    const { field } = await run(shop);
    expect(field('line_items').evidence).toEqual(['single_reader']);
    expect(field('total').evidence).toContain('arithmetic');
  });

  it("takes only a method's own words as the payment method, and never a till line for an item", async () => {
    const { value } = await run(
      placed([
        ['SUNRISE MART SDN BHD', 0.2, 0.03],
        ['25/12/2018 14:05', 0.05, 0.17],
        ['RICE 5KG', 0.05, 0.22],
        ['21.90', 0.8, 0.22],
        ['CHANGE', 0.05, 0.24],
        ['0.00', 0.8, 0.24],
        ['TOTAL', 0.05, 0.3],
        ['RM 21.90', 0.75, 0.3],
        // A column heading beside the payment label, and the tender line under it.
        ['Payment Mode', 0.05, 0.32],
        ['Amount', 0.6, 0.32],
        ['Cash Tendered', 0.05, 0.34],
        ['RM 21.90', 0.75, 0.34],
      ]),
    );
    expect(value('payment_method')).toBe('Cash');
    expect(value('line_items')).toEqual([{ description: 'RICE 5KG', quantity: 1, unit_price: 21.9, amount: 21.9 }]);
  });

  it('reads a date whose two-digit year the reader split into its digits, beside whose separator it set a mark, or into which it ran the words beside it, and no date where none is printed so', async () => {
    const slip = (dateRow: string) =>
      placed([
        ['KEDAI KOPI WAN SDN BHD', 0.2, 0.03],
        [dateRow, 0.05, 0.17],
        ['JUMLAH RM', 0.05, 0.3],
        ['206.70', 0.75, 0.3],
      ]);
    for (const row of ['01/06/2 5 15:21:51 NO RESIT 7651', '01.06.2 5', 'DATUM01.06.2025Uhrzeit16:30:12', '01-)JUN-2025 20:41 RECEIPT NO 38469', '01|-06-2025'])
      expect((await run(slip(row))).value('date'), row).toBe('2025-06-01');
    expect((await run(slip('BERAS 5KG 3 x 11.47 2 5'))).value('date')).toBeNull();
  });

  it('reads an unproven day/month order day first when the shop is a Malaysian Sdn Bhd or is paid in ringgit', async () => {
    const slip = (rows: Array<[string, number, number]>) => placed([['GOOD EATS', 0.2, 0.03], ['12/03/2018 14:05', 0.05, 0.17], ['TOTAL', 0.05, 0.3], ...rows]);
    for (const extra of [
      [
        ['GOOD EATS SDN BHD', 0.2, 0.05],
        ['9.00', 0.75, 0.3],
      ],
      [['RM 9.00', 0.75, 0.3]],
    ] as Array<Array<[string, number, number]>>) {
      const { value, field } = await run(slip(extra));
      expect(value('date')).toBe('2018-03-12');
      expect(field('date').reason ?? '').not.toMatch(/could be/);
    }
    const { field } = await run(slip([['$ 9.00', 0.75, 0.3]]));
    expect(field('date').reason).toMatch(/could be 2018-03-12 or 2018-12-03/);
  });

  it('reads an unproven order day first on a slip with no currency mark that names a day-first tax or country, labels its totals in a day-first language or writes decimal commas', async () => {
    const slip = (rows: Array<[string, number, number]>, total = 'TOTAL') =>
      placed([['FARMACIA SAN MIGUEL', 0.2, 0.03], ['10-05-2025 11:55', 0.05, 0.17], [total, 0.05, 0.3], ...rows]);
    // the language of the totals' labels: Malay, Spanish, German
    for (const total of ['JUMLAH KESELURUHAN', 'TOTAL A PAGAR', 'SUMME']) {
      const { value, field } = await run(slip([['38.93', 0.75, 0.3]], total));
      expect(value('date'), total).toBe('2025-05-10');
      expect(field('date').reason ?? '').not.toMatch(/could be/);
    }
    for (const extra of [
      [
        ['38.93', 0.75, 0.3],
        ['IVA INCL. 10%', 0.05, 0.33],
        ['3.54', 0.75, 0.33],
      ],
      [
        ['38,93', 0.75, 0.3],
        ['TARJETA', 0.05, 0.33],
        ['38,93', 0.75, 0.33],
      ],
      // the country of the shop's address, or its street's word in Malay
      [
        ['38.93', 0.75, 0.3],
        ['Singapore 238839', 0.2, 0.07],
      ],
      [
        ['38.93', 0.75, 0.3],
        ['LOT 3-5, JALAN BUKIT BINTANG', 0.2, 0.07],
      ],
      // a VAT number with a European country's prefix
      [
        ['38.93', 0.75, 0.3],
        ['VAT No. GB 341790354', 0.2, 0.07],
      ],
    ] as Array<Array<[string, number, number]>>) {
      const { value, field } = await run(slip(extra));
      expect(value('date')).toBe('2025-05-10');
      expect(field('date').reason ?? '').not.toMatch(/could be/);
    }
    // One comma among points is a misread point, not a decimal comma.
    const { field } = await run(
      slip([
        ['38.93', 0.75, 0.3],
        ['CARD', 0.05, 0.33],
        ['38,93', 0.75, 0.33],
      ]),
    );
    expect(field('date').reason).toMatch(/could be 2025-05-10 or 2025-10-05/);
    // A VAT number without a country's prefix says nothing of where the slip was printed.
    const bare = await run(
      slip([
        ['38.93', 0.75, 0.3],
        ['VAT REG NO: 000341790354', 0.2, 0.07],
      ]),
    );
    expect(bare.field('date').reason).toMatch(/could be 2025-05-10 or 2025-10-05/);
  });

  it('takes a day-first order from where another reader of the slip saw it printed', () => {
    const reading = placed(
      [
        ['GOOD EATS', 0.2, 0.03],
        ['10-05-2025 11:55', 0.05, 0.17],
        ['TOTAL', 0.05, 0.3],
        ['38.93', 0.75, 0.3],
      ],
      'paddle',
    );
    const date = (otherLines?: string[]) =>
      receipt.extract(reading, { now: NOW, pages: reading.pages, ...(otherLines ? { otherLines } : {}) }).find((v) => v.key === 'date');
    expect(date()?.reason).toMatch(/could be 2025-05-10 or 2025-10-05/);
    expect(date(['GOOD EATS', 'SINGAPORE 238839'])).toMatchObject({ value: '2025-05-10' });
    expect(date(['GOOD EATS', 'SINGAPORE 238839'])?.reason ?? '').not.toMatch(/could be/);
  });

  it('reads a total printed under its label after its currency, and a day-first order from a bare RM column heading', async () => {
    const { value } = await run(
      placed([
        ['GOOD EATS', 0.2, 0.03],
        ['12/03/2018 10:25 PM RM', 0.05, 0.17],
        ['TOTAL AMOUNT PAYABLE', 0.05, 0.3],
        ['RM', 0.05, 0.32],
        ['41.95', 0.75, 0.32],
      ]),
    );
    expect(value('total')).toBe(41.95);
    expect(value('date')).toBe('2018-03-12');
  });

  it('settles readers that disagree on the total by the sum of the lines, unless a tax is added on top', async () => {
    const slip = (total: string, reader: ReaderOutput['reader'], extra: Array<[string, number, number]> = []) =>
      placed(
        [
          ['GOOD EATS', 0.2, 0.03],
          ['RICE', 0.05, 0.22],
          ['4.50', 0.8, 0.22],
          ['TEA', 0.05, 0.24],
          ['4.50', 0.8, 0.24],
          ...extra,
          ['TOTAL', 0.05, 0.3],
          [total, 0.8, 0.3],
        ],
        reader,
      );
    const settled = await readFinance(receipt, [slip('9.60', 'tesseract'), slip('9.00', 'paddle')], NOW);
    expect(settled.get('total')).toMatchObject({ status: 'read', value: 9, evidence: ['arithmetic'] });
    expect(settled.get('total').reason).toContain('9.60');
    // A reading a cent off the lines' sum is not their sum ("13,1" read for 13,11 lost its last
    // digit, seed 22535): the dispute stays.
    const cut = await readFinance(receipt, [slip('9.71', 'tesseract'), slip('9.01', 'paddle')], NOW);
    expect(cut.get('total').status).toBe('conflict');
    // A tax line read: the lines are the net, not the total, so they settle nothing.
    const taxed = await readFinance(
      receipt,
      [
        slip('9.60', 'tesseract', [
          ['GST', 0.05, 0.27],
          ['0.60', 0.8, 0.27],
        ]),
        slip('9.00', 'paddle'),
      ],
      NOW,
    );
    expect(taxed.get('total').status).toBe('conflict');
  });

  it('withholds a total whose rate of tax a tax line under it prints: the amount the tax was reckoned on is the net', async () => {
    const slip = (subtotalLabel: string, reader: ReaderOutput['reader']) =>
      placed(
        [
          ['KEDAI KOPI WAN TRADING', 0.2, 0.03],
          ...slipEntries(
            'LOT 1851, JALAN KPB 6',
            '13-04-2025 22:17 NO RESIT 10108847',
            '5 x 19.42 | 97.10',
            'MEE GORENG | 22.18',
            `${subtotalLabel} | 119.28`,
            'SST 10% | 11.93',
            'PELA | -0.01',
            'JuML | 131.20',
          ),
        ],
        reader,
      );
    // The subtotal's label misread ("JUMLAH SEBELUM CUKAI" as "JUMLAH SEBE UKAT") and taken for the total.
    const misread = await readFinance(receipt, [slip('JUMLAH SEBE UKAT', 'tesseract'), slip('JUMLAH SEBE UKAT', 'paddle')], NOW);
    expect(misread.problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH', fields: ['total'] }]);
    expect(misread.problems[0]!.detail).toContain('"SST 10% 11.93"');
    // On a small total the tax on it and the tax it holds are a cent apart: "SST 10% 0.10" under
    // 1.10 is the tax on a net of 1.00, and says nothing against the total (seeds 22805, 22848).
    const small = (reader: ReaderOutput['reader']) =>
      placed(slipEntries('KEDAI KOPI WAN TRADING', '13-04-2025 22:17', 'AIR MINERAL | 1.00', 'SUBTOTAL | 1.00', 'SST 10% | 0.10', 'JUMLAH | 1.10'), reader);
    const read = await readFinance(receipt, [small('tesseract'), small('paddle')], NOW);
    expect(read.problems).toEqual([]);
    expect(read.get('total')).toMatchObject({ status: 'read', value: 1.1 });
  });

  it('settles readers that disagree on the total by what was paid: tendered less change', async () => {
    const slip = (total: string, reader: ReaderOutput['reader'], tendered = '63.60') =>
      placed(
        [
          ['GOOD EATS', 0.2, 0.03],
          ['TOTAL', 0.05, 0.3],
          [total, 0.8, 0.3],
          ['CASH', 0.05, 0.32],
          [tendered, 0.8, 0.32],
          ['CHANGE', 0.05, 0.34],
          ['0.00', 0.8, 0.34],
        ],
        reader,
      );
    const settled = await readFinance(receipt, [slip('68.60', 'tesseract'), slip('63.60', 'paddle')], NOW);
    expect(settled.get('total')).toMatchObject({ status: 'read', value: 63.6, evidence: ['arithmetic'] });
    expect(settled.get('total').reason).toContain('tendered less change');
    // What was paid fits neither reading: the conflict stands.
    const unsettled = await readFinance(receipt, [slip('68.60', 'tesseract', '70.00'), slip('63.60', 'paddle', '70.00')], NOW);
    expect(unsettled.get('total').status).toBe('conflict');
  });

  it('settles readers that disagree on the total by the amount on a tender line when no change is read', async () => {
    const slip = (total: string, reader: ReaderOutput['reader'], tendered: string) =>
      placed(
        [
          ['GOOD EATS', 0.2, 0.03],
          ['TOTAL AMOUNT', 0.05, 0.3],
          [total, 0.8, 0.3],
          ['CASH', 0.05, 0.32],
          [tendered, 0.8, 0.32],
        ],
        reader,
      );
    const settled = await readFinance(receipt, [slip('6.80', 'tesseract', '6.90'), slip('6.90', 'paddle', '6.90')], NOW);
    expect(settled.get('total')).toMatchObject({ status: 'read', value: 6.9, evidence: ['arithmetic'] });
    expect(settled.get('total').reason).toContain('tender line');
    // Cash given that is neither reading settles nothing.
    const unsettled = await readFinance(receipt, [slip('6.80', 'tesseract', '10.00'), slip('6.90', 'paddle', '10.00')], NOW);
    expect(unsettled.get('total').status).toBe('conflict');
  });

  it('keeps a total that the tender lines say was paid out of the doubt of a sum that fails, and doubts the rest', async () => {
    const slip = (reader: ReaderOutput['reader'], tender: Array<[string, number, number]>) =>
      placed([['GOOD EATS', 0.2, 0.03], ['SUB TOTAL', 0.05, 0.28], ['93.40', 0.8, 0.28], ['TOTAL', 0.05, 0.3], ['99.00', 0.8, 0.3], ...tender], reader);
    const tendered = (cash: string, change: string | null): Array<[string, number, number]> => [
      ['CASH', 0.05, 0.32],
      [cash, 0.8, 0.32],
      ...(change === null
        ? []
        : ([
            ['CHANGE', 0.05, 0.34],
            [change, 0.8, 0.34],
          ] as Array<[string, number, number]>)),
    ];
    const both = (tender: Array<[string, number, number]>) => readFinance(receipt, [slip('tesseract', tender), slip('paddle', tender)], NOW);
    const paid = await both(tendered('100.00', '1.00'));
    expect(paid.problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH', fields: ['subtotal'] }]);
    expect(paid.problems[0]!.detail).toContain('was paid');
    // With no change read, cash given exactly says the same.
    expect((await both(tendered('99.00', null))).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH', fields: ['subtotal'] }]);
    // Change that makes another amount paid leaves the total doubted.
    expect((await both(tendered('100.00', '2.00'))).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH', fields: ['subtotal', 'total'] }]);
  });

  it('takes item rows that one reader alone read and that miss the paid total for a misread of the rows, not of the document', async () => {
    const slip = (reader: ReaderOutput['reader'], tender: boolean) =>
      placed(
        slipEntries(
          'GOOD EATS',
          '25/12/2018 14:05',
          // The second item's amount is misread in a faint line: the rows read sum to 14.80.
          ...(reader === 'tesseract' ? ['DESCRIPTION | AMOUNT', 'NASI LEMAK | 12.00', 'TEH TARIK | 2.80'] : []),
          'TOTAL | 16.80',
          ...(tender ? ['CASH | 20.00', 'CHANGE | 3.20'] : []),
        ),
        reader,
      );
    const paid = await readFinance(receipt, [slip('tesseract', true), slip('paddle', true)], NOW);
    expect(paid.problems).toEqual([]);
    expect(paid.get('total')).toMatchObject({ status: 'read', value: 16.8 });
    expect(paid.get('line_items').evidence).toEqual(['single_reader']);
    // Without a tender that says what was paid, the sum still doubts the total.
    const unpaid = await readFinance(receipt, [slip('tesseract', false), slip('paddle', false)], NOW);
    expect(unpaid.problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it('takes item rows one reader alone read that miss a total for a misread of the rows when, with no net printed, the tax line is the tax that total holds', async () => {
    const slip = (reader: ReaderOutput['reader'], taxLine: string) =>
      placed(
        slipEntries(
          'Fromagerie Laurent',
          'Le 03/05/2025 a 21:21:22',
          // Faint rows: one item lost, the rows read sum to 38.91.
          ...(reader === 'tesseract' ? ['Yaourt nature x4 2x11,18 | 22,36', "Jus d'orange 5x3,31 | 16,55"] : []),
          'TOTAL TTC | 76,29',
          taxLine,
        ),
        reader,
      );
    const both = (taxLine: string) => readFinance(receipt, [slip('tesseract', taxLine), slip('paddle', taxLine)], NOW);
    // 20 % held in 76,29 is 12,72, included or added to a net alike.
    const taxed = await both('dont TVA 20% | 12,72');
    expect(taxed.problems).toEqual([]);
    expect(taxed.get('total')).toMatchObject({ status: 'read', value: 76.29 });
    expect(taxed.get('line_items').evidence).toEqual(['single_reader']);
    // A tax line that is not the tax 76,29 holds leaves the sum's doubt standing.
    expect((await both('dont TVA 20% | 12,00')).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it('takes a row whose tax label was misread for the tax when its amount is its printed rate of the net and net + it make the total', async () => {
    const slip = (reader: ReaderOutput['reader'], taxLine: string, total: string) =>
      placed(
        slipEntries('FEINKOST WEBER GMBH & CO. KG', '18.04.2025 08:08:06', 'BROTCHEN | 7,01', 'SUMME NETT0 | 7,01', taxLine, `SUMME EUR | ${total}`),
        reader,
      );
    const both = (taxLine: string, total: string) => readFinance(receipt, [slip('tesseract', taxLine, total), slip('paddle', taxLine, total)], NOW);
    // "MWST 7%" read "MUST 7%", "NETTO" read "NETT0": 7 % of 7,01 is 0,49, and 7,01 + 0,49 = 7,50.
    const misread = await both('MUST 7% | 0,49', '7,50');
    expect(misread.problems).toEqual([]);
    expect(misread.get('subtotal')).toMatchObject({ status: 'read', value: 7.01 });
    expect(misread.get('tax_amount')).toMatchObject({ status: 'read', value: 0.49 });
    expect(misread.get('total')).toMatchObject({ status: 'read', value: 7.5 });
    expect(misread.get('total').evidence).toContain('arithmetic');
    // A row whose amount is not its rate of the net is no tax, though net + it make the total.
    const other = await both('MUST 7% | 0,59', '7,60');
    expect(other.get('total').evidence).not.toContain('arithmetic');
    // …and with a rounding line under it (seed 20806: "CUKAT 8%" for CUKAI, 21.54 + 1.72 - 0.01 = 23.25)
    const rounded = (reader: ReaderOutput['reader']) =>
      placed(
        slipEntries(
          'KEDAI BUKU MAJU JAYA SDN BHD',
          'Tarikh 2025/04/10',
          'SUBJUMLAH | 21.54',
          'CUKAT 8% | 1.72',
          'LARAS BUNDAR | -0.01',
          'JUMLAH BESAR | 23.25',
        ),
        reader,
      );
    const withRounding = await readFinance(receipt, [rounded('tesseract'), rounded('paddle')], NOW);
    expect(withRounding.problems).toEqual([]);
    expect(withRounding.get('tax_amount')).toMatchObject({ status: 'read', value: 1.72 });
    expect(withRounding.get('total')).toMatchObject({ status: 'read', value: 23.25 });
  });

  it("does not take one reader's item rows under a subtotal or tax line whose amount it lost for rows missed: the total may be another row's", async () => {
    const slip = (reader: ReaderOutput['reader'], ...totals: string[]) =>
      placed(
        slipEntries(
          'KEDAI KOPI WAN SDN BHD',
          '11-04-2025 17:44',
          ...(reader === 'tesseract' ? ['TELUR GRED A | 31.58', 'AIR MINERAL', '4 x 31.33'] : []),
          ...totals,
          'JUMLAH PERLU DIBAYAR | RM 186.65',
        ),
        reader,
      );
    for (const totals of [['SUBJUMLAH'], ['SUBJUMLAH | 169.68', 'CUKAI 10%']]) {
      const read = await readFinance(receipt, [slip('tesseract', ...totals), slip('paddle', ...totals)], NOW);
      expect(read.problems, totals.join(' / ')).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
    }
  });

  it('takes item rows one reader alone read that miss a subtotal both engines read, with a tax that makes the total, for a misread of the rows', async () => {
    const slip = (reader: ReaderOutput['reader'], taxRead: boolean) =>
      placed(
        slipEntries(
          'GOOD EATS',
          '25/12/2018 14:05',
          // One reader's rows, a faint "27.02" read "2702": they miss the subtotal.
          ...(reader === 'tesseract' ? ['NASI LEMAK | 6.34', 'TEH TARIK 4 x 29.64 | 118.56', 'MEE GORENG | 2702'] : []),
          'SUBTOTAL | 151.92',
          ...(taxRead || reader === 'tesseract' ? ['SST 6% | 9.12'] : []),
          'TOTAL | 161.04',
        ),
        reader,
      );
    const agreed = await readFinance(receipt, [slip('tesseract', true), slip('paddle', true)], NOW);
    expect(agreed.problems).toEqual([]);
    expect(agreed.get('total')).toMatchObject({ status: 'read', value: 161.04 });
    expect(agreed.get('line_items').problems).toContain('LOW_CONFIDENCE');
    expect(agreed.get('line_items').reason).toMatch(/read alike by both engines: the rows were misread/);
    // A tax only one engine read leaves the block unproven, and the rows still doubt the document.
    const single = await readFinance(receipt, [slip('tesseract', false), slip('paddle', false)], NOW);
    expect(single.problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
    // With no tax added, a subtotal on its own row that is the total, both read twice, outweighs the rows.
    const untaxed = (reader: ReaderOutput['reader'], taxLine: string[] = []) =>
      placed(
        slipEntries(
          'GOOD EATS',
          '25/12/2018 14:05',
          ...(reader === 'tesseract' ? ['NASI LEMAK | 6.34', 'MEE GORENG | 2702'] : []),
          'ZWISCHENSUMME | 33.36',
          ...taxLine,
          'SUMME EUR | 33.36',
        ),
        reader,
      );
    expect((await readFinance(receipt, [untaxed('tesseract'), untaxed('paddle')], NOW)).problems).toEqual([]);
    // A tax line printed with its amount unread leaves it unproven what the subtotal makes.
    const unreadTax = await readFinance(receipt, [untaxed('tesseract', ['MWST 19%']), untaxed('paddle', ['MWST 19%'])], NOW);
    expect(unreadTax.problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it('takes a rounding whose amount fits no direction for one not read: a cash total a few cents off is then neither proven nor disproven', async () => {
    const slip = (reader: ReaderOutput['reader'], rounding: string, total: string) =>
      placed(slipEntries('GOOD EATS', '25/12/2018 14:05', 'SUBTOTAL | 181.14', 'SST 8% | 14.49', `ROUNDING | ${rounding}`, `TOTAL | ${total}`), reader);
    const both = (rounding: string, total: string) => readFinance(receipt, [slip('tesseract', rounding, total), slip('paddle', rounding, total)], NOW);
    // "0.02" misread "0.62": no direction makes the sum.
    const misread = await both('0.62', '195.65');
    expect(misread.problems).toEqual([]);
    expect(misread.get('total')).toMatchObject({ status: 'read', value: 195.65 });
    // A total that no cash rounding gives (not a multiple of 5 cents) still fails the sum, as does
    // one under a rounding of nothing.
    expect((await both('0.62', '195.67')).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
    expect((await both('0.00', '195.65')).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it("withholds item rows both readers read that do not add up, and only them, when the slip's tender vouches for the total", async () => {
    // A table with a header, read alike by both readers: 4 x 6.88 is 27.52, its faint 7 read as 1.
    const row = (y: number, ...cells: string[]): Array<[string, number, number]> => cells.map((c, i) => [c, [0.05, 0.45, 0.6, 0.8][i]!, y]);
    const slip = (reader: ReaderOutput['reader'], tender: boolean) =>
      placed(
        [
          ['GOOD EATS', 0.2, 0.03],
          ['25/12/2018 14:05', 0.05, 0.08],
          ...row(0.2, 'ITEM', 'QTY', 'PRICE', 'AMOUNT'),
          ...row(0.23, 'NASI LEMAK', '1', '9.76', '9.76'),
          ...row(0.26, 'TEH TARIK', '4', '6.88', '21.52'),
          ...row(0.32, 'SUB TOTAL', '', '', '37.28'),
          ...row(0.34, 'SST 6%', '', '', '2.24'),
          ...row(0.36, 'TOTAL', '', '', '39.52'),
          ...(tender ? [...row(0.4, 'CASH', '', '', '50.00'), ...row(0.42, 'CHANGE', '', '', '10.48')] : []),
        ].filter(([t]) => t !== '') as Array<[string, number, number]>,
        reader,
      );
    const paid = await readFinance(receipt, [slip('tesseract', true), slip('paddle', true)], NOW);
    expect(paid.problems.filter((p) => p.code === 'ARITHMETIC_MISMATCH')).toEqual([]);
    expect(paid.get('total')).toMatchObject({ status: 'read', value: 39.52 });
    expect(paid.get('line_items').problems).toContain('LOW_CONFIDENCE');
    expect(paid.get('line_items').reason).toMatch(/4 × 6\.88 = 27\.52, printed 21\.52.*the rows were misread/);
    // Without a tender that says what was paid, the rows still doubt the document.
    const unpaid = await readFinance(receipt, [slip('tesseract', false), slip('paddle', false)], NOW);
    expect(unpaid.problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it('takes item rows fewer than the articles the slip counts for rows missed, not for a total that does not add up', async () => {
    const slip = (reader: ReaderOutput['reader'], count: string | null) =>
      placed(
        slipEntries(
          'GOOD EATS',
          '25/12/2018 14:05',
          ...(reader === 'tesseract' ? ['DESCRIPTION | AMOUNT', 'NASI LEMAK | 12.00', 'TEH TARIK | 4.80'] : []),
          ...(count ? [count] : []),
          'TOTAL | 36.28',
        ),
        reader,
      );
    const counted = await readFinance(receipt, [slip('tesseract', "Nombre d'articles: 5"), slip('paddle', "Nombre d'articles: 5")], NOW);
    expect(counted.problems).toEqual([]);
    expect(counted.get('total')).toMatchObject({ status: 'read', value: 36.28 });
    const uncounted = await readFinance(receipt, [slip('tesseract', null), slip('paddle', null)], NOW);
    expect(uncounted.problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
    // As many rows read as the slip counts: the sum still doubts the total.
    const pieces = await readFinance(receipt, [slip('tesseract', 'Total Items: 2'), slip('paddle', 'Total Items: 2')], NOW);
    expect(pieces.problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it('reads a till count of lines and pieces ("Item(s) : 5 Qty(s) : 13") as rows missed when two rows were read', async () => {
    const slip = (reader: ReaderOutput['reader'], count: string | null) =>
      placed(
        slipEntries(
          'GOOD EATS',
          '25/12/2018 14:05',
          ...(reader === 'tesseract' ? ['SPONGE KOREA | 8.90', 'PLASTIC BAGS | 0.20'] : []),
          ...(count ? [count] : []),
          'TOTAL INCL. GST | RM 71.90',
        ),
        reader,
      );
    const both = (count: string | null) => readFinance(receipt, [slip('tesseract', count), slip('paddle', count)], NOW);
    const counted = await both('Item(s) : 5 Qty(s) : 13');
    expect(counted.problems).toEqual([]);
    expect(counted.get('total')).toMatchObject({ status: 'read', value: 71.9 });
    // The lines' word misread, the pieces' word says the same.
    expect((await both('Htea(s) + 5 Qty(s) w 13')).problems).toEqual([]);
    expect((await both(null)).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
    // Two rows read of a slip that counts two lines: the sum still doubts the total.
    expect((await both('Item(s) : 2 Qty(s) : 2')).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it('reads rows priced by quantity with no amount beside them as rows missed, where the rows read come to less than the total (seed 20705)', async () => {
    const slip = (reader: ReaderOutput['reader'], priced: string[], total: string) =>
      placed(slipEntries('GREENFIELD PHARMACY', '25 APR 2025 09:16', '2 x 5.85 | 11.70', 'WHITE BREAD', ...priced, `TOTAL | ${total}`), reader);
    const both = (priced: string[], total = '203.30') => readFinance(receipt, [slip('tesseract', priced, total), slip('paddle', priced, total)], NOW);
    // The page read dropped the amount column: "4 x 19.74" and "3 x 5.88" with nothing beside them.
    const dropped = await both(['TEH TARIK', '4 x 19.74', 'NASI LEMAK', '3 x 5.88']);
    expect(dropped.problems).toEqual([]);
    expect(dropped.get('total')).toMatchObject({ status: 'read', value: 203.3 });
    // No other priced row: the one row read is all the slip shows, and the sum doubts the total.
    expect((await both([])).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
    // Rows read coming to more than the total: rows missed explain no such sum.
    expect((await both(['TEH TARIK', '4 x 19.74', 'NASI LEMAK', '3 x 5.88'], '9.90')).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it('adds a service charge in the arithmetic that vouches for a total only one reader found', async () => {
    const lines = ['GOOD EATS', 'SUB TOTAL | 295.00', 'SERVICE CHARGE 10% | 29.50', 'GST 6% | 19.47', 'ROUNDING ADJ | -0.02'];
    const reading = (reader: ReaderOutput['reader'], total: string | null) => placed(slipEntries(...lines, ...(total ? [total] : [])), reader);
    // Tesseract saw the label but not the amount (a garble); the rounding, printed with its minus, is still read.
    const { get, problems } = await readFinance(receipt, [reading('tesseract', 'TOTAL | 3.9%'), reading('paddle', 'TOTAL | 343.95')], NOW);
    expect(problems).toEqual([]);
    expect(get('total')).toMatchObject({ status: 'read', value: 343.95, evidence: expect.arrayContaining(['arithmetic']) });
  });

  it('names the tender by its word when misread digits share its row', async () => {
    const { value } = await run(
      placed([
        ['GOOD EATS', 0.2, 0.03],
        ['TOTAL', 0.05, 0.3],
        ['9.60', 0.75, 0.3],
        ['CASH :  g 60', 0.05, 0.32],
      ]),
    );
    expect(value('payment_method')).toBe('CASH');
  });

  it('does not take a logo read as a garble for the name, nor measure type size against a stray mark', async () => {
    for (const logo of ['he Co RR re', '3 1§orolr']) {
      const { value } = await run(
        placed([
          [logo, 0.3, 0.01, 3],
          ['.', 0.5, 0.05, 0.3],
          ['HON HWA HARDWARE', 0.2, 0.07],
          ['(21109-A)', 0.35, 0.09],
          ['NO 37, JALAN MANIS 7', 0.2, 0.11],
          ['TOTAL', 0.05, 0.3],
          ['9.60', 0.75, 0.3],
        ]),
      );
      expect(value('merchant_name'), logo).toBe('HON HWA HARDWARE');
    }
  });

  it('takes a name printed over two lines whole, and withholds one whose end the header leaves open', async () => {
    const header = (lines: Array<[string, number, number, number?]>, reader: ReaderOutput['reader'] = 'tesseract') =>
      placed([...lines, ['NO 8, JALAN 7/118R', 0.2, 0.2], ['TOTAL', 0.05, 0.3], ['9.60', 0.75, 0.3]], reader);
    const both = async (lines: Array<[string, number, number, number?]>) => {
      const { get } = await readFinance(receipt, [header(lines, 'tesseract'), header(lines, 'paddle')], NOW);
      return get('merchant_name');
    };
    // The legal form alone on the second line, and a first line ending in "&", finish the name above.
    expect(
      (
        await both([
          ['POPULAR BOOK', 0.2, 0.03],
          ['CO. (M) SDN BHD', 0.2, 0.05],
          ['(Co. No. 113825-W)', 0.2, 0.07],
        ])
      ).value,
    ).toBe('POPULAR BOOK CO. (M) SDN BHD');
    const twoLines = await both([
      ['HOME MASTER HARDWARE &', 0.2, 0.03],
      ['ELECTRICAL', 0.3, 0.05],
      ['Company Reg No. 5403711551-P', 0.2, 0.07],
    ]);
    expect([twoLines.value, twoLines.problems]).toEqual(['HOME MASTER HARDWARE & ELECTRICAL', []]);
    // Words alone on the next line may be the name's end or a byline: both readers agreeing does not say which.
    const open = await both([
      ['RESTAURANT JIAWEI', 0.2, 0.03],
      ['JIAWEI HOUSE', 0.25, 0.05],
      ['002693074-K', 0.3, 0.07],
    ]);
    expect(open.status).toBe('read');
    expect(open.problems).toEqual(['LOW_CONFIDENCE']);
    expect(open.reason).toContain('JIAWEI HOUSE');
    // A brand in large type over the registered company's name.
    const brand = await both([
      ['tealive', 0.3, 0.01, 5],
      ['Ottogo Enterprise', 0.3, 0.09],
      ['002570632-X', 0.3, 0.11],
    ]);
    expect([brand.value, brand.problems]).toEqual(['tealive', ['LOW_CONFIDENCE']]);
    // The registration after the name is no part of it, whatever brackets a reader made of it.
    // A speck read as a stop by its hyphen is no part of it either (seed 23354).
    for (const line of [
      '99 SPEED MART S/B {519537-X',
      '99 SPEED MART S/B [519537-X]',
      'OTTOGO ENTERPRISE 002570632-X',
      'UNITED BOOKSTORE ENTERPRISE (3237391.-x)',
    ])
      expect(
        (
          await both([
            [line, 0.2, 0.03],
            ['NO 11, JALAN ANGGERIK', 0.2, 0.05],
          ])
        ).value,
        line,
      ).toBe(line.replace(/ [({[]?\d.*$/, ''));
    // Initials and a legal form are a name; an address line under them is not.
    const initials = await both([
      ['MR. D.I.Y. SDN BHD', 0.2, 0.03],
      ['(CO.REG :704427-T )', 0.25, 0.05],
      ['LOT 1851-A & 1851-B, JALAN KPB 6,', 0.1, 0.07],
    ]);
    expect([initials.value, initials.problems]).toEqual(['MR. D.I.Y. SDN BHD', []]);
    // A legal form, a registration on the name's line, or an address with digits closes the name.
    for (const closed of [
      [
        ['THREE STOOGES SDN BHD', 0.2, 0.03],
        ['BISTRO & CAFE', 0.25, 0.05],
      ],
      [
        ['TRI SHAAS (728515-M)', 0.2, 0.03],
        ['MYDIN MART SRI MUDA', 0.25, 0.05],
      ],
      [
        ['SWEET FOREST CAFE', 0.2, 0.03],
        ['NO 21,JLN BUNGA KANTAN', 0.25, 0.05],
      ],
    ] as Array<Array<[string, number, number]>>)
      expect((await both(closed)).problems, closed[0]![0]).toEqual([]);
  });

  it("does not take a tax summary's total, nor the tax a total includes, for the total", async () => {
    const slip = (tail: Array<[string, number, number]>) =>
      placed([
        ['GOOD EATS SDN BHD', 0.2, 0.03],
        ['NO 3, JALAN SS21/39', 0.2, 0.05],
        ['COKE', 0.05, 0.2],
        ['3.50', 0.8, 0.2],
        ['McCHICKEN', 0.05, 0.22],
        ['5.00', 0.8, 0.22],
        ...tail,
      ]);
    const summary = await run(
      slip([
        ['TOTAL', 0.05, 0.3],
        ['8.50', 0.8, 0.3],
        ['CASH', 0.05, 0.32],
        ['10.00', 0.8, 0.32],
        ['CHANGE', 0.05, 0.34],
        ['1.50', 0.8, 0.34],
        ['GST SUMMARY', 0.05, 0.38],
        ['TAX CODE % AMOUNT TAX', 0.05, 0.4],
        ['SR 6.00 8.02 0.48', 0.05, 0.42],
        ['TOTAL:', 0.05, 0.44],
        ['8.02', 0.6, 0.44],
        ['0.48', 0.8, 0.44],
      ]),
    );
    expect(summary.value('total')).toBe(8.5);
    const includes = await run(
      slip([
        ['TakeOut Total (incl GST)', 0.05, 0.3],
        ['8.50', 0.8, 0.3],
        ['Cash Tendered', 0.05, 0.32],
        ['50.00', 0.8, 0.32],
        ['Change', 0.05, 0.34],
        ['41.50', 0.8, 0.34],
        ['TOTAL INCLUDES 6% GST', 0.05, 0.36],
        ['0.48', 0.8, 0.36],
      ]),
    );
    expect(includes.value('total')).toBe(8.5);
  });

  it('lets the sum of item rows guessed without a header doubt the total, unless tender less change says it was paid', async () => {
    const slip = (reader: ReaderOutput['reader'], tender: Array<[string, number, number]>) =>
      placed([['GOOD EATS', 0.2, 0.03], ['PEARL TEA', 0.05, 0.22], ['1.10', 0.8, 0.22], ['TOTAL', 0.05, 0.3], ['8.60', 0.8, 0.3], ...tender], reader);
    const paid: Array<[string, number, number]> = [
      ['CASH', 0.05, 0.32],
      ['10.00', 0.8, 0.32],
      ['CHANGE', 0.05, 0.34],
      ['1.40', 0.8, 0.34],
    ];
    const doubted = await readFinance(receipt, [slip('tesseract', []), slip('paddle', [])], NOW);
    expect(doubted.problems.map((p) => p.code)).toContain('ARITHMETIC_MISMATCH');
    const { get, problems } = await readFinance(receipt, [slip('tesseract', paid), slip('paddle', paid)], NOW);
    expect(problems.map((p) => p.code)).not.toContain('ARITHMETIC_MISMATCH');
    expect(get('total')).toMatchObject({ status: 'read', value: 8.6 });
  });

  it("checks the total on the tax summary's tax where the tax read falls short of it, a rate's amount unread, and withholds the tax read", async () => {
    // seed 20441: "UST. 7%" read with no amount under "MWST 19% 2,48"; the summary states both rates
    const slip = (reader: ReaderOutput['reader'], rates: string[]) =>
      placed(
        [
          ['DROGERIE HOFFMANN GMBH', 0.2, 0.03],
          ...slipEntries(
            'MILCH 1,5% 1L | 6,74',
            'APFELSCHORLE | 7,85',
            'ZWISCHENSUMME | 14,59',
            'MWST 19% | 2,48',
            'UST. 7%',
            'ZU ZAHLEN | 17,18',
            'TAX CODE',
          ).map(([t, x, y]): [string, number, number] => [t, x, y - 0.2]),
          ...rates.map((t, i): [string, number, number] => [t, 0.05, 0.52 + i * 0.02]),
        ],
        reader,
      );
    const summary = ['A @ 19% 13,08 2,48', 'B@ 7% 1,51 0,11'];
    const { get, problems } = await readFinance(receipt, [slip('tesseract', summary), slip('paddle', summary)], NOW);
    expect(problems.map((p) => p.code)).not.toContain('ARITHMETIC_MISMATCH');
    expect(get('total')).toMatchObject({ status: 'read', value: 17.18, evidence: expect.arrayContaining(['arithmetic']) });
    expect(get('tax_amount').problems).toContain('LOW_CONFIDENCE');
    // a summary that states another net leaves the sum failing
    const other = await readFinance(receipt, [slip('tesseract', ['A @ 19% 13,18 2,48', 'B@ 7% 1,51 0,11']), slip('paddle', [])], NOW);
    expect(other.problems.map((p) => p.code)).toContain('ARITHMETIC_MISMATCH');
  });

  it('lets a tax summary that makes the total, as tender lines do, outweigh item rows guessed without a header', async () => {
    const slip = (reader: ReaderOutput['reader'], summary: Array<[string, number, number]>, rounding: Array<[string, number, number]> = []) =>
      placed(
        [
          ['GOOD EATS SDN BHD', 0.2, 0.03],
          ['HAZELNUT COCO', 0.05, 0.22],
          ['1.10', 0.7, 0.22],
          ['SR', 0.85, 0.22],
          ...rounding,
          ['TOTAL', 0.05, 0.3],
          ['8.60', 0.8, 0.3],
          ['GST SUMMARY', 0.05, 0.34],
          ['AMOUNT', 0.55, 0.34],
          ['TAX', 0.8, 0.34],
          ...summary,
        ],
        reader,
      );
    const rate = (net: string, tax: string): Array<[string, number, number]> => [
      ['SR @ 6%', 0.05, 0.36],
      [net, 0.55, 0.36],
      [tax, 0.8, 0.36],
    ];
    const both = (summary: Array<[string, number, number]>, rounding: Array<[string, number, number]> = []) =>
      readFinance(receipt, [slip('tesseract', summary, rounding), slip('paddle', summary, rounding)], NOW);
    const summed = await both(rate('8.11', '0.49'));
    expect(summed.problems).toEqual([]);
    expect(summed.get('total')).toMatchObject({ status: 'read', value: 8.6 });
    // A summary that makes another amount leaves the total doubted, as no summary does.
    expect((await both(rate('8.11', '0.47'))).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH', fields: ['line_items', 'total'] }]);
    expect((await both([])).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
    // With a cash rounding printed, the summary makes the total before it.
    const rounded: Array<[string, number, number]> = [
      ['ROUNDING ADJ', 0.05, 0.28],
      ['-0.02', 0.8, 0.28],
    ];
    expect((await both(rate('8.13', '0.49'), rounded)).problems).toEqual([]);
    expect((await both(rate('8.11', '0.49'), rounded)).problems).toMatchObject([{ code: 'ARITHMETIC_MISMATCH' }]);
  });

  it('is told apart from an invoice by its words', () => {
    const lines = shop.pages[0]!.lines.map((l) => l.text);
    const input = { kind: 'png' as const, lines, text: lines.join('\n').toUpperCase() };
    expect(detectReceipt(input).score).toBeGreaterThan(detectInvoice(input).score);
    const inv = ['INVOICE', 'Bill to', 'Due date 01/02/2025', 'Subtotal 10.00', 'VAT 19%', 'IBAN DE89370400440532013000'];
    const invInput = { kind: 'pdf' as const, lines: inv, text: inv.join('\n').toUpperCase() };
    expect(detectInvoice(invInput).score).toBeGreaterThan(detectReceipt(invInput).score);
  });

  it("knows a slip by the till's closing lines where its tender line was lost (seeds 23523, 23555)", () => {
    const lines = [
      'OCEAN PEARL',
      'RESTAURANT ENTERPRISE',
      'GST REG NO: 055954093308',
      'INV NO 03214495',
      '11-04-2025 08:57:03 #7',
      'SUBTOTAL 2.76',
      'Service Tax 6% 0.16',
      'ROUNDING ADJUSTMENT -0.01',
      'AMOUNT DUE RM 2.85',
      'GOODS SOLD ARE NOT RETURNABLE',
    ];
    const input = { kind: 'jpeg' as const, lines, text: lines.join('\n').toUpperCase(), textWidth: 24 };
    expect(detectReceipt(input).score).toBeGreaterThanOrEqual(RECOGNISED);
    expect(detectReceipt(input).score).toBeGreaterThan(detectInvoice(input).score);
    for (const closing of ['ROUNDING ADJUSTMENT -0.01', 'GOODS SOLD ARE NOT RETURNABLE']) {
      const one = lines.filter((l) => l === closing || !/ROUNDING|GOODS/.test(l));
      expect(detectReceipt({ ...input, lines: one, text: one.join('\n').toUpperCase() }).score, closing).toBeGreaterThanOrEqual(RECOGNISED);
    }
  });

  it("knows a slip by its note on returns in the till's language, where a shadow took the rest (seed 26436)", () => {
    // Tesseract's page reading: the faded left column lost "Bon-", the time and "SUMME".
    const lines = [
      'FEINKOST WEBER E.K.',
      'HAUPTSTRASSE 112',
      '04109 LEIPZIG',
      'St.-Nr. 36/871/81102',
      'TAX INVOICE',
      'Nr. 2226027',
      'St NETTO',
      'A@ 19% 7,67',
      'UMTAUSCH NUR MIT BON',
    ];
    const input = { kind: 'jpeg' as const, lines, text: lines.join('\n').toUpperCase(), textWidth: 35.5 };
    expect(detectReceipt(input).score).toBeGreaterThan(detectInvoice(input).score);
    for (const note of ['BARANG YANG DIJUAL TIDAK BOLEH DIPULANGKAN', 'NO SE ADMITEN DEVOLUCIONES']) {
      const other = lines.map((l) => (l.startsWith('UMTAUSCH') ? note : l));
      const again = { ...input, lines: other, text: other.join('\n').toUpperCase() };
      expect(detectReceipt(again).score, note).toBeGreaterThan(detectInvoice(again).score);
    }
  });

  it("knows a simplified invoice's title and a till's thanks that lost their first letter or word at a shadowed edge (seed 26408)", () => {
    const lines = [
      'BUCHHANDLUNG AM',
      'MARKT GMBH',
      'HAUPTSTRASSE 112',
      '4109 LEIPZIG',
      'JSt-IdNr. DE406031900',
      'IMPLIFIED TAX INVOICE',
      'MILCH 1',
      '/TELEN DANK FUR IHREN EINKAU',
    ];
    const input = { kind: 'jpeg' as const, lines, text: lines.join('\n').toUpperCase(), textWidth: 22 };
    expect(detectInvoice(input).reason).not.toMatch(/INVOICE,|INVOICE\./);
    expect(detectReceipt(input).score).toBeGreaterThan(detectInvoice(input).score);
    // a slip's number after "BON" with a letter before its digits
    expect(detectReceipt({ ...input, text: 'BON T13274' }).reason).toContain('BON T13274');
  });

  it('takes "VISA" on a page as narrow as a till slip for the card it was paid with, not a visa (seed 26300)', () => {
    const lines = ['PANADERIA LA ESPIGA SL', 'bi NUEVA 4, Ne', 'TEL: 08-8315 3908', 'E. VA. 10% . ;', ': VISA', 'E NARAN JA a'];
    const input = { kind: 'jpeg' as const, lines, text: lines.join('\n').toUpperCase(), textWidth: 24 };
    expect(visa.detect(input).score).toBeLessThan(RECOGNISED);
    // Wider text, as a visa's: the word names the document.
    expect(visa.detect({ ...input, textWidth: 50 }).score).toBeGreaterThanOrEqual(RECOGNISED);
  });

  it('takes a simplified invoice’s title for a till’s, not an invoice’s', () => {
    const lines = [
      '~ FRESH',
      'BAR LOS AMIGOS S.L.U.',
      '28013 MADRID',
      'SIMPLIFIED TAX INVOICE',
      'CAFE CON LECHE 1,84',
      'SUBTOTAL 57,62',
      'I.V.A. 10% 5,76',
      'IMPORTE TOTAL EUR 63,38',
      'Ticket n? R7530',
    ];
    const input = { kind: 'jpeg' as const, lines, text: lines.join('\n').toUpperCase() };
    expect(detectReceipt(input).score).toBeGreaterThan(detectInvoice(input).score);
    expect(detectInvoice(input).reason).not.toMatch(/INVOICE,/);
    const spanish = { ...input, text: input.text.replace('SIMPLIFIED TAX INVOICE', 'FACTURA SIMPLIFICADA') };
    expect(detectReceipt(spanish).score).toBeGreaterThan(detectInvoice(spanish).score);
  });

  it("reads no invoice's date label across a till slip's title and its date line (seed 20402)", () => {
    const lines = [
      'GOLDEN LEAF CAFE ENTERPRISE',
      'TAX INVOICE',
      'DATE: 11-04-2025 TIME 19:17',
      'SUB-TOTAL 261.77',
      'GST 10% 26.18',
      'AMOUNT DUE 287.95',
      'CARD 287.95',
    ];
    const input = { kind: 'jpeg' as const, lines, text: lines.join('\n').toUpperCase(), textWidth: 27.5 };
    expect(detectInvoice(input).reason).not.toMatch(/INVOICE\s+DATE/);
    expect(detectReceipt(input).score).toBeGreaterThan(detectInvoice(input).score);
  });

  it("is recognised from a reading that ran its words together, by the till's thanks in its language", () => {
    // PaddleOCR's page reading of a faint dot-matrix slip; the first reader lost its totals.
    const lines = [
      'CAFEDE LA GARE SAS',
      'Legout du vrai pain',
      'BAGUETTE TRADIT3,27',
      'NETAPAYER 16,67',
      'CB16,6 7',
      'TVA20% INCLUSE 2,78',
      'MERCI ET A BIENTOT',
    ];
    const input = { kind: 'png' as const, lines, text: lines.join('\n').toUpperCase() };
    expect(detectReceipt(input).score).toBeGreaterThanOrEqual(RECOGNISED);
    expect(detectReceipt(input).score).toBeGreaterThan(detectInvoice(input).score);
    // a German till's thanks ("Vielen Dank", never "Danke" alone), seed 20289: Tesseract lost the totals
    const german = ['FEINKOST WEBER GMEH', 'HAUPTSTRASS 112', 'SUMME 68,55', 'BAR100,00', 's UST 10,94', 'VIELENDANK UND AUF WIEDERS E HEN'];
    const germanInput = { kind: 'png' as const, lines: german, text: german.join('\n').toUpperCase() };
    expect(detectReceipt(germanInput).score).toBeGreaterThanOrEqual(RECOGNISED);
  });
});
