import { describe, expect, it } from 'vitest';
import { ciiXml, ublXml, zugferd1Xml } from '../../../../test/fixtures/documents/index.js';
import { resolveInvoice } from '../../../../test/fixtures/documents/invoice/generate.js';
import { embeddedInvoiceValues } from './fields.js';
import { parseEInvoice, XmlRefused } from './parse.js';

const NOW = new Date('2025-06-01T00:00:00Z');

describe('parseEInvoice', () => {
  for (const syntax of ['CII', 'UBL', 'ZUGFeRD 1.0'] as const) {
    it(`maps ${syntax} to the invoice: number, dates, parties, totals, IBAN and lines`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        const { invoice: inv } = resolveInvoice({ seed, now: NOW });
        const e = parseEInvoice(syntax === 'CII' ? ciiXml(inv) : syntax === 'UBL' ? ublXml(inv) : zugferd1Xml(inv));
        expect(e.syntax).toBe(syntax);
        expect(e.number).toBe(inv.number);
        expect(e.issueDate).toBe(inv.issueDate.toISOString().slice(0, 10));
        expect(e.dueDate).toBe(inv.dueDate.toISOString().slice(0, 10));
        expect(e.seller.name).toBe(inv.vendor.name);
        expect(e.seller.vatId).toBe(inv.vendor.vatId ?? null);
        expect(e.buyer.name).toBe(inv.customer.name);
        expect(e.currency).toBe(inv.currency);
        expect(e.iban).toBe(inv.iban);
        expect(e.grandTotal).toBeCloseTo(inv.totalCents / 100, 2);
        expect(e.taxTotal).toBeCloseTo(inv.taxCents / 100, 2);
        expect(e.taxBasis).toBeCloseTo(inv.subtotalCents / 100, 2);
        expect(e.taxRate).toBe(inv.taxRate);
        expect(e.lines.map((l) => l.amount)).toEqual(inv.items.map((i) => i.amountCents / 100));
        expect(e.lines.map((l) => l.quantity)).toEqual(inv.items.map((i) => i.quantity));
      }
    });
  }

  it('lists document-level allowances and charges as lines, so the items add up to the tax basis', () => {
    const { invoice: inv } = resolveInvoice({ seed: 3, now: NOW, items: 2 });
    const xml = ciiXml(inv).replace(
      '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
      `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>5.00</ram:ActualAmount><ram:Reason>Rabatt</ram:Reason></ram:SpecifiedTradeAllowanceCharge>
       <ram:SpecifiedLogisticsServiceCharge><ram:Description>Fracht</ram:Description><ram:AppliedAmount>3.00</ram:AppliedAmount></ram:SpecifiedLogisticsServiceCharge>
       <ram:SpecifiedTradeSettlementHeaderMonetarySummation>`,
    );
    const e = parseEInvoice(xml);
    expect(e.adjustments).toEqual([
      { reason: 'Rabatt', amount: -5 },
      { reason: 'Fracht', amount: 3 },
    ]);
    const items = embeddedInvoiceValues(e, 'factur-x.xml').find((v) => v.key === 'line_items')!.value as Array<{ amount: number }>;
    expect(items.at(-2)).toMatchObject({ description: 'Rabatt', amount: -5 });
    expect(items).toHaveLength(inv.items.length + 2);
  });

  it('gives every value text_layer evidence with its source in the reason, and publishes no IBAN that fails mod-97', () => {
    const { invoice: inv } = resolveInvoice({ seed: 2, now: NOW });
    const values = embeddedInvoiceValues(parseEInvoice(ciiXml({ ...inv, iban: 'DE00123456780000000000' })), 'factur-x.xml');
    expect(values.every((v) => v.evidence?.includes('text_layer') && v.reason === "Read from the file's embedded EN 16931 XML (CII, factur-x.xml).")).toBe(
      true,
    );
    expect(values.find((v) => v.key === 'iban')).toBeUndefined();
    expect(values.find((v) => v.key === 'total')?.value).toBeCloseTo(inv.totalCents / 100, 2);
  });

  it('refuses a document type declaration (no entity expansion), malformed XML and XML that is no invoice', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><Invoice><ID>&lol2;</ID></Invoice>`;
    expect(() => parseEInvoice(laughs)).toThrow(XmlRefused);
    expect(() => parseEInvoice('<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><Invoice/>')).toThrow(/document type/);
    expect(() => parseEInvoice('<Invoice><ID>1</ID>')).toThrow(XmlRefused);
    expect(() => parseEInvoice('<Order><ID>1</ID></Order>')).toThrow(/not an EN 16931 invoice/);
    expect(() => parseEInvoice(`<Invoice>${'x'.repeat(2_000_001)}</Invoice>`)).toThrow(/larger than/);
  });

  it('refuses XML nested deeper than any invoice is', () => {
    expect(() => parseEInvoice(`${'<a>'.repeat(200)}${'</a>'.repeat(200)}`)).toThrow(XmlRefused);
  });
});
