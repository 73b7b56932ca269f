import { describe, expect, it } from 'vitest';
import { readingRows } from './rows.js';
import { findItemTable, findReceiptItems } from './table.js';
import { placed } from './test-reading.js';

describe('findItemTable', () => {
  it('reads the rows under a header that names its columns', () => {
    const rows = readingRows(
      placed([
        ['Item', 0.05, 0.3],
        ['Amount', 0.75, 0.3],
        ['Pineapple', 0.05, 0.32],
        ['23.70', 0.76, 0.32],
      ]),
    );
    expect(findItemTable(rows).map((i) => i.item)).toEqual([{ description: 'Pineapple', quantity: null, unit_price: null, amount: 23.7 }]);
  });

  it.each([
    ['Cant.', 'Precio', 'Importe'],
    ['Q.tà', 'Prezzo', 'Importo'],
    ['Qtd.', 'Preço', 'Total'],
  ])('reads the quantity column under the abbreviation "%s"', (qty, price, amount) => {
    const rows = readingRows(
      placed([
        ['Descripción', 0.05, 0.3],
        [qty, 0.5, 0.3],
        [price, 0.62, 0.3],
        [amount, 0.8, 0.3],
        ['Support retainer', 0.05, 0.32],
        ['12', 0.52, 0.32],
        ['1.184,00', 0.62, 0.32],
        ['14.208,00', 0.8, 0.32],
      ]),
    );
    expect(findItemTable(rows).map((i) => i.item)).toEqual([{ description: 'Support retainer', quantity: 12, unit_price: 1184, amount: 14208 }]);
  });

  it('leaves out the position column read with the descriptions, when every row begins with its own number in order', () => {
    const table = (rows: Array<[string, string]>) =>
      readingRows(
        placed([
          ['Description', 0.05, 0.3],
          ['Amount', 0.8, 0.3],
          ...rows.flatMap(
            ([text, amount], i): Array<[string, number, number]> => [
              [text, 0.05, 0.32 + i * 0.02],
              [amount, 0.8, 0.32 + i * 0.02],
            ],
          ),
        ]),
      );
    const descriptions = (rows: Array<[string, string]>) => findItemTable(table(rows)).map((i) => i.item.description);
    expect(
      descriptions([
        ['1 Support retainer', '10.00'],
        ['2 Consulting services', '20.00'],
      ]),
    ).toEqual(['Support retainer', 'Consulting services']);
    // Not in order, or one row alone: the numbers may be the items' own.
    expect(
      descriptions([
        ['3 Month support', '10.00'],
        ['12 Pens', '20.00'],
      ]),
    ).toEqual(['3 Month support', '12 Pens']);
    expect(descriptions([['1 Hammer', '10.00']])).toEqual(['1 Hammer']);
  });

  it('takes no row carrying an amount for a header: "Item 2 Total with GST 77.20" is a total', () => {
    const rows = readingRows(
      placed([
        ['Item 2', 0.05, 0.3],
        ['Total with GST', 0.3, 0.3],
        ['77.20', 0.75, 0.3],
        ['S = 6%', 0.05, 0.34],
        ['50.47', 0.31, 0.34],
      ]),
    );
    expect(findItemTable(rows)).toEqual([]);
  });
});

describe("a line's own discount column", () => {
  const table = (heading: string, discount: string) =>
    readingRows(
      placed([
        ['Description', 0.05, 0.3],
        ['Qty', 0.45, 0.3],
        ['Price', 0.58, 0.3],
        [heading, 0.7, 0.3],
        ['Amount', 0.82, 0.3],
        ['Support retainer', 0.05, 0.32],
        ['3', 0.46, 0.32],
        ['484.00', 0.58, 0.32],
        ...(discount ? ([[discount, 0.71, 0.32]] as [string, number, number][]) : []),
        ['1,306.80', 0.82, 0.32],
      ]),
    );

  it('is read with the line, as a percentage or an amount off, in any language', () => {
    for (const heading of ['Disc.', 'Rabatt', 'Remise', 'Dto.', 'Sconto', 'Korting', 'Desc.'])
      expect(
        findItemTable(table(heading, '10 %')).map((i) => i.item),
        heading,
      ).toEqual([{ description: 'Support retainer', quantity: 3, unit_price: 484, amount: 1306.8, discount_percent: 10 }]);
    expect(findItemTable(table('Discount', '145.20'))[0]!.item).toMatchObject({ discount_amount: 145.2 });
    expect(findItemTable(table('Discount', ''))[0]!.item).not.toHaveProperty('discount_percent');
  });

  it('"Desc." beside no description column is the description', () => {
    const rows = readingRows(
      placed([
        ['Desc.', 0.05, 0.3],
        ['Amount', 0.82, 0.3],
        ['Support retainer', 0.05, 0.32],
        ['23.70', 0.82, 0.32],
      ]),
    );
    expect(findItemTable(rows).map((i) => i.item)).toEqual([{ description: 'Support retainer', quantity: null, unit_price: null, amount: 23.7 }]);
  });
});

describe('findReceiptItems', () => {
  const itemsOf = (entries: Array<[string, number, number]>) => findReceiptItems(readingRows(placed(entries)), null).map((i) => i.item);

  it('reads the amount left of a tax class printed in a column of its own', () => {
    expect(
      itemsOf([
        ['HAND SOAP 250ML', 0.05, 0.3],
        ['21.78', 0.7, 0.3],
        ['SR', 0.85, 0.3],
        ['MINERAL WATER', 0.05, 0.32],
        ['2.20', 0.7, 0.32],
        ['ZR', 0.85, 0.32],
      ]),
    ).toEqual([
      { description: 'HAND SOAP 250ML', quantity: 1, unit_price: 21.78, amount: 21.78 },
      { description: 'MINERAL WATER', quantity: 1, unit_price: 2.2, amount: 2.2 },
    ]);
  });

  it('prices a quantity line whose amount lost its last digit, or read it as a mark, by its product, where that is the amount as read (seeds 25844, 26034)', () => {
    expect(
      itemsOf([
        ['APFEL LOSE', 0.05, 0.3],
        ['5 x 4,30', 0.05, 0.32],
        ['21,5€', 0.75, 0.32],
        ['BIER 0,5L', 0.05, 0.34],
        ['13,38', 0.75, 0.34],
        // a product other than the figures read is no proof of the lost digit
        ['BROT', 0.05, 0.36],
        ['3 x 1,10', 0.05, 0.38],
        ['3,4¢', 0.75, 0.38],
        ['CAFE CON LECHE', 0.05, 0.4],
        ['5 x 6,58 32,9 i', 0.05, 0.42],
        ['JAMON 100G', 0.05, 0.44],
        ['2 x 9,41', 0.05, 0.46],
        ['18,8', 0.75, 0.46],
      ]),
    ).toEqual([
      { description: 'APFEL LOSE', quantity: 5, unit_price: 4.3, amount: 21.5 },
      { description: 'BIER 0,5L', quantity: 1, unit_price: 13.38, amount: 13.38 },
      { description: 'CAFE CON LECHE', quantity: 5, unit_price: 6.58, amount: 32.9 },
      { description: 'JAMON 100G', quantity: 2, unit_price: 9.41, amount: 18.82 },
    ]);
  });

  it("takes a quantity line after the article's code, under a name set over two lines", () => {
    expect(
      itemsOf([
        ['PILLAR SINK TAP', 0.05, 0.3],
        ['CHROME FINISH', 0.05, 0.32],
        ['9555916500133 2 X 11.95', 0.05, 0.34],
        ['23.90 SR', 0.75, 0.34],
      ]),
    ).toEqual([{ description: 'PILLAR SINK TAP CHROME FINISH', quantity: 2, unit_price: 11.95, amount: 23.9 }]);
  });

  it('takes the row under a name for its amount, with a quantity and unit price that make it or none at all', () => {
    expect(
      itemsOf([
        ['KAWAT MATA PUNAI 2X2', 0.05, 0.3],
        ['1', 0.45, 0.32],
        ['87.00', 0.6, 0.32],
        ['87.00', 0.75, 0.32],
        ['SR', 0.88, 0.32],
        ['PLASTIC BAGS', 0.05, 0.34],
        ['9555258506 0.20', 0.7, 0.36],
        ['SPONGE KOREA', 0.05, 0.38],
        ['2', 0.45, 0.4],
        ['3.00', 0.6, 0.4],
        ['9.00', 0.75, 0.4],
        // A quantity line whose amount was lost leaves its unit price last.
        ['TOSTADA TOMATE', 0.05, 0.42],
        ['5402638192111', 0.05, 0.44],
        ['1 X 2.88', 0.45, 0.44],
      ]),
    ).toEqual([
      { description: 'KAWAT MATA PUNAI 2X2', quantity: 1, unit_price: 87, amount: 87 },
      { description: 'PLASTIC BAGS', quantity: null, unit_price: null, amount: 0.2 },
    ]);
  });

  it('takes a quantity line whose sign a reader misread when its numbers make the amount', () => {
    expect(
      itemsOf([
        ['CROISSANT', 0.05, 0.3],
        ['2%" 1,30', 0.05, 0.32],
        ['2,60', 0.75, 0.32],
        ['BARRA DE PAN', 0.05, 0.34],
        ['3%" 1,30', 0.05, 0.36],
        ['2,60', 0.75, 0.36],
      ]),
    ).toEqual([{ description: 'CROISSANT', quantity: 2, unit_price: 1.3, amount: 2.6 }]);
  });

  it('takes a discount under an item off, whatever sign a reader gave it, and no count line for an item', () => {
    expect(
      itemsOf([
        ['WHITE BREAD', 0.05, 0.3],
        ['4.50', 0.75, 0.3],
        ['MEMBER DISCOUNT', 0.05, 0.32],
        ['0.50', 0.75, 0.32],
        ['TOTAL QTY: 1', 0.05, 0.34],
        ['4.00', 0.75, 0.34],
      ]).map((i) => i.amount),
    ).toEqual([4.5, -0.5]);
  });

  it("takes no service charge for an item, where the net's amount above it lost its comma (seed 24772)", () => {
    expect(
      itemsOf([
        ['BIER 0,5L', 0.05, 0.3],
        ['121', 0.75, 0.3],
        ['SUMME NETTO', 0.05, 0.34],
        ['121', 0.75, 0.34],
        ['BEDIENUNG 10%', 0.05, 0.36],
        ['0,12', 0.75, 0.36],
      ]),
    ).toEqual([]);
  });
});
