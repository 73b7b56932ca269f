import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/env.js';
import { createReadDeps } from '../src/pipeline/read-deps.js';
import { evalMrzVectors } from './eval/mrz.js';
import { evalPipeline, printPipelineReport } from './eval/pipeline.js';
import { loadSamples } from './eval/samples.js';

/** `npm run eval -- --data ../shared/data [--only mrz-vectors,pipeline]`: accuracy of the
 * readers, extractors and decisions on labelled documents the service has never been tuned to. */
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/data' },
    only: { type: 'string' },
  },
});
const dataDir = resolve(values.data!);
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
if (wanted('pipeline')) {
  console.log('\n== Whole pipeline on the labelled samples');
  const config = loadConfig({ DATA_DIR: '/tmp/docread-eval', LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '1' });
  const reading = createReadDeps(config);
  try {
    printPipelineReport(await evalPipeline(loadSamples(dataDir), reading.deps));
  } finally {
    await reading.close();
  }
}
