import { describe, expect, it } from 'vitest';
import { detectInvoice } from '../invoice.js';
import { detectReceipt } from '../receipt.js';
import { looksLikeTillReceipt, tillSigns } from './document-kind.js';
import { upper } from './labels.js';

const input = (lines: string[]) => ({ kind: 'png' as const, lines, text: lines.join('\n').toUpperCase() });

// A shop's slip as GST law has it headed: "TAX INVOICE", with the till's own words.
const taxInvoiceSlip = [
  'HARDWARE TRADING SDN BHD',
  'GST REG NO : 001269075968',
  'TAX INVOICE',
  'INVOICE NO : CS 23304',
  'DATE : 29/12/2017 11:41',
  'CASHIER # LST',
  'SUBTOTAL : 6.00',
  'TOTAL INCL OF GST : 6.00',
  'CASH 10.00',
  'CHANGE DUE : 4.00',
  'THANK YOU PLEASE COME AGAIN',
];

describe('till receipt or invoice', () => {
  it('reads a till slip headed TAX INVOICE as a receipt, and says why', () => {
    expect(tillSigns(input(taxInvoiceSlip).text)).toEqual(['CASHIER', 'CHANGE DUE', 'THANK YOU', '11:41', 'COME AGAIN']);
    expect(looksLikeTillReceipt(input(taxInvoiceSlip).text)).toBe(true);
    const invoice = detectInvoice(input(taxInvoiceSlip));
    expect(detectReceipt(input(taxInvoiceSlip)).score).toBeGreaterThan(invoice.score);
    expect(invoice.reason).toMatch(/reads as a till receipt \(CASHIER, CHANGE DUE, THANK YOU, 11:41, COME AGAIN\)/);
  });

  it('reads a scanned slip whose tender lines were lost as a receipt when its text is as narrow as a till slip', () => {
    // "TAX INVOICE", an invoice number and a total, and of the till's words only the time.
    const lost = ['KEDAI PAPAN YEW CHUAN', 'TAX INVOICE', 'INVOICE NO : 18299', 'DATE : 05/02/2018 13:02', 'SUBTOTAL 80.00', 'GST 6% 4.80', 'TOTAL 84.80'];
    const on = (textWidth: number | null) => ({ ...input(lost), textWidth });
    expect(looksLikeTillReceipt(input(lost).text)).toBe(false);
    expect(detectInvoice(on(null)).score).toBeGreaterThan(detectReceipt(on(null)).score);
    // 24 letter heights wide: a till slip's paper; 60: a page.
    expect(detectReceipt(on(24)).score).toBeGreaterThan(detectInvoice(on(24)).score);
    expect(detectInvoice(on(24)).reason).toMatch(/as narrow as a till slip's/);
    expect(detectInvoice(on(60)).score).toBeGreaterThan(detectReceipt(on(60)).score);
    // Narrow text that names whom it bills stays an invoice, and narrow text alone is no receipt.
    const billed = { ...input([...lost, 'BILL TO: HELIX MEDICAL']), textWidth: 24 };
    expect(detectInvoice(billed).score).toBeGreaterThan(detectReceipt(billed).score);
    expect(detectReceipt({ ...input(['IDENTITY CARD', 'NAME SOREN HARTMANN', 'EXPIRY 01/02/2030']), textWidth: 24 }).score).toBe(0);
  });

  it("reads a German slip whose amounts a reader lost by its till's words: a card payment, its BON number, the sum to pay", () => {
    const slip = ['Café Lindenblüte KG', 'BON 859613', '12.05.2025 11:34:19 #8', 'Apfel lose', 'Zwischensumme', 'MwSt 7%', 'ZU ZAHLEN EUR', 'Kartenzahlung'];
    const on = { ...input(slip), textWidth: 24 };
    expect(detectReceipt(on).score).toBeGreaterThanOrEqual(0.5);
    expect(detectReceipt(on).reason).toMatch(/BON 859613.*KARTENZAHLUNG/);
    // "bon de commande" is an order form's title, not a till slip's number
    expect(detectReceipt(input(['BON DE COMMANDE N° 2041'])).score).toBe(0);
  });

  it('counts the tender as a till sign however the till words it', () => {
    const slip = [
      'LIAN HING STATIONERY SDN BHD',
      'Tax Invoice',
      'Total Amt Payable 159.00',
      'Rounding Adjustment',
      'Paid Amount 200.00',
      'Change : 41.00',
      'Tender 200.00',
    ];
    expect(tillSigns(input(slip).text)).toEqual(['CHANGE', 'TENDER', 'ROUNDING']);
    expect(looksLikeTillReceipt(input(slip).text)).toBe(true);
  });

  it('keeps an invoice that names whom it bills an invoice, whatever till words it also carries', () => {
    const lines = ['INVOICE', 'Bill to: Helix Medical', 'Invoice date 12/03/2025 10:30', 'Paid in cash, thank you', 'Subtotal 10.00', 'VAT 19%', 'Total 11.90'];
    expect(looksLikeTillReceipt(input(lines).text)).toBe(false);
    expect(detectInvoice(input(lines)).score).toBeGreaterThan(detectReceipt(input(lines)).score);
  });

  it('knows a restaurant check and a GST till by their own words', () => {
    const check = ['TIMELESS KITCHEN SDN BHD', 'Guest Check', 'Invoice no: 000039121', 'Cashier : Mizan', 'Open: 18:43:34 Table: 25', 'Total: 593.10'];
    expect(tillSigns(input(check).text)).toEqual(['CASHIER', '18:43:34', 'GUEST CHECK']);
    expect(detectReceipt(input(check)).score).toBeGreaterThan(detectInvoice(input(check)).score);
    const gstTill = [
      'SPEED MART',
      'INVOICE NO : 18299/102',
      'Total Sales (Inclusive GST) RM 141.00',
      'CASH RM 150.00',
      'GST Summary',
      'Thank You. Please come again',
    ];
    expect(looksLikeTillReceipt(input(gstTill).text)).toBe(true);
    // A table sold on an invoice is no restaurant's table.
    expect(tillSigns('OAK TABLE 2 X 300.00')).toEqual([]);
  });

  it('knows a till time written with AM or PM against the digits', () => {
    expect(tillSigns('CASH RM 150.00\nCHANGE RM 8.50\n01:34PM 568019')).toEqual(['CASH', 'CHANGE', '01:34PM']);
  });

  it('needs more than one till word: an invoice that merely says thank you stays an invoice', () => {
    const lines = ['INVOICE', 'Invoice no. 2024-0117', 'Subtotal 10.00', 'VAT 19%', 'Total 11.90', 'Thank you for your business'];
    expect(looksLikeTillReceipt(input(lines).text)).toBe(false);
    expect(detectInvoice(input(lines)).score).toBeGreaterThan(detectReceipt(input(lines)).score);
  });

  it('knows a till slip by its own words in the languages tills print, not only English', () => {
    const slips = {
      de: [
        'Getränkemarkt Krämer',
        'Bahnhofstr. 4a',
        'Zwischensumme 22,11',
        'ZU ZAHLEN EUR 22,11',
        'Gegeben BAR 50,00',
        'Rückgeld 27,89',
        'MwSt 7% enthalten 1,45',
        '03.05.2025 14:16 Beleg-Nr. 8094',
      ],
      fr: [
        'Boulangerie du Parc',
        '5, place du Marché',
        'NET A PAYER EUR 53,47',
        'Espèces 100,00',
        'MONNAIE RENDUE 46,53',
        'TVA 20% incluse 8,91',
        '08/04/2025 20:51 TICKET 6199',
      ],
      es: [
        'Papelería Central S.L.',
        'C/ Mayor, 23',
        'TOTAL A PAGAR 12,40',
        'EFECTIVO 20,00',
        'CAMBIO 7,60',
        'IVA 21% incluido 2,15',
        'Fecha 14/05/2025 Hora 10:02',
      ],
      ms: ['KEDAI RUNCIT AH SENG', 'NO 7, JALAN MERDEKA', 'JUMLAH KESELURUHAN 45.25', 'BAYARAN TUNAI 50.00', 'BAKI 4.75', '22/05/2025 17:04:13 NO RESIT 1537'],
    };
    for (const [language, lines] of Object.entries(slips)) {
      const text = upper(lines.join('\n'));
      expect(detectReceipt(input(lines)).score, language).toBeGreaterThanOrEqual(0.5);
      expect(detectReceipt(input(lines)).score, language).toBeGreaterThan(detectInvoice(input(lines)).score);
      expect(looksLikeTillReceipt(text), language).toBe(true);
    }
    // Paid by card and numbered as a bill: no cash, no change.
    const byCard = [
      'SYARIKAT HUP LEE SDN. BHD.',
      'NO 7, JALAN MERDEKA',
      '2025/05/18 10:44 NO. BIL 4095066',
      'JUMLAH PERLU DIBAYAR RM 51.65',
      'KAD KREDIT 51.65',
    ];
    expect(detectReceipt(input(byCard)).score).toBeGreaterThanOrEqual(0.5);
    expect(detectReceipt(input(byCard)).score).toBeGreaterThan(detectInvoice(input(byCard)).score);
  });

  it('does not take a bank named after a till ("Caisse d\'Epargne", "Caja Rural") for a till word', () => {
    const lines = ['FACTURE', 'Facture n° 2024-0117', 'Total HT 10,00', 'TVA 20%', 'Total TTC 12,00', "Banque : Caisse d'Epargne", 'Caja Rural'];
    expect(tillSigns(input(lines).text)).toEqual([]);
  });
});
