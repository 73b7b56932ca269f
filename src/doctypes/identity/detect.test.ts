import { describe, expect, it } from 'vitest';
import { idCard } from '../id-card.js';

const detect = (lines: string[]) => idCard.detect({ kind: 'jpeg', lines, text: lines.join('\n').toUpperCase() });

describe('identity classification from an MRZ', () => {
  it('takes a TD2 MRZ with its fillers as an identity card', () => {
    // ICAO 9303 part 6 specimen.
    const mrz = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
    expect(detect(['Specimen', ...mrz]).score).toBeGreaterThan(0.9);
  });

  it('does not take prose read in the MRZ alphabet for an MRZ', () => {
    // What the MRZ-alphabet reader makes of two bullet points of a photographed CV: TD2-shaped,
    // code "IE", no filler, two of four check digits passing by chance.
    const lines = ['IENIUHHUNNVOOCOODRREVIWSINDDREETEASS', 'AUFBAINER0ATN0111001F1112111HBEREIHE'];
    const found = detect(['Berufserfahrung', ...lines]);
    expect(found.score).toBeLessThan(0.5);
  });

  it('lets the printed keywords decide when the MRZ’s document code is no ICAO code (a misread)', () => {
    const mrz = ['TDKGZVT76088889<<<<<<<<<<<<<<<', '5807075F2802046IND<<<<<<<<<<<8', 'OYELARAN<<GRACE<ANNA<<<<<<<<<<'];
    const found = detect(['KENYA', 'IDENTITY CARD', ...mrz]);
    expect(found.score).toBeGreaterThan(0.5);
    expect(found.reason).toMatch(/keywords/);
  });
});
