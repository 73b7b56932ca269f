import { describe, expect, it } from 'vitest';
import { accentMisprints } from './accent-misprints.js';

describe('accented letters the page readers both printed as other letters', () => {
  it('finds a word every look read with an accented letter where the readers read another', () => {
    expect(accentMisprints('Café Lindenblite', ['Café Lindenblüte', 'Café Lindenblüte'])).toEqual([{ read: 'Lindenblite', spelt: 'Lindenblüte' }]);
    expect(accentMisprints('Café Lindenblite KG', ['Café Lindenblüte KG.', 'Cafe Lindenblüte KG'])).toEqual([{ read: 'Lindenblite', spelt: 'Lindenblüte' }]);
    // An ü printed as two letters.
    expect(accentMisprints('BACKEREI MIINCHEN', ['BÄCKEREI MÜNCHEN', 'BACKEREI MÜNCHEN'])).toEqual([{ read: 'MIINCHEN', spelt: 'MÜNCHEN' }]);
    // The looks set different accents on the letter, and agree that it is not the readers'.
    expect(accentMisprints('80335 MINCHEN', ['80335 MÜNCHEN', '80335 MÚNCHEN'])).toEqual([{ read: 'MINCHEN', spelt: 'MÜNCHEN' }]);
  });

  it('finds none where the readers wrote the letter plain, the looks differ, or one look alone saw an accent', () => {
    // The accent alone: names are compared without it.
    expect(accentMisprints('Cafe Lindenblute', ['Café Lindenblüte', 'Café Lindenblüte'])).toEqual([]);
    expect(accentMisprints('Café Lindenblite', ['Café Lindenblüte', 'Café Lindenblite'])).toEqual([]);
    expect(accentMisprints('Café Lindenblite', ['Café Lindenblüte', 'Café Lindenblöte'])).toEqual([]);
    expect(accentMisprints('Café Lindenblite', ['Café Lindenblüte'])).toEqual([]);
    // A ligature or a letter of its own a look wrote for two letters, or an accented letter for two: no misprint.
    expect(accentMisprints('AEON CO. (M) BHD', ['ÆON CO. (M) BHD', 'ÆON CO. (M) BHD'])).toEqual([]);
    expect(accentMisprints('HOUSE', ['HÖSE', 'HÖSE'])).toEqual([]);
    // Other letters apart than the accented one: another word, not a misprint.
    expect(accentMisprints('Café Lindenblite', ['Café Lindenbaüte', 'Café Lindenbaüte'])).toEqual([]);
  });
});
