import { describe, expect, it } from 'vitest';
import { findCustomer, findVendor } from './parties.js';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';

type Entry = [text: string, x: number, y: number, size?: number];
const rowsOf = (entries: Entry[]) => readingRows(placed(entries));
const vendorOf = (entries: Entry[]): string | null => findVendor(rowsOf(entries))?.name ?? null;

/** A French invoice whose logo is an image: the only text at the top is the customer's window. */
const addressWindow: Entry[] = [
  ['ALEXINUX', 0.65, 0.14],
  ['de Lattre Alexis', 0.65, 0.155],
  ['27 rue Henri Rolland', 0.65, 0.17],
  ['69100 Villeurbanne', 0.65, 0.185],
  ['Facture n° 2022089083', 0.41, 0.21],
];

describe('invoice issuer', () => {
  it('is the letterhead its own sender line names again, over an account holder named apart', () => {
    expect(
      vendorOf([
        ['Bei Spiel GmbH', 0.76, 0.145],
        ['Ecke 12', 0.76, 0.165],
        ['Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen', 0.14, 0.181],
        ['Theodor Est', 0.12, 0.2],
        ['Bahnstr. 42', 0.12, 0.232],
        ['88802 Spielkreis', 0.12, 0.266],
        ['Account holder: Max Mustermann', 0.6, 0.92],
      ]),
    ).toBe('Bei Spiel GmbH');
  });

  it('is the account holder the bank line names, over an unlabelled address window', () => {
    expect(vendorOf([...addressWindow, ['Virement', 0.08, 0.61], ['BRED BANQUE POPULAIRE - Titulaire du compte : NETPRESSE', 0.21, 0.61]])).toBe('NETPRESSE');
    expect(vendorOf([...addressWindow, ['Note : All Payment to be made in favor of', 0.1, 0.53], ['Oravel Stays Pvt. Ltd.', 0.1, 0.545]])).toBe(
      'Oravel Stays Pvt. Ltd.',
    );
  });

  it('is never the bank a "Beneficiary bank" line names', () => {
    const letterhead: Entry[] = [
      ['Northwind Analytics GmbH', 0.08, 0.07, 1.5],
      ['Lindenstraße 14', 0.08, 0.1],
      ['20095 Hamburg', 0.08, 0.115],
    ];
    expect(vendorOf([...letterhead, ['Beneficiary bank: HSBC UK', 0.08, 0.7]])).toBe('Northwind Analytics GmbH');
  });

  it('is the company the legal footer names, with its legal form or alone over the registration line', () => {
    expect(vendorOf([...addressWindow, ['Free SAS au capital de 3.441.812 Euros - B 421 938 861 RCS Paris', 0.08, 0.92]])).toBe('Free SAS');
    expect(
      vendorOf([
        ...addressWindow,
        ['NETPRESSE', 0.47, 0.943],
        ['Siège social : 16 rue Mollien - 92100 BOULOGNE', 0.23, 0.955],
        ['Sarl au capital de 10 000€ - RSC Paris B 530 848 134', 0.26, 0.967],
      ]),
    ).toBe('NETPRESSE');
  });

  it('does not take a footer sentence for a name because it holds a word like a legal form ("as")', () => {
    const footer: Entry[] = [
      ['The goods sold as part of this shipment are for end use', 0.04, 0.91],
      ['Registered Office: 5 Hosur Road, Bangalore', 0.04, 0.925],
    ];
    expect(vendorOf([['Azure Interior', 0.05, 0.054], ['4557 De Silva St', 0.05, 0.073], ...footer])).toBe('Azure Interior');
  });

  it('keeps the letterhead, with its address, when the footer names the same company', () => {
    const vendor = findVendor(
      rowsOf([
        ['Free Service Abonné', 0.07, 0.1],
        ['75371 Paris Cedex 08', 0.07, 0.112],
        ['de Lattre Alexis', 0.5, 0.18],
        ['Free SAS au capital de 3.441.812 Euros - RCS Paris', 0.08, 0.92],
      ]),
    );
    expect(vendor).toMatchObject({ name: 'Free Service Abonné', address: '75371 Paris Cedex 08', placedBy: 'confirmed' });
  });

  it('says how each name was placed: one sign alone is only a letterhead, a payee or a footer', () => {
    expect(
      findVendor(
        rowsOf([
          ['Azure Interior', 0.05, 0.054],
          ['4557 De Silva St', 0.05, 0.073],
        ]),
      )?.placedBy,
    ).toBe('letterhead');
    expect(findVendor(rowsOf([...addressWindow, ['BRED BANQUE POPULAIRE - Titulaire du compte : NETPRESSE', 0.21, 0.61]]))?.placedBy).toBe('payee');
    expect(findVendor(rowsOf([...addressWindow, ['Free SAS au capital de 3.441.812 Euros - RCS Paris', 0.08, 0.92]]))?.placedBy).toBe('legal_footer');
    expect(findVendor(rowsOf([['Sold by: Northwind Analytics GmbH', 0.08, 0.2]]))?.placedBy).toBe('labelled');
  });

  it('is the sender line over the address window, not the recipient under it', () => {
    const page: Entry[] = [
      ['QualityHosting AG - Uferweg 40-42 - D-63571 Gelnhausen', 0.11, 0.168, 0.8],
      ['iViveLabs Ltd.', 0.11, 0.243],
      ['93B Sai Yu Chung', 0.11, 0.257],
      ['Yuen Long, N.T.', 0.11, 0.271],
      ['Hong Kong', 0.11, 0.285],
    ];
    expect(findVendor(rowsOf(page))).toMatchObject({ name: 'QualityHosting AG', address: 'Uferweg 40-42, D-63571 Gelnhausen' });
  });

  it('is never a block a customer label heads ("To:", "Factuuradres", "Afleveradres"), nor a title', () => {
    const envato: Entry[] = [
      ['Tax Invoice', 0.066, 0.047, 1.3],
      ['Envato', 0.066, 0.067],
      ['ABN: 11 119 159 741', 0.066, 0.081],
      ['PO Box 16122', 0.81, 0.081],
      ['Collins Street West, VIC 8007', 0.68, 0.099],
      ['Australia', 0.85, 0.113],
      ['To:', 0.066, 0.136],
      ['iViveLabs Ltd', 0.12, 0.136],
      ['Invoice No. 12429647', 0.745, 0.15],
    ];
    expect(vendorOf(envato)).toBe('Envato');
    expect(findCustomer(rowsOf(envato))?.name).toBe('iViveLabs Ltd');
    const saeco: Entry[] = [
      ['Factuuradres', 0.13, 0.15],
      ['Afleveradres', 0.6, 0.15],
      ['Strategic Corp', 0.13, 0.17],
      ['bosd', 0.6, 0.17],
      ['Fakestreet 46', 0.13, 0.185],
      ['Fakestreet 46', 0.6, 0.185],
      ['3500 MJ Utrecht', 0.13, 0.2],
      ['3500 MJ Utrecht', 0.6, 0.2],
      ['Kopie factuur', 0.07, 0.31, 1.7],
    ];
    expect(vendorOf(saeco)).toBeNull();
  });

  it('reads a name the reader ran into an e-mail address printed beside it', () => {
    const page: Entry[] = [
      ['Sammy smaystone4@fake.com Maystone', 0.08, 0.04, 2],
      ['Item', 0.07, 0.33],
      ['Quantity', 0.6, 0.33],
      ['Rate', 0.77, 0.33],
      ['Amount', 0.87, 0.33],
    ];
    expect(vendorOf(page)).toBe('Sammy Maystone');
  });

  it('takes no column heading, labelled field, slogan or reference for a name', () => {
    const page: Entry[] = [
      ['Guest Name: Sanjay', 0.07, 0.09],
      ['Hotel Details', 0.08, 0.13],
      ['Check In', 0.53, 0.13],
      ['Check Out', 0.68, 0.13],
      ['Rooms', 0.83, 0.13],
      ['Dat betaal ik zelf wel.', 0.08, 0.2, 2],
      ['SCONL0303006280999', 0.07, 0.25],
    ];
    expect(vendorOf(page)).toBeNull();
  });
  it('is confirmed by its own address printed again at the foot of the page, flush left or right', () => {
    // Right-aligned at x = 0.92: a line of n characters starts at 0.92 - 0.008 n.
    const right = (text: string, y: number, size = 1): Entry => [text, 0.92 - 0.008 * size * text.length, y, size];
    for (const letterhead of [
      [
        ['Bluefjord Consulting AS', 0.08, 0.07, 1.5],
        ['Strandgata 7', 0.08, 0.09],
        ['5013 Bergen', 0.08, 0.105],
      ] as Entry[],
      [right('Bluefjord Consulting AS', 0.07, 1.5), right('Strandgata 7', 0.09), right('5013 Bergen', 0.105)],
    ]) {
      const page: Entry[] = [
        ...letterhead,
        ['Billed to', 0.08, 0.2],
        ['Helix Medical Supplies', 0.08, 0.215],
        ['Parkweg 2', 0.08, 0.23],
        ['Strandgata 7 · 5013 Bergen · Norway', 0.3, 0.95],
      ];
      expect(findVendor(rowsOf(page))).toMatchObject({ name: 'Bluefjord Consulting AS', address: 'Strandgata 7, 5013 Bergen', placedBy: 'confirmed' });
      // Without the footer line it is one sign alone.
      expect(findVendor(rowsOf(page.slice(0, -1)))?.placedBy).toBe('letterhead');
    }
  });

  it('never takes the title alone for the letterhead, in any language ("FATURA")', () => {
    const page: Entry[] = [
      ['COPPERLEAF', 0.08, 0.05, 1.6],
      ['FATURA', 0.78, 0.06, 2],
      ['Cliente', 0.08, 0.2],
      ['Orchard Lane Bakery', 0.08, 0.215],
      ['Copperleaf Software Ltd · 88 Harbour Road · Bristol BS1 4RN · NIF GB123456789', 0.2, 0.94],
    ];
    // The logo's short form and the legal footer name the same company.
    expect(findVendor(rowsOf(page))).toMatchObject({ name: 'Copperleaf Software Ltd', placedBy: 'confirmed' });
  });

  it('reads the name before the address on a labelled line, whole ("Northwind", not "rthwind")', () => {
    const page: Entry[] = [
      ['Verkoper: Northwind Analytics GmbH, Lindenstraße 14, 20095 Hamburg, Germany', 0.08, 0.12],
      ['Factuuradres: Helix Medical Supplies, Parkweg 2, 3511 AB Utrecht', 0.08, 0.135],
    ];
    expect(findVendor(rowsOf(page))).toMatchObject({
      name: 'Northwind Analytics GmbH',
      address: 'Lindenstraße 14, 20095 Hamburg, Germany',
      placedBy: 'labelled',
    });
    expect(findCustomer(rowsOf(page))?.name).toBe('Helix Medical Supplies');
  });

  it('is confirmed by a sender line, with commas or dots, right over the address window', () => {
    const window: Entry[] = [
      ['Helix Medical Supplies', 0.08, 0.18],
      ['Parkweg 2', 0.08, 0.195],
      ['3511 AB Utrecht', 0.08, 0.21],
    ];
    for (const sender of [
      'Kestrel Print & Design B.V., Keizersgracht 301, 1016 EE Amsterdam',
      'Kestrel Print & Design B.V. · Keizersgracht 301 · 1016 EE Amsterdam',
    ])
      expect(findVendor(rowsOf([[sender, 0.08, 0.16, 0.7], ...window]))).toMatchObject({
        name: 'Kestrel Print & Design B.V.',
        address: 'Keizersgracht 301, 1016 EE Amsterdam',
        placedBy: 'confirmed',
      });
    // A town after a comma on a window's line is no sender line.
    expect(
      vendorOf([
        ['Stellar Logistics Inc.', 0.08, 0.18],
        ['Portland, OR 97205', 0.08, 0.195],
      ]),
    ).not.toBe('Portland');
  });

  it("is the legal footer's name over its own address, never the bank heading its account's column", () => {
    const footer = (registry: string): Entry[] => [
      ['Commerzbank AG', 0.08, 0.907, 0.8],
      ['Atelier Lumen SARL', 0.38, 0.907, 0.8],
      [registry, 0.67, 0.907, 0.8],
      ['IBAN DE46 1489 2255 7818 6998 84', 0.08, 0.918, 0.8],
      ['12 rue des Tanneurs', 0.38, 0.918, 0.8],
      ['BIC COBADEFFXXX', 0.08, 0.929, 0.8],
      ['69002 Lyon', 0.38, 0.929, 0.8],
    ];
    for (const registry of ['RCS Lyon B 512 334 871', 'Registro Imprese di Milano', 'Amtsgericht Hamburg HRB 48213'])
      expect(findVendor(rowsOf([...addressWindow, ...footer(registry)]))).toMatchObject({ name: 'Atelier Lumen SARL', placedBy: 'legal_block' });
    // Under a confirmed letterhead that names another company, the footer's name stays in doubt.
    const letterhead: Entry[] = [
      ['Northwind Analytics GmbH', 0.08, 0.07, 1.5],
      ['Lindenstraße 14', 0.08, 0.09],
      ['USt-IdNr. DE811907356', 0.08, 0.105],
    ];
    expect(findVendor(rowsOf([...letterhead, ...footer('RCS Lyon B 512 334 871')]))?.placedBy).toBe('legal_footer');
  });

  it("takes the buyer under its label though the seller's label stands beside it on the same row", () => {
    const page: Entry[] = [
      ['Vendeur', 0.08, 0.13],
      ['Facturé à', 0.54, 0.13],
      ['Kestrel Print & Design B.V.', 0.08, 0.146],
      ['Orchard Lane Bakery', 0.54, 0.148],
    ];
    expect(findCustomer(rowsOf(page))?.name).toBe('Orchard Lane Bakery');
    expect(vendorOf(page)).toBe('Kestrel Print & Design B.V.');
  });

  it('takes a name that begins with a label\'s word ("Lieferant GmbH"), and never the street under its label', () => {
    const block = (name: string): Entry[] => [
      ['Verkäufer:', 0.08, 0.2],
      [name, 0.08, 0.215],
      ['Lieferantenstraße 20', 0.08, 0.23],
      ['80333 München', 0.08, 0.245],
    ];
    expect(findVendor(rowsOf(block('Lieferant GmbH')))).toMatchObject({ name: 'Lieferant GmbH', placedBy: 'labelled' });
    expect(vendorOf([['Lieferant: Lieferant GmbH', 0.08, 0.2]])).toBe('Lieferant GmbH');
    // A first line under the label that is no name leaves the label without a value: the next
    // line is the block's street, placed by no label.
    expect(findVendor(rowsOf(block('GmbH')))?.placedBy).not.toBe('labelled');
  });

  it("reads a form's name field under the party's label, in any language", () => {
    for (const field of ['Name: Nordlicht Technik GmbH', 'Firmenname: Nordlicht Technik GmbH', 'Raison sociale : Nordlicht Technik GmbH'])
      expect(
        findVendor(
          rowsOf([
            ['Verkäufer', 0.08, 0.2],
            [field, 0.08, 0.215],
            ['Lindenallee 20', 0.08, 0.23],
          ]),
        ),
      ).toMatchObject({ name: 'Nordlicht Technik GmbH', placedBy: 'labelled' });
  });

  it("takes the block under a heading in two languages or with a word for the block, never the heading's tail", () => {
    for (const heading of ['Verkäufer / Seller', 'Seller information', 'Cedente / Prestatore', 'Angaben zum Verkäufer'])
      expect(
        findVendor(
          rowsOf([
            [heading, 0.08, 0.2],
            ['Nordlicht Technik GmbH', 0.08, 0.215],
            ['Lindenallee 20', 0.08, 0.23],
          ]),
        ),
        heading,
      ).toMatchObject({ name: 'Nordlicht Technik GmbH', placedBy: 'labelled' });
  });

  it('knows the sender by its label in each language ("Absender", "Afzender", "Vendu par")', () => {
    for (const label of ['Absender:', 'Afzender:', 'Vendu par', 'Emitido por'])
      expect(findVendor(rowsOf([[`${label} Nordlicht Technik GmbH`, 0.08, 0.2]]))?.placedBy, label).toBe('labelled');
  });

  it("is the footer's line of name and address, confirmed by the logo's word over an unlabelled window", () => {
    const page: Entry[] = [
      ['NORDLICHT', 0.08, 0.05, 2.2],
      ['Müller Bau AG', 0.08, 0.2],
      ['Bauweg 3', 0.08, 0.215],
      ['10115 Berlin', 0.08, 0.23],
      ['Nordlicht Technik GmbH · Lindenallee 20 · 80333 München', 0.3, 0.94, 0.8],
    ];
    expect(findVendor(rowsOf(page))).toMatchObject({ name: 'Nordlicht Technik GmbH', placedBy: 'confirmed' });
    // The footer's line alone is one sign.
    expect(findVendor(rowsOf(page.slice(1)))).toMatchObject({ name: 'Nordlicht Technik GmbH', placedBy: 'legal_footer' });
  });

  it('heads its own address in the legal footer though its name reads lower case ("Au bon moulin SARL")', () => {
    expect(
      findVendor(
        rowsOf([
          ...addressWindow,
          ['Au bon moulin SARL - 12 rue du Moulin - 75001 Paris', 0.2, 0.93, 0.8],
          ['SIRET 123 456 789 00012 - RCS Paris B 123 456 789', 0.2, 0.945, 0.8],
        ]),
      ),
    ).toMatchObject({ name: 'Au bon moulin SARL', placedBy: 'legal_block' });
  });

  it('is the sender line over the address window though it names no legal form', () => {
    expect(
      findVendor(
        rowsOf([
          ['Bäckerei Sonnenschein · Hauptstraße 5 · 80331 München', 0.08, 0.185, 0.6],
          ['Müller Bau AG', 0.08, 0.2],
          ['Bauweg 3', 0.08, 0.215],
          ['10115 Berlin', 0.08, 0.23],
        ]),
      ),
    ).toMatchObject({ name: 'Bäckerei Sonnenschein', address: 'Hauptstraße 5, 80331 München', placedBy: 'confirmed' });
  });

  it('heads the legal footer by its registration lines under it, or by its address in the next cells of its line', () => {
    const window: Entry[] = [
      ['Müller Bau AG', 0.08, 0.2],
      ['Bauweg 3', 0.08, 0.215],
      ['10115 Berlin', 0.08, 0.23],
    ];
    const columns: Entry[] = [
      ['Nordlicht Technik GmbH', 0.08, 0.92, 0.8],
      ['Geschäftsführer: Hans Muster', 0.08, 0.93, 0.8],
      ['Amtsgericht München HRB 12345', 0.08, 0.94, 0.8],
    ];
    expect(findVendor(rowsOf([...window, ...columns]))).toMatchObject({ name: 'Nordlicht Technik GmbH', placedBy: 'legal_block' });
    const line: Entry[] = [
      ['Nordlicht Technik GmbH', 0.05, 0.94, 0.8],
      ['Lindenallee 20', 0.3, 0.94, 0.8],
      ['80333 München', 0.45, 0.94, 0.8],
    ];
    expect(findVendor(rowsOf([...window, ...line, ['USt-IdNr. DE123456789', 0.72, 0.94, 0.8]]))).toMatchObject({ placedBy: 'legal_block' });
    // With no registration on it, the line is confirmed by the logo's word.
    expect(findVendor(rowsOf([['NORDLICHT', 0.08, 0.05, 2.2], ...window, ...line]))).toMatchObject({ name: 'Nordlicht Technik GmbH', placedBy: 'confirmed' });
  });

  it("is the footer's column of name and address, with no registration, confirmed by the logo's word", () => {
    const page: Entry[] = [
      ['NORDLICHT', 0.08, 0.05, 2.2],
      ['Müller Bau AG', 0.08, 0.2],
      ['Bauweg 3', 0.08, 0.215],
      ['10115 Berlin', 0.08, 0.23],
      ['Nordlicht Technik GmbH', 0.08, 0.92, 0.8],
      ['Tel. 089 123456', 0.4, 0.92, 0.8],
      ['Lindenallee 20', 0.08, 0.93, 0.8],
      ['info@nordlicht.de', 0.4, 0.93, 0.8],
      ['80333 München', 0.08, 0.94, 0.8],
    ];
    expect(findVendor(rowsOf(page))).toMatchObject({ name: 'Nordlicht Technik GmbH', placedBy: 'confirmed' });
  });

  it('reads a sender line whose parts the text layer gives as cells of their own', () => {
    const page: Entry[] = [
      ['Bäckerei Sonnenschein', 0.08, 0.185, 0.6],
      ['·', 0.26, 0.185, 0.6],
      ['Hauptstraße 5', 0.28, 0.185, 0.6],
      ['·', 0.38, 0.185, 0.6],
      ['80331 München', 0.4, 0.185, 0.6],
      ['Müller Bau AG', 0.08, 0.2],
      ['Bauweg 3', 0.08, 0.215],
      ['10115 Berlin', 0.08, 0.23],
    ];
    expect(findVendor(rowsOf(page))).toMatchObject({ name: 'Bäckerei Sonnenschein', placedBy: 'confirmed' });
  });
});

describe("a party's identifiers between its label and its name", () => {
  /** Blocks as e-invoice renderings print them: the label alone, identifier lines, then the name. */
  const block = (label: string, ids: string[], name: string, customerIds: string[] = []): Entry[] => {
    const lines = [
      label,
      ...ids,
      name,
      'Hafenstraße 12',
      'DE 38226 Salzgitter',
      'USt.-Id.-Nr. : DE123456789',
      '',
      'Käufer :',
      ...customerIds,
      'Kunden AG Mitte',
      'Marktplatz 1',
      'DE 10115 Berlin',
    ];
    return lines.flatMap((text, i): Entry[] => (text ? [[text, 0.07, 0.3 + i * 0.0135]] : []));
  };

  it('are passed over to the name (up to three and the rows a block may hold)', () => {
    expect(vendorOf(block('Verkäufer :', ['Kennung : 549910', 'GLN : 4000001123452'], 'Rohstoff AG Salzgitter'))).toBe('Rohstoff AG Salzgitter');
    expect(vendorOf(block('Seller:', ['ID: 549910', 'Global ID : 4000001123452 (0088)', 'Customer no.: K-1042'], 'Northwind Analytics GmbH'))).toBe(
      'Northwind Analytics GmbH',
    );
    expect(findCustomer(rowsOf(block('Verkäufer :', [], 'Rohstoff AG Salzgitter', ['Kennung : 7788', 'GLN : 4000001987658'])))?.name).toBe('Kunden AG Mitte');
  });

  it('are never taken for the name, nor passed over without end', () => {
    const ids = ['Kennung : 549910', 'GLN : 4000001123452', 'GLN : 4000001123453', 'GLN : 4000001123454', 'GLN : 4000001123455'];
    expect(vendorOf(block('Verkäufer :', ids, 'Rohstoff AG Salzgitter'))).not.toBe('Rohstoff AG Salzgitter');
    expect(vendorOf(block('Verkäufer :', ids.slice(0, 2), 'Rohstoff AG Salzgitter'))).not.toMatch(/\d/);
  });
});
