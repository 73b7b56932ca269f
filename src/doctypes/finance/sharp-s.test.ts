import { describe, expect, it } from 'vitest';
import { sharpSWritten } from './sharp-s.js';

describe('a German ß a reader read as B', () => {
  it('is written as ß after a vowel or a diphthong, before a small letter or the word’s end', () => {
    expect(sharpSWritten('HauptstraBe 112')).toBe('Hauptstraße 112');
    expect(sharpSWritten('Kaiser-StraBe 4')).toBe('Kaiser-Straße 4');
    expect(sharpSWritten('GroBmarkt')).toBe('Großmarkt');
    expect(sharpSWritten('WeiBe Rose')).toBe('Weiße Rose');
  });

  it("is written as ß where a street's ß was read as another glyph or two (seeds 20376, 20395, 20239)", () => {
    for (const read of ['Hauptstrale 112', 'Hauptstrabe 112', 'HauptstraRe 112', 'HauptstraSe 112', 'Hauptstrafse 112', 'Hauptstra8e 112', 'HauptstrafBe 112'])
      expect(sharpSWritten(read), read).toBe('Hauptstraße 112');
    // not a word of its own, a street in capitals, nor a compound's other ending
    for (const text of ['Strafe', 'HAUPTSTRASE 112', 'Hauptstrasse 112', 'Geldstrafen', 'Hauptstraßen']) expect(sharpSWritten(text), text).toBe(text);
  });

  it('leaves every other B: capitals throughout, a particle run into a name, after a consonant', () => {
    for (const text of ['HAUPTSTRABE 112', 'LeBlanc', 'DeBoer', 'McBride', 'eBay', 'Bahnhofstr. 4a', 'Am EbBach']) expect(sharpSWritten(text), text).toBe(text);
  });
});
