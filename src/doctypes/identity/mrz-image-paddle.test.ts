import { describe, expect, it } from 'vitest';
import { lineOf } from '../../../test/helpers/identity-readings.js';
import { readPaddleMrz, type MrzPassEngines } from '../../readers/mrz-pass.js';
import type { MrzDetectorText, MrzRowSteps } from '../../readers/paddle/worker-protocol.js';
import type { Box } from '../../readers/types.js';
import { textMatrix } from '../mrz/ctc-decode.js';
import { MRZ_GRAMMAR } from './mrz-image.js';

// Here rather than beside readers/mrz-pass.ts: the MRZ grammar these rows are decoded under is the
// identity types', a layer above the readers.
describe("readPaddleMrz: the detector's own reading of its rows only when the steps fail a check", () => {
  const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
  const BOXES: Box[] = [
    [0, 0.1, 1, 0.4],
    [0, 0.6, 1, 0.9],
  ];
  /** Rows as our recogniser reads `steps`, with no text of the detector's (readRows leaves it to readDetectorText). */
  const rowsOf = (steps: string[]): MrzRowSteps[] => steps.map((t, i) => ({ box: BOXES[i]!, variants: [textMatrix(t)], text: '' }));
  function paddle(steps: string[], seen: MrzDetectorText): { engine: NonNullable<MrzPassEngines['paddle']>; asked: () => number } {
    let asked = 0;
    return {
      engine: {
        readCrops: async () => [],
        readRows: async () => ({ lines: [], rows: rowsOf(steps) }),
        readDetectorText: async () => {
          asked++;
          return seen;
        },
      },
      asked: () => asked,
    };
  }
  const texts = (lines: string[]): MrzDetectorText => ({
    lines: lines.map((t, i) => lineOf(t, BOXES[i]!)),
    texts: lines.map((text, i) => ({ box: BOXES[i]!, text })),
  });

  it('does not ask for it when every check digit of the steps passes', async () => {
    const p = paddle(TD3, texts(TD3));
    expect((await readPaddleMrz(p.engine, Buffer.alloc(0), MRZ_GRAMMAR, undefined)).map((l) => l.text)).toEqual(TD3);
    expect(p.asked()).toBe(0);
  });

  it("asks for it when a check fails, and the detector's text of the rows stands where it passes every check", async () => {
    const misread = [TD3[0]!, TD3[1]!.replace('7408122', '7408125')];
    const p = paddle(misread, texts(TD3));
    expect((await readPaddleMrz(p.engine, Buffer.alloc(0), MRZ_GRAMMAR, undefined)).map((l) => l.text)).toEqual(TD3);
    expect(p.asked()).toBe(1);
  });

  it("gives the detector's lines when no MRZ decodes from the steps or its text", async () => {
    const p = paddle(['HELLO', 'WORLD'], texts(['HELLO THERE', 'WORLD']));
    expect((await readPaddleMrz(p.engine, Buffer.alloc(0), MRZ_GRAMMAR, undefined)).map((l) => l.text)).toEqual(['HELLO THERE', 'WORLD']);
    expect(p.asked()).toBe(1);
  });

  it('pixel rows never ask for it', async () => {
    const p = paddle(['HELLO', 'WORLD'], texts(TD3));
    await readPaddleMrz(p.engine, Buffer.alloc(0), MRZ_GRAMMAR, undefined, 'pixels');
    expect(p.asked()).toBe(0);
  });
});
