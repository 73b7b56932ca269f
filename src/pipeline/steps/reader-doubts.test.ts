import { describe, expect, it } from 'vitest';
import type { FieldCandidate } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { doubtsAgainst } from './reader-doubts.js';

const candidate = (reader: string, value: string): FieldCandidate => ({ reader, value, raw: value, region: null, confidence: 0.6 });
const doubting = (reader: string, value: string, reason: string): ReadContext['extracted'][number] => ({
  reader,
  values: [{ key: 'merchant_name', value, raw: value, region: null, confidence: 0.6, problems: ['LOW_CONFIDENCE'], reason }],
});

describe('the doubts that stand against settling a disputed name on one reading', () => {
  it("keeps every doubt of the chosen reader's, and the other's unless it quotes a word only its misreading holds", () => {
    const chosen = candidate('paddle', 'KEDAI ABC SDN BHD');
    const other = candidate('tesseract', 'KEDAI ABC SDN 3HD');
    const misreadOnly = [doubting('tesseract', other.value as string, 'may name an outlet after "3HD"')];
    expect(doubtsAgainst({ extracted: misreadOnly }, 'merchant_name', chosen, other)).toEqual([]);
    const ownLine = [doubting('tesseract', other.value as string, 'runs to the edge of the image')];
    expect(doubtsAgainst({ extracted: ownLine }, 'merchant_name', chosen, other)).toHaveLength(1);
    const chosenDoubted = [doubting('paddle', chosen.value as string, 'may name an outlet after "BHD"')];
    expect(doubtsAgainst({ extracted: chosenDoubted }, 'merchant_name', chosen, other)).toHaveLength(1);
  });

  it('sets aside a doubt quoting misread initials, which the comparison holds as several words', () => {
    const chosen = candidate('paddle', 'Farmacia San Miguel S.L.');
    const other = candidate('tesseract', 'Farmacia San Miguel 5.1.');
    const misreadOnly = [doubting('tesseract', other.value as string, 'may name an outlet after "5.1."')];
    expect(doubtsAgainst({ extracted: misreadOnly }, 'merchant_name', chosen, other)).toEqual([]);
    // a quote that also holds a word both read is about more than the misreading
    const wider = [doubting('tesseract', other.value as string, 'may name an outlet after "Miguel 5.1."')];
    expect(doubtsAgainst({ extracted: wider }, 'merchant_name', chosen, other)).toHaveLength(1);
  });

  it("doubts the chosen shop's name by its own words, as the extractor doubts a name line, though its reader raised nothing", () => {
    // Tesseract's doubt quoted only its own misreading ("7" set apart); Paddle's crop ran it in.
    const chosen = candidate('paddle', 'PASA R MINI SERI INDAH OUTLET:SEKSYEN7');
    const other = candidate('tesseract', 'PASAR MINI SERT INDAH OUTLET: SEKSYEN 7');
    const lone = [doubting('tesseract', other.value as string, 'The name line begins or ends with a lone "7"')];
    expect(doubtsAgainst({ extracted: lone }, 'merchant_name', chosen, other)).toEqual([expect.stringMatching(/may name an outlet after "OUTLET:SEKSYEN7"/)]);
    expect(
      doubtsAgainst({ extracted: [] }, 'merchant_name', candidate('paddle', 'PASAR MINI SERI INDAH'), candidate('tesseract', 'PASAR MINI SERT INDAH')),
    ).toEqual([]);
  });

  it('keeps a doubt that quotes the whole of a one-word name', () => {
    const chosen = candidate('paddle', 'TEALIVE');
    const other = candidate('tesseract', 'TEALIVF');
    const extracted = [doubting('tesseract', 'TEALIVF', 'The shop\'s name "TEALIVF" may go on over the next line')];
    expect(doubtsAgainst({ extracted }, 'merchant_name', chosen, other)).toHaveLength(1);
  });
});
