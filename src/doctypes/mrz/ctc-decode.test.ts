import { describe, expect, it } from 'vitest';
import { decodeLine, decodeMrzRows, greedyText, MRZ_ALPHABET, textMatrix, type RowReadings, type StepMatrix } from './ctc-decode.js';
import type { CharClass } from './charset.js';
import { LAYOUTS, positionClasses } from './formats.js';
import { parseMrz } from './index.js';

const COLUMNS = MRZ_ALPHABET.length + 1;

/** A recogniser's output for `text`: each character over three steps with a blank after it,
 * `main` probability on the character; `confuse` puts probability on another character instead. */
function steps(text: string, confuse: Record<number, Array<[string, number]>> = {}, main = 0.9): StepMatrix {
  const rows: number[][] = [];
  const blankRow = (): number[] => {
    const r = Array<number>(COLUMNS).fill(0.001);
    r[0] = 0.96;
    return r;
  };
  rows.push(blankRow());
  [...text].forEach((ch, i) => {
    for (let s = 0; s < 3; s++) {
      const r = Array<number>(COLUMNS).fill(0.001);
      const alts = confuse[i] ?? [];
      const rest = 1 - alts.reduce((sum, [, p]) => sum + p, 0);
      r[1 + MRZ_ALPHABET.indexOf(ch)] = alts.length > 0 ? rest : main;
      for (const [alt, p] of alts) r[1 + MRZ_ALPHABET.indexOf(alt)] = p;
      r[0] = alts.length > 0 ? 0.001 : 1 - main;
      rows.push(r);
    }
    rows.push(blankRow());
  });
  return { steps: rows.length, data: Float32Array.from(rows.flat()) };
}

const row = (text: string, confuse: Record<number, Array<[string, number]>> = {}): RowReadings => ({ variants: [steps(text, confuse)] });

const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

describe('MRZ decoding under the grammar from CTC step probabilities', () => {
  it('reads a clean TD3 exactly', () => {
    const d = decodeMrzRows(TD3.map((l) => row(l)));
    expect(d?.format).toBe('TD3');
    expect(d?.lines).toEqual(TD3);
    expect(d?.changed).toEqual([]);
  });

  it('keeps a line at its format length when the recogniser drops a filler of a long run', () => {
    // one filler of the names run read as a blank: greedy reading is a character short
    const line = steps(TD3[0]!);
    const at = 1 + (30 * 4 + 1) * COLUMNS; // first step of position 30 (a filler)
    for (let s = 0; s < 3; s++) {
      line.data[at + s * COLUMNS - 1] = 0.9; // blank column of that step
      line.data[at + s * COLUMNS + MRZ_ALPHABET.indexOf('<')] = 0.05;
    }
    expect(greedyText(line).length).toBeLessThan(44);
    const d = decodeMrzRows([{ variants: [line] }, row(TD3[1]!)]);
    expect(d?.lines[0]).toHaveLength(44);
  });

  it('puts a digit in a date where the recogniser preferred a letter, and a letter in a country code where it preferred a digit', () => {
    // position 15 of line 2 (birth date "7408122", the 0) read as O; position 11 (UTO's T) fine, 12 "O" read as 0
    const line2 = steps('L898902C36UT07408122F1204159ZE184226B<<<<<10'.replace(/^(.{15})0/, '$1O'));
    const classes = positionClasses(LAYOUTS.TD3);
    const d = decodeLine(line2, classes[1]!);
    expect(d!.chars.map((g) => MRZ_ALPHABET[g]).join('')).toBe(TD3[1]);
  });

  it('lets a check digit choose the runner-up character when exactly one passing reading stands out', () => {
    // document number position 3 ("9") read as 3 with 9 runner-up: the check digit chooses 9
    const d = decodeMrzRows([
      row(TD3[0]!),
      row(TD3[1]!, {
        2: [
          ['3', 0.6],
          ['9', 0.3],
        ],
      }),
    ]);
    expect(d?.lines[1]).toBe(TD3[1]);
    expect(d?.changed).toEqual([{ line: 1, position: 2, from: '3', to: '9' }]);
    expect(parseMrz(d!.lines).valid).toBe(true);
  });

  it('leaves a failing check alone when no runner-up was seen (no guessing)', () => {
    const wrong = TD3[1]!.replace(/^L898/, 'L893');
    const d = decodeMrzRows([row(TD3[0]!), row(wrong)]);
    expect(d?.lines[1]).toBe(wrong);
    expect(parseMrz(d!.lines).valid).toBe(false);
  });

  it('never turns the filler run that ends a name into letters', () => {
    // fillers near the end of the names zone read as L with some probability left on "<"
    const confuse = Object.fromEntries(
      [36, 38, 40].map((i) => [
        i,
        [
          ['L', 0.55],
          ['<', 0.4],
        ] as Array<[string, number]>,
      ]),
    );
    const d = decodeMrzRows([row(TD3[0]!, confuse), row(TD3[1]!)]);
    expect(d?.lines[0]).toBe(TD3[0]);
  });

  it('reads a TD1 from three rows and an MRV-A visa from its V', () => {
    const td1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    expect(decodeMrzRows(td1.map((l) => row(l)))?.lines).toEqual(td1);
    const visa = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'];
    const d = decodeMrzRows(visa.map((l) => row(l)));
    expect(d?.format).toBe('MRV-A');
    expect(d?.lines).toEqual(visa);
  });

  it('reads a text as one firm character per step, case and spaces aside', () => {
    expect(greedyText(textMatrix('p<uto Eriksson<<anna'))).toBe('P<UTOERIKSSON<<ANNA');
    expect(greedyText(textMatrix('L898«02'))).toBe('L898<02');
  });

  it("takes the detector's text of the rows when all its check digits pass and the step probabilities' do not", () => {
    // every presentation of line 2 misread a digit of each date; the detector read the line whole
    const misread = 'L898902C36UTO7408172F1201159ZE184226B<<<<<10';
    const alone = decodeMrzRows([row(TD3[0]!), row(misread)]);
    expect(alone?.lines[1]).toBe(misread);
    // a check fails: the rows' text, when there is one, could stand instead
    expect(alone?.checked).toBe(false);
    const d = decodeMrzRows([
      { ...row(TD3[0]!), text: TD3[0]! },
      { ...row(misread), text: TD3[1]!.replace(/^(.{13})(.{3})/, '$1 $2') },
    ]);
    expect(d?.lines).toEqual(TD3);
  });

  it('keeps the step probabilities when the text does not pass every check digit', () => {
    // the text misreads the document number's check digit; the steps read every check right
    const d = decodeMrzRows([
      { ...row(TD3[0]!), text: TD3[0]! },
      { ...row(TD3[1]!), text: TD3[1]!.replace('C36', 'C35') },
    ]);
    expect(d?.lines).toEqual(TD3);
    // every check passes: no text of the rows could change the reading
    expect(d?.checked).toBe(true);
    expect(decodeMrzRows(TD3.map((l) => row(l)))).toEqual(d);
  });

  it('finds nothing in rows that are not MRZ-long', () => {
    expect(decodeMrzRows([row('PASSPORT'), row('UTOPIA')])).toBeNull();
  });
});

/** decodeLine against a plain Viterbi over every (step, characters read, state) with nothing
 * pruned or shared, on random step probabilities (no ties) and lines mixing every class. */
describe('decodeLine matches a plain Viterbi', () => {
  const G = MRZ_ALPHABET.length;
  const idx = (chars: string): number[] => [...chars].map((c) => MRZ_ALPHABET.indexOf(c));
  const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const ALLOWED: Record<CharClass, number[]> = {
    alpha: idx(`${LETTERS}<`),
    numeric: idx('0123456789'),
    date: idx('0123456789<'),
    check: idx('0123456789<'),
    digits: idx('0123456789<'),
    alnum: idx(MRZ_ALPHABET),
    sex: idx('MFX<'),
  };
  const TWINS = ['O0', 'I1', 'Z2', 'S5', 'B8', 'G6', '0Q', '0D'];
  function logP(m: StepMatrix, t: number, cls: CharClass, g: number): number {
    const admitted = new Set(ALLOWED[cls]);
    let p = m.data[t * COLUMNS + g + 1]!;
    for (const [a, b] of TWINS.map((pair) => idx(pair))) {
      const round = MRZ_ALPHABET[b!] === 'Q' || MRZ_ALPHABET[b!] === 'D';
      if (g === a && !admitted.has(b!)) p += m.data[t * COLUMNS + b! + 1]!;
      if (!round && g === b && !admitted.has(a!)) p += m.data[t * COLUMNS + a! + 1]!;
    }
    return Math.log(Math.max(1e-9, p));
  }
  function reference(m: StepMatrix, classes: CharClass[]): { chars: number[]; logScore: number } | null {
    const L = classes.length;
    // state s: -1 = on a blank, g = on character g; value and the characters read so far
    type Cell = { v: number; chars: number[] };
    let cells = new Map<string, Cell>([['0:-1', { v: 0, chars: [] }]]);
    for (let t = 0; t < m.steps; t++) {
      const next = new Map<string, Cell>();
      const offer = (k: number, s: number, v: number, chars: number[]): void => {
        const key = `${k}:${s}`;
        if (!(next.get(key)?.v! >= v)) next.set(key, { v, chars });
      };
      for (const [key, cell] of cells) {
        const [k, s] = key.split(':').map(Number) as [number, number];
        offer(k, -1, cell.v + Math.log(Math.max(1e-9, m.data[t * COLUMNS]!)), cell.chars);
        if (s !== -1) offer(k, s, cell.v + logP(m, t, classes[k - 1]!, s), cell.chars);
        if (k < L) for (const g of ALLOWED[classes[k]!]) if (g !== s) offer(k + 1, g, cell.v + logP(m, t, classes[k]!, g), [...cell.chars, g]);
      }
      cells = next;
    }
    let best: Cell | null = null;
    for (const [key, cell] of cells) if (key.startsWith(`${L}:`) && (!best || cell.v > best.v)) best = cell;
    return best && best.v > -Infinity ? { chars: best.chars, logScore: best.v } : null;
  }

  it('on lines of every class', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const classes: CharClass[] = ['alpha', 'numeric', 'date', 'check', 'sex', 'alnum', 'digits', 'alpha', 'numeric', 'check'];
    for (let trial = 0; trial < 6; trial++) {
      const L = 4 + trial;
      const T = L + 2 + 3 * trial;
      const data = new Float32Array(T * COLUMNS);
      for (let t = 0; t < T; t++) {
        // a peaked row: mostly one character or the blank, a little of everything else
        for (let c = 0; c < COLUMNS; c++) data[t * COLUMNS + c] = random() * 0.05;
        data[t * COLUMNS + Math.floor(random() * (G + 1))] = 0.5 + random() * 0.5;
      }
      const line = classes.slice(0, L);
      const got = decodeLine({ steps: T, data }, line);
      const want = reference({ steps: T, data }, line);
      expect(got?.chars).toEqual(want?.chars);
      expect(got?.logScore).toBeCloseTo(want!.logScore, 9);
    }
  });
});
