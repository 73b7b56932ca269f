import { describe, expect, it } from 'vitest';
import { generateFacturXPdf, generateInvoicePdf } from '../../../test/fixtures/documents/index.js';
import { textLayerPdfReader } from '../../../test/helpers/text-layer-reading.js';

const NOW = new Date('2025-06-01T00:00:00Z');
const read = textLayerPdfReader(NOW);

describe('an invoice PDF with its EN 16931 XML', () => {
  for (const syntax of ['CII', 'UBL', 'ZUGFeRD1'] as const) {
    it(`is read from the ${syntax} and verified when the page shows the same invoice`, async () => {
      const doc = await generateFacturXPdf({ seed: 11, now: NOW, syntax });
      const out = await read(doc.bytes);
      const t = doc.truth.fields;
      expect(out.documentType).toBe('invoice');
      expect(out.result.values).toMatchObject({
        invoice_number: t.invoice_number,
        invoice_date: t.invoice_date,
        due_date: t.due_date,
        vendor_name: t.vendor_name,
        total: t.total,
        iban: t.iban,
      });
      expect(out.result.fields.total!.evidence).toContain('text_layer');
      expect(out.result.fields.total!.reason).toMatch(
        syntax === 'ZUGFeRD1' ? /embedded invoice XML \(ZUGFeRD 1\.0, ZUGFeRD-invoice\.xml\)/ : new RegExp(`embedded EN 16931 XML \\(${syntax}`),
      );
      expect(out.result.verified).toBe(true);
      expect(out.raw.tamper).toMatchObject({ suspected: false, checks: expect.arrayContaining(['embedded_data']) });
    }, 30_000);
  }

  for (const alter of ['total', 'iban', 'vendor_name', 'invoice_number'] as const) {
    it(`is flagged with both values when the XML states another ${alter} than the page`, async () => {
      const doc = await generateFacturXPdf({ seed: 12, now: NOW, alter });
      const out = await read(doc.bytes);
      expect(out.outcome.code).toBe('TAMPER_SUSPECTED');
      expect(out.result.status).toBe('flagged');
      const signs = (out.raw.tamper as { signs: Array<{ kind: string; detail: string; fields: string[] }> }).signs;
      const sign = signs.find((s) => s.kind === 'embedded_data_mismatch')!;
      expect(sign.fields).toEqual([alter]);
      const shown = alter === 'total' ? (doc.truth.fields.total as number).toFixed(2) : String(doc.truth.fields[alter]);
      expect(sign.detail).toContain(`the page shows ${shown}`);
      expect(out.result.verified).toBe(false);
    }, 30_000);
  }

  it('is flagged when ZUGFeRD 1.0 XML states another total than the page', async () => {
    const doc = await generateFacturXPdf({ seed: 12, now: NOW, syntax: 'ZUGFeRD1', alter: 'total' });
    const out = await read(doc.bytes);
    expect(out.outcome.code).toBe('TAMPER_SUSPECTED');
    const signs = (out.raw.tamper as { signs: Array<{ kind: string; fields: string[] }> }).signs;
    expect(signs.find((s) => s.kind === 'embedded_data_mismatch')?.fields).toEqual(['total']);
  }, 30_000);

  it('publishes dates its XML states out of order, and sends the invoice to a person for them', async () => {
    const plain = await generateFacturXPdf({ seed: 15, now: NOW });
    const issue = String(plain.truth.fields.invoice_date);
    // The issuer's XML says the invoice fell due two years before it was issued.
    const due = `${Number(issue.slice(0, 4)) - 2}${issue.slice(4)}`;
    const xml = plain.xml.replace(/(<ram:DueDateDateTime><udt:DateTimeString format="102">)\d{8}/, `$1${due.replace(/-/g, '')}`);
    expect(xml).not.toBe(plain.xml);
    const out = await read((await generateFacturXPdf({ seed: 15, now: NOW, xml })).bytes);
    expect(out.result.values).toMatchObject({ invoice_date: issue, due_date: due });
    expect(out.outcome.code).toBe('DATE_NEEDS_REVIEW');
    expect(out.result.status).toBe('review');
    expect(out.result.review_reasons.join(' ')).toContain(`is before Invoice date ${issue}. The file's own data says so.`);
    expect(out.result.verified).toBe(false);
  }, 30_000);

  it('sets an XML with a document type declaration aside and reads the page', async () => {
    const doc = await generateFacturXPdf({ seed: 13, now: NOW, xml: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><Invoice><ID>&x;</ID></Invoice>' });
    const out = await read(doc.bytes);
    expect(out.raw.embedded_invoice).toMatchObject({ attachment: 'factur-x.xml', error: expect.stringMatching(/document type/) });
    expect(out.result.fields.total!.reason ?? '').not.toMatch(/embedded/);
  }, 30_000);

  it('leaves a PDF without attachments to the page reading', async () => {
    const out = await read((await generateInvoicePdf({ seed: 14, now: NOW })).bytes);
    expect(out.raw.embedded_invoice).toBeUndefined();
    expect(out.raw.tamper).toMatchObject({ checks: expect.not.arrayContaining(['embedded_data']) });
  }, 30_000);
});
