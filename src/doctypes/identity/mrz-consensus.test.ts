import { describe, expect, it } from 'vitest';
import { parseMrz } from '../mrz/index.js';
import { sameName } from './compare.js';
import { mrzConsensus } from './mrz-consensus.js';
import { trailingFillers } from './mrz-reading.js';

const NOW = new Date(Date.UTC(2025, 5, 1));
// ICAO 9303 part 4 specimen
const L1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
const L2 = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';
const vote = (reader: 'mrz_pass' | 'tesseract' | 'paddle', lines: string[]) => ({ reader, result: parseMrz(lines, { now: NOW }) });

describe('mrzConsensus', () => {
  it('outvotes a misread name and takes checked fields from the readings whose check passes', () => {
    const c = mrzConsensus(
      [
        vote('mrz_pass', [L1, 'L898902C36UTO7408122F1204159ZE184226B<<<<<1H']),
        vote('tesseract', [L1.replace('ANNA', 'ANMA'), L2]),
        vote('paddle', [L1, L2.replace('L898902C3', 'L8989O2C3')]),
      ],
      NOW,
    )!;
    expect(c.lines).toEqual([L1, L2]);
    expect(c.result.valid).toBe(true);
  });

  it('a line read at the wrong length does not vote when others read it at the right one', () => {
    const shifted = 'P<UTOERIKSSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
    const c = mrzConsensus([vote('mrz_pass', [shifted, L2]), vote('tesseract', [shifted, L2]), vote('paddle', [L1, L2])], NOW)!;
    expect(c.lines[0]).toBe(L1);
  });

  it('never turns failing check digits into passing ones', () => {
    const broken = 'L898902C37UTO7408122F1204159ZE184226B<<<<<10';
    const c = mrzConsensus([vote('mrz_pass', [L1, broken]), vote('tesseract', [L1, broken])], NOW)!;
    expect(c.result.valid).toBe(false);
    expect(c.result.fields.document_number?.status).toBe('invalid');
  });

  it('between engines that read different formats, the one whose check digits pass wins', () => {
    const td1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    // Paddle found two of the three rows and read them as a 36-character format: nothing checks
    const misread = ['I<UTOD231458907<<<<<<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6<<<<<'];
    const c = mrzConsensus([vote('paddle', misread), vote('mrz_pass', td1), vote('tesseract', td1)], NOW)!;
    expect(c.lines).toEqual(td1);
  });

  it('an engine that read one line whole votes on that line: its passing check digits stand', () => {
    const misread = L2.replace(/10$/, '1K');
    const readers = [vote('mrz_pass', [L1, misread]), vote('tesseract', [L1, misread])];
    expect(mrzConsensus(readers, NOW)!.result.valid).toBe(false);
    const c = mrzConsensus(readers, NOW, [{ reader: 'paddle', line: L2 }])!;
    expect(c.lines).toEqual([L1, L2]);
    expect(c.result.valid).toBe(true);
    // a line unlike any of the MRZ's is no vote
    const other = mrzConsensus(readers, NOW, [{ reader: 'paddle', line: 'X'.repeat(20) + '<'.repeat(24) }])!;
    expect(other.lines[1]).toBe(misread);
  });

  it('returns null when no reading has an MRZ format', () => {
    expect(mrzConsensus([vote('mrz_pass', ['HELLO', 'WORLD'])], NOW)).toBeNull();
  });
});

describe('helpers', () => {
  it('reads a trailing run of L after fillers as fillers, and leaves names alone', () => {
    expect(trailingFillers('P<UTODUBOIS<<NOOR<<<<<<<<<<<<<<<<<<<<LLLLLLL')).toBe('P<UTODUBOIS<<NOOR<<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(trailingFillers('SPECIMEN<<SPECIMEN<<CCLLLLLLLL')).toBe('SPECIMEN<<SPECIMEN<<<<<<<<<<<<');
    expect(trailingFillers('P<GBRHALL<<JILL<<<<')).toBe('P<GBRHALL<<JILL<<<<');
    expect(trailingFillers('DE<LA<CRUZ<<CLARA<<<L')).toBe('DE<LA<CRUZ<<CLARA<<<<');
    expect(trailingFillers('P<GBRHALL<L')).toBe('P<GBRHALL<L');
    expect(trailingFillers('P<AUSCITIZEN<<JANE<<<<<<<<<CL<<LLCLLLLCCCCCS')).toBe('P<AUSCITIZEN<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<<');
  });

  it('compares printed names with their MRZ form', () => {
    expect(sameName('MUELLER', 'Müller', false)).toBe(true);
    expect(sameName('MULLER', 'Müller', false)).toBe(true);
    expect(sameName('OBRIEN', "O'Brien", false)).toBe(true);
    expect(sameName('MORENO SILVA', 'MORENO-SILVA', false)).toBe(true);
    expect(sameName('ANNA MA', 'ANNA MARIA', true)).toBe(true);
    expect(sameName('ANNA MA', 'ANNA MARIA', false)).toBe(false);
    expect(sameName('SMITH', 'SMYTH', false)).toBe(false);
  });
});
