import { describe, expect, it } from 'vitest';
import { OUTCOME_CODE_NAMES, OUTCOME_CODES, type OutcomeCode } from '../../src/domain/outcome-codes.js';
import { DECISION_BY_OUTCOME, type DocumentStatus } from '../../src/domain/statuses.js';
import type { FieldReading } from '../../src/domain/field.js';
import { CAPTURE_DOUBTS } from '../../src/verification/capture-doubts.js';
import { decide, documentStatusFor, type DecisionInput } from '../../src/verification/decide.js';
import * as degrade from '../fixtures/degrade.js';
import { generateInvoicePdf } from '../fixtures/documents/index.js';
import { pdfWithText } from '../fixtures/files.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { type Harness, harnessPerSuite, upload, waitFinished } from '../helpers/harness.js';

/** Every outcome code, produced by a document: through the real pipeline where a document can be
 * made here in well under a second without OCR, else through decide() with the evidence the
 * pipeline would hand it (the reason is given per row). */

/** Appends an incremental update whose Info dictionary names an image editor as the producer,
 * as saving a PDF again from an editor does. */
function resaveWithProducer(pdf: Buffer, producer: string): Buffer {
  const tail = pdf.subarray(Math.max(0, pdf.length - 1024)).toString('latin1');
  const size = Number(tail.match(/\/Size (\d+)/)![1]);
  const root = tail.match(/\/Root (\d+ \d+ R)/)![1];
  const prev = Number(tail.match(/startxref\s+(\d+)/)![1]);
  const objAt = pdf.length + 1;
  const obj = `\n${size} 0 obj\n<< /Producer (${producer}) >>\nendobj\n`;
  const xrefAt = objAt + obj.length - 1;
  const update = `${obj}xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(objAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

const field = (key: string, over: Partial<FieldReading> = {}): FieldReading => ({
  key,
  label: key.replace(/_/g, ' '),
  value: `${key}-value`,
  status: 'read',
  evidence: ['mrz_checksum', 'reader_agree'],
  candidates: [],
  region: null,
  reason: null,
  isKey: true,
  problems: [],
  ...over,
});

const passportFields = (over: Record<string, Partial<FieldReading>> = {}): FieldReading[] =>
  ['issuing_country', 'document_number', 'surname', 'given_names', 'nationality', 'date_of_birth', 'expiry_date'].map((k) => field(k, over[k] ?? {}));

const input = (over: Partial<DecisionInput>): DecisionInput => ({
  documentType: 'invoice',
  fields: [],
  problems: [],
  readable: true,
  classified: true,
  issuingCountry: null,
  timings: {},
  engines: [],
  readers: ['tesseract', 'paddle'],
  costUsd: 0,
  tamper: { score: 0, checks: ['editing_software'], signs: [], suspected: false },
  ...over,
});

interface Row {
  code: OutcomeCode;
  status: DocumentStatus;
  /** The codes of outcome.context.codes, which is the order of review_reasons. */
  order: OutcomeCode[];
  via: { pipeline: (h: Harness, key: string) => Promise<Record<string, any>> } | { decide: () => DecisionInput; why: string };
  /** A policy the organisation sets before the upload. */
  policy?: Record<string, unknown>;
  /** The code is a capture doubt: the page was read anyway, and the reading's own shortfalls,
   * which keep the doubt standing, follow it in the codes. */
  readAnyway?: true;
}

const card = () => degrade.renderIdCard();
/** The vendor is placed by layout, so the default policy sends every invoice to a person
 * (FIELD_UNCONFIRMED); rows about other codes take it off the required list to isolate their code. */
const INVOICE_REQUIRED = ['invoice_number', 'invoice_date', 'total'];
const vendorOptional = (more: Record<string, unknown> = {}) => ({ document_types: { invoice: { required_fields: INVOICE_REQUIRED, ...more } } });
const uploadAndWait = async (h: Harness, key: string, filename: string, bytes: Buffer) => {
  const res = await upload(h, key, { filename, bytes });
  expect(res.statusCode, res.body).toBe(202);
  return waitFinished(h, key, res.json().id);
};
const gate = (code: OutcomeCode, make: () => Promise<Buffer>, readAnyway?: true): Row => ({
  code,
  status: 'review',
  order: [code],
  via: { pipeline: async (h, key) => uploadAndWait(h, key, `${code}.png`, await make()) },
  ...(readAnyway ? { readAnyway } : {}),
});

const ROWS: Row[] = [
  gate('QUALITY_GATE_BLUR', async () => degrade.blur(await card(), 4)),
  gate('QUALITY_GATE_GLARE', async () => degrade.glare(await card())),
  gate('QUALITY_GATE_DARK', async () => degrade.darken(await card(), 0.25)),
  gate('QUALITY_GATE_LOW_RESOLUTION', async () => degrade.downscale(await card(), 0.2), true),
  gate('QUALITY_GATE_CUTOFF', async () => degrade.cropEdge(await card(), 'right', 0.3)),
  gate('QUALITY_GATE_UNREADABLE', () => degrade.blankImage(640, 480, 200, 0)),
  {
    code: 'DOCUMENT_UNREADABLE',
    status: 'failed',
    order: ['DOCUMENT_UNREADABLE'],
    via: {
      pipeline: async (h, key) => {
        const pdf = (await generateInvoicePdf({ seed: 3 })).bytes;
        return uploadAndWait(h, key, 'cut.pdf', pdf.subarray(0, 400));
      },
    },
  },
  {
    code: 'PROCESSING_PROVIDER_FAILURE',
    status: 'failed',
    order: ['PROCESSING_PROVIDER_FAILURE'],
    via: {
      why: 'every OCR reader would have to fail on a real page',
      decide: () =>
        input({
          readable: false,
          classified: false,
          documentType: 'unknown',
          readers: [],
          problems: [{ code: 'PROCESSING_PROVIDER_FAILURE', detail: 'Every reader failed.' }],
          tamper: null,
        }),
    },
  },
  {
    code: 'MISSING_PAGE',
    status: 'review',
    order: ['MISSING_PAGE', 'DOCUMENT_TYPE_UNKNOWN'],
    via: {
      pipeline: (h, key) =>
        uploadAndWait(
          h,
          key,
          'six.pdf',
          pdfWithText(
            ['Dear neighbour, this letter runs to six pages.', 'It says a great deal about the garden,', 'the hedge between our houses and the party.'],
            6,
          ),
        ),
    },
  },
  {
    code: 'UNSUPPORTED_LANGUAGE_SCRIPT',
    status: 'review',
    order: ['UNSUPPORTED_LANGUAGE_SCRIPT', 'DOCUMENT_TYPE_UNKNOWN'],
    via: {
      why: 'needs OCR of a script the readers lack (seconds per page)',
      decide: () =>
        input({
          classified: false,
          documentType: 'unknown',
          problems: [
            { code: 'UNSUPPORTED_LANGUAGE_SCRIPT', detail: 'The page is in Thai script.' },
            { code: 'DOCUMENT_TYPE_UNKNOWN', detail: 'The document type could not be recognised.' },
          ],
          tamper: null,
        }),
    },
  },
  {
    code: 'FIELD_CONFLICT',
    status: 'review',
    order: ['FIELD_CONFLICT', 'FIELD_UNCONFIRMED'],
    via: {
      why: 'two OCR readers must disagree on a key field',
      decide: () =>
        input({
          documentType: 'passport',
          fields: passportFields({
            surname: {
              value: null,
              status: 'conflict',
              evidence: [],
              problems: ['FIELD_CONFLICT'],
              reason: 'The readers disagree on Surname (tesseract: "ERIKSON", paddle: "ERIKSSON").',
            },
            given_names: { evidence: ['single_reader'] },
          }),
        }),
    },
  },
  {
    code: 'FIELD_UNCONFIRMED',
    status: 'review',
    order: ['FIELD_UNCONFIRMED'],
    policy: vendorOptional({ key_fields: { total: ['reader_agree'] } }),
    via: { pipeline: async (h, key) => uploadAndWait(h, key, 'total-by-ocr-only.pdf', (await generateInvoicePdf({ seed: 7 })).bytes) },
  },
  {
    code: 'CRITICAL_FIELD_INVALID',
    status: 'review',
    order: ['CRITICAL_FIELD_INVALID'],
    via: {
      why: "the MRZ rule's output, decided from constructed fields; test/api/identity.test.ts reaches it through OCR of a generated passport",
      decide: () =>
        input({
          documentType: 'passport',
          fields: passportFields({
            document_number: {
              value: null,
              status: 'unreadable',
              evidence: [],
              problems: ['CRITICAL_FIELD_INVALID'],
              reason: 'MRZ document number check digit fails.',
            },
          }),
        }),
    },
  },
  {
    code: 'REQUIRED_FIELD_MISSING',
    status: 'review',
    order: ['REQUIRED_FIELD_MISSING'],
    policy: vendorOptional({ required_fields: [...INVOICE_REQUIRED, 'amount_due'] }),
    via: { pipeline: async (h, key) => uploadAndWait(h, key, 'no-amount-due.pdf', (await generateInvoicePdf({ seed: 8 })).bytes) },
  },
  {
    code: 'DATE_NEEDS_REVIEW',
    policy: vendorOptional(),
    status: 'review',
    order: ['DATE_NEEDS_REVIEW'],
    via: {
      pipeline: async (h, key) => uploadAndWait(h, key, 'future.pdf', (await generateInvoicePdf({ seed: 5, now: new Date('2099-01-15T00:00:00Z') })).bytes),
    },
  },
  {
    code: 'DOCUMENT_EXPIRED',
    status: 'review',
    order: ['DOCUMENT_EXPIRED', 'FIELD_UNCONFIRMED', 'DATE_NEEDS_REVIEW'],
    via: {
      why: "the identity rules' outputs beside a date problem, to pin the order; test/api/identity.test.ts reaches it through OCR of a generated passport",
      decide: () =>
        input({
          documentType: 'passport',
          fields: passportFields({ given_names: { evidence: ['single_reader'] } }),
          problems: [
            { code: 'DATE_NEEDS_REVIEW', detail: 'The date of issue lies in the future.', fields: ['date_of_issue'] },
            { code: 'DOCUMENT_EXPIRED', detail: 'The document expired on 2020-01-01.', fields: ['expiry_date'] },
          ],
        }),
    },
  },
  {
    code: 'ARITHMETIC_MISMATCH',
    policy: vendorOptional(),
    status: 'review',
    order: ['ARITHMETIC_MISMATCH'],
    via: { pipeline: async (h, key) => uploadAndWait(h, key, 'inconsistent.pdf', (await generateInvoicePdf({ seed: 2, inconsistent: true })).bytes) },
  },
  {
    code: 'DUPLICATE_SUSPECTED',
    policy: vendorOptional(),
    status: 'review',
    order: ['DUPLICATE_SUSPECTED'],
    via: {
      pipeline: async (h, key) => {
        const first = await uploadAndWait(h, key, 'original.pdf', (await generateInvoicePdf({ seed: 9 })).bytes);
        expect(first.status).toBe('verified');
        // The same invoice (vendor, number, total) issued again on another day: other bytes, no cache hit.
        return uploadAndWait(h, key, 'again.pdf', (await generateInvoicePdf({ seed: 9, now: new Date('2025-07-15T00:00:00Z') })).bytes);
      },
    },
  },
  {
    code: 'TAMPER_SUSPECTED',
    policy: vendorOptional(),
    status: 'flagged',
    order: ['TAMPER_SUSPECTED'],
    via: {
      pipeline: async (h, key) =>
        uploadAndWait(h, key, 'edited.pdf', resaveWithProducer((await generateInvoicePdf({ seed: 4 })).bytes, 'Adobe Photoshop 25.0')),
    },
  },
  {
    code: 'NO_FIELDS_EXTRACTED',
    status: 'review',
    order: ['NO_FIELDS_EXTRACTED'],
    via: {
      why: 'a recognised document with no field at all is rare by construction',
      decide: () => input({ documentType: 'receipt', fields: [field('tax_rate', { value: null, status: 'not_present', evidence: [], isKey: false })] }),
    },
  },
  {
    code: 'LOW_CONFIDENCE',
    status: 'review',
    order: ['LOW_CONFIDENCE'],
    via: {
      why: 'needs two OCR readers that agree while each doubts its reading',
      decide: () =>
        input({
          documentType: 'passport',
          fields: passportFields({
            surname: {
              evidence: ['reader_agree'],
              candidates: [
                { reader: 'tesseract', value: 'X', raw: 'X', region: null, confidence: 0.1 },
                { reader: 'paddle', value: 'X', raw: 'X', region: null, confidence: 0.2 },
              ],
            },
          }),
        }),
    },
  },
  {
    code: 'DOCUMENT_TYPE_UNKNOWN',
    status: 'review',
    order: ['DOCUMENT_TYPE_UNKNOWN'],
    via: {
      pipeline: (h, key) =>
        uploadAndWait(
          h,
          key,
          'letter.pdf',
          pdfWithText(['Dear neighbour, the garden party is on Sunday.', 'Bring a chair and something to share.', 'We start at four in the afternoon.']),
        ),
    },
  },
];

describe('the outcome table covers every code', () => {
  it('has one row per outcome code', () => {
    expect(ROWS.map((r) => r.code).sort()).toEqual([...OUTCOME_CODE_NAMES].sort());
  });
});

function expectRow(row: Row, outcome: Record<string, any>, result: Record<string, any>, status: string) {
  const info = OUTCOME_CODES[row.code];
  expect(outcome.code, JSON.stringify(result.review_reasons)).toBe(row.code);
  expect(outcome.status).toBe(info.status);
  expect(status).toBe(row.status);
  expect(result.status).toBe(row.status);
  expect(result.decision).toBe(DECISION_BY_OUTCOME[info.status]);
  expect(result.verified).toBe(false);
  if (row.readAnyway) {
    expect(outcome.context.codes[0]).toBe(row.code);
    expect(outcome.context.codes.slice(1).some((c: OutcomeCode) => CAPTURE_DOUBTS[row.code]!.has(c))).toBe(true);
  } else expect(outcome.context.codes).toEqual(row.order);
  expect(result.review_reasons.length).toBeGreaterThanOrEqual(row.order.length);
  expect(result.review_reason).toBe(result.review_reasons[0]);
  expect(result.next_action).toEqual(outcome.next_action);
}

describe('outcome codes produced by decide() from constructed evidence', () => {
  for (const row of ROWS) {
    if (!('decide' in row.via)) continue;
    const via = row.via;
    it(`${row.code} (${via.why})`, () => {
      const { outcome, result } = decide(via.decide());
      expectRow(row, outcome, result, documentStatusFor(outcome));
      if (row.code === 'FIELD_CONFLICT') expect(Object.keys(result.values)).not.toContain('surname');
    });
  }
});

describe.each(await testDatabaseFactories())('outcome codes produced by the real pipeline on %s', (_name, makeDb) => {
  const h = harnessPerSuite({}, makeDb);

  for (const row of ROWS) {
    if (!('pipeline' in row.via)) continue;
    const via = row.via;
    it(`${row.code}`, async () => {
      const key = await h.key(`outcomes-${row.code.toLowerCase()}`);
      if (row.policy) {
        const res = await h.inject({ method: 'PUT', url: '/v1/policy', payload: row.policy, headers: { 'x-doc-api-key': key } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const doc = await via.pipeline(h, key);
      expectRow(row, doc.outcome, doc.result, doc.status);
      if (row.code === 'TAMPER_SUSPECTED') {
        expect(doc.tamper_score).toBeGreaterThanOrEqual(0.5);
        expect(doc.result.review_reason).toMatch(/not a finding/);
      }
    });
  }
});
