import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/env.js';
import { createReadDeps } from '../src/pipeline/read-deps.js';
import type { ReadDeps } from '../src/pipeline/context.js';
import { evalCapture, printCaptureEvaluation } from './eval/capture.js';
import { evalCv, printCvEvaluation, type CvSplit } from './eval/cv.js';
import { evalDecisions, printDecisionEvaluation } from './eval/decisions.js';
import { evalEInvoices, printSetReports } from './eval/einvoices.js';
import { evalFinance, printFinanceEvaluation } from './eval/finance.js';
import { evalGeneratedInvoices, evalGeneratedInvoiceTotals, HELD_OUT_BASE } from './eval/generated-invoices.js';
import { evalGeneratedReceipts, type GeneratedReceiptSplit } from './eval/generated-receipts.js';
import { I18N_LANGUAGES, I18N_LAYOUTS, EXTRA_RECEIPT_LAYOUTS, VARIED_RECEIPT_LAYOUTS } from '../test/fixtures/documents/index.js';
import type { VariedReceiptLayout } from '../test/fixtures/documents/invoice/varied-receipt.js';
import { evalIdentity } from './eval/identity.js';
import { evalIdentityLayouts, type IdSplit, printIdentityLayoutEvaluation } from './eval/identity-layouts.js';
import { evalMrzVectors } from './eval/mrz.js';
import { evalQuality, pipelineReadThrough, printQualityEvaluation } from './eval/quality.js';
import { evalPipeline, printPipelineReport } from './eval/pipeline.js';
import { evalReceiptsPipeline, type ReceiptSplit } from './eval/receipts.js';
import { loadSamples } from './eval/samples.js';

/** `npm run eval -- --data ../shared/data [--only mrz-vectors,quality,identity,identity-layouts,finance,receipts,generated-receipts,einvoices,generated-invoices,pipeline,decisions,capture,cv] [--count 20 --seed 1 --photos 4]
 * [--receipts-split tune|held-out --limit N --show] (generated-receipts: the same split and --show, --limit receipts, 24 unless given, --receipts-from N to start N seeds into the split, --receipt-layouts gst_items,… for those layouts alone) [--mrz-split tune|held-out] [--cv-split held-out|tune] [--id-split held-out|tune --id-count 4 --id-types passport,qid]`: accuracy of the
 * readers, extractors and decisions on labelled documents the service has never been tuned to. */
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/data' },
    only: { type: 'string' },
    count: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    photos: { type: 'string', default: '4' },
    'receipts-split': { type: 'string', default: 'held-out' },
    limit: { type: 'string' },
    'receipt-layouts': { type: 'string' },
    'receipts-from': { type: 'string', default: '0' },
    show: { type: 'boolean', default: false },
    'mrz-split': { type: 'string' },
    'cv-split': { type: 'string', default: 'held-out' },
    'id-split': { type: 'string', default: 'held-out' },
    'id-count': { type: 'string', default: '4' },
    'id-types': { type: 'string' },
  },
});
// npm runs scripts from the package root; a relative path means the caller's folder (INIT_CWD).
const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), values.data!);
if (!existsSync(dataDir)) {
  console.error(`no data folder at ${dataDir}`);
  process.exit(2);
}
const only = values.only ? new Set(values.only.split(',')) : null;
const wanted = (name: string) => !only || only.has(name);

if (wanted('mrz-vectors')) {
  console.log('== MRZ text vectors (parse and validation against labels)');
  await evalMrzVectors(dataDir);
}
const count = Number(values.count);
const seed = Number(values.seed);
/** The whole reading as a worker builds it, for one section, closed after it. */
async function withReading(fn: (deps: ReadDeps) => Promise<void>): Promise<void> {
  const reading = createReadDeps(loadConfig({ DATA_DIR: '/tmp/docread-eval', LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '1' }));
  try {
    await fn(reading.deps);
  } finally {
    await reading.close();
  }
}

if (wanted('quality')) {
  console.log('\n== Quality gate: good real photos sent back, and degraded fixtures caught');
  await withReading(async (deps) => {
    printQualityEvaluation(await evalQuality(dataDir, pipelineReadThrough(deps)));
  });
}
if (wanted('identity')) {
  console.log('\n== Identity documents: MRZ read from photos (real samples and generated photos)');
  const split = values['mrz-split'];
  if (split !== undefined && split !== 'tune' && split !== 'held-out') {
    console.error('--mrz-split is tune or held-out');
    process.exit(2);
  }
  // the real images are also read through the whole pipeline: the figure is what the API returns
  await withReading(async (deps) => {
    await evalIdentity({ dataDir, count, seed, deps, ...(split ? { split } : {}) });
  });
}
if (wanted('identity-layouts')) {
  const split = values['id-split'] as IdSplit;
  if (split !== 'tune' && split !== 'held-out') throw new Error('--id-split is tune or held-out');
  console.log(`\n== Identity documents in six layouts per type, through the whole reading (${split} seeds)`);
  await withReading(async (deps) => {
    const types = values['id-types']?.split(',') as Parameters<typeof evalIdentityLayouts>[0]['types'];
    printIdentityLayoutEvaluation(
      await evalIdentityLayouts({ deps, count: Number(values['id-count']), seed, split, show: values.show!, ...(types ? { types } : {}) }),
    );
  });
}
if (wanted('finance')) {
  console.log('\n== Invoices and receipts: extractor accuracy on the samples and on generated documents');
  printFinanceEvaluation(await evalFinance({ dataDir, count, seed }));
}
if (wanted('receipts')) {
  const split = values['receipts-split'] as ReceiptSplit;
  if (split !== 'tune' && split !== 'held-out') throw new Error('--receipts-split is tune or held-out');
  console.log(`\n== SROIE receipts through the whole pipeline, ${split} split; scored on published values`);
  await withReading(async (deps) => {
    const limit = values.limit ? Number(values.limit) : undefined;
    printSetReports(await evalReceiptsPipeline(dataDir, deps, { split, show: values.show!, ...(limit ? { limit } : {}) }));
  });
}
if (wanted('generated-receipts')) {
  const split = values['receipts-split'] as GeneratedReceiptSplit;
  if (split !== 'tune' && split !== 'held-out') throw new Error('--receipts-split is tune or held-out');
  console.log(`\n== Generated receipts through the whole pipeline, ${split} seeds; scored on published values`);
  await withReading(async (deps) => {
    const layouts = values['receipt-layouts']?.split(',') as VariedReceiptLayout[] | undefined;
    const unknown = layouts?.filter((l) => ![...VARIED_RECEIPT_LAYOUTS, ...EXTRA_RECEIPT_LAYOUTS].includes(l));
    if (unknown?.length) throw new Error(`unknown receipt layouts: ${unknown.join(', ')}`);
    printSetReports(
      await evalGeneratedReceipts(deps, {
        split,
        count: values.limit ? Number(values.limit) : 24,
        from: Number(values['receipts-from']),
        show: values.show!,
        ...(layouts ? { layouts } : {}),
      }),
    );
  });
}
if (wanted('einvoices') || wanted('generated-invoices')) {
  await withReading(async (deps) => {
    if (wanted('einvoices')) {
      console.log('\n== E-invoices (invoices-eu): with their embedded XML, and the same PDFs without it (stripped/); scored on published values');
      printSetReports(await evalEInvoices(dataDir, deps));
    }
    if (wanted('generated-invoices')) {
      console.log(`\n== Held-out generated invoices (seeds from ${HELD_OUT_BASE}, never looked at while tuning); scored on published values`);
      printSetReports(
        await evalGeneratedInvoices(deps, { base: HELD_OUT_BASE + seed * 1000, count: Math.max(count, I18N_LANGUAGES.length * I18N_LAYOUTS.length) }),
      );
      console.log('\n== Held-out generated invoices with discounts, charges, two tax rates or line discounts, and e-invoice data as a viewer prints it');
      printSetReports(await evalGeneratedInvoiceTotals(deps, { base: HELD_OUT_BASE + seed * 1000, count: I18N_LANGUAGES.length * I18N_LAYOUTS.length }));
    }
  });
}
if (wanted('cv')) {
  const cvSplit = values['cv-split'] as CvSplit;
  if (cvSplit !== 'tune' && cvSplit !== 'held-out') throw new Error('--cv-split is tune or held-out');
  console.log(`\n== CVs: per-field accuracy of the whole reading (generated layouts on ${cvSplit} seeds, and the samples)`);
  await withReading(async (deps) => {
    printCvEvaluation(await evalCv({ dataDir, deps, count, seed, photos: Number(values.photos), split: cvSplit }));
  });
}

if (wanted('capture')) {
  console.log('\n== Capture check: frames proven by a QR code or by MRZ check digits, and never falsely');
  printCaptureEvaluation(await evalCapture({ dataDir, count, seed }));
}
if (wanted('pipeline') || wanted('decisions')) {
  console.log('\n== Whole pipeline on the labelled samples');
  await withReading(async (deps) => {
    printPipelineReport(await evalPipeline(loadSamples(dataDir), deps));
    if (wanted('decisions') || !only) {
      console.log('\n== Decisions: expected against actual, on generated documents and the samples');
      printDecisionEvaluation(await evalDecisions({ dataDir, count, seed, deps: deps }));
    }
  });
}
