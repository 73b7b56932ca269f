import { performance } from 'node:perf_hooks';
import { composeMrz, parseMrz, type MrzFormat } from '../src/doctypes/mrz/index.js';

/** Time of parseMrz (parse + repair + validation) per document. Usage: npx tsx bench/mrz-parse.bench.ts */

const FORMATS: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRV-A', 'MRV-B', 'FRENCH_ID'];
const DOCS_PER_FORMAT = 400;
const ROUNDS = 5;

function documents(format: MrzFormat): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < DOCS_PER_FORMAT; i++) {
    const lines = composeMrz({
      format,
      documentCode: format.startsWith('MRV') ? 'V' : format === 'TD3' ? 'P' : 'ID',
      issuingState: format === 'FRENCH_ID' ? 'FRA' : 'UTO',
      surname: `ERIKSSON${String.fromCharCode(65 + (i % 26))}`,
      givenNames: 'ANNA MARIA',
      documentNumber: format === 'FRENCH_ID' ? String(100000000000 + i) : `L${String(i).padStart(8, '0')}`,
      nationality: 'UTO',
      birthDate: `7${i % 10}0812`,
      sex: i % 2 ? 'F' : 'M',
      expiryDate: '320415',
      personalNumber: 'ZE184226B',
    });
    // every fourth document carries OCR confusions so repair is timed too
    if (i % 4 === 0) lines[1] = lines[1]!.replace(/0/g, 'O').replace(/8/, 'B');
    out.push(lines);
  }
  return out;
}

function time(docs: string[][]): number {
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    for (const lines of docs) parseMrz(lines);
    best = Math.min(best, (performance.now() - start) / docs.length);
  }
  return best * 1000;
}

const all: string[][] = [];
for (const format of FORMATS) {
  const docs = documents(format);
  all.push(...docs);
  time(docs); // warm-up
  console.log(`${format.padEnd(9)} ${time(docs).toFixed(1)} µs/document (best of ${ROUNDS} rounds of ${docs.length})`);
}
console.log(`all       ${time(all).toFixed(1)} µs/document over ${all.length} documents`);
