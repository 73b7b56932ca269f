import { FILLER, FILLER_LOOKING_LETTERS } from './charset.js';

/** Name zones. ICAO: surname, `<<`, given names separated by single `<`, then fillers; a name that
 * fills its zone to the last character may have been truncated. The French card puts `<<` between
 * given names, which are reported separated by ", ". */

export interface NamePart {
  text: string;
  /** Offsets within the zone, end exclusive; an empty part sits where it would start. */
  start: number;
  end: number;
}

export interface SplitNames {
  surname: NamePart;
  given: NamePart;
  truncated: boolean;
}

const spaced = (s: string): string => s.replace(/<+/g, ' ').trim();

/** Trims fillers on both sides of zone[start, end) and returns the part with its offsets. */
function part(zone: string, start: number, end: number, render: (s: string) => string): NamePart {
  let a = start;
  let b = end;
  while (a < b && zone[a] === FILLER) a++;
  while (b > a && zone[b - 1] === FILLER) b--;
  return { text: render(zone.slice(a, b)), start: a, end: b };
}

export function splitIcaoNames(zone: string): SplitNames {
  const truncated = zone.length > 0 && zone[zone.length - 1] !== FILLER;
  const sep = zone.indexOf('<<');
  if (sep === -1) {
    return { surname: part(zone, 0, zone.length, spaced), given: part(zone, zone.length, zone.length, spaced), truncated };
  }
  return { surname: part(zone, 0, sep, spaced), given: part(zone, sep + 2, zone.length, spaced), truncated };
}

export function frenchSurname(zone: string): NamePart {
  return part(zone, 0, zone.length, spaced);
}

export function frenchGivenNames(zone: string): NamePart {
  return part(zone, 0, zone.length, (s) =>
    s
      .split(/<<+/)
      .map(spaced)
      .filter((n) => n.length > 0)
      .join(', '),
  );
}

/** Offsets of K and C that stand where the zone's trailing fillers are: a trailing group made only
 * of K/C after a double filler. The surname and the first given name are never touched unless the
 * gap before the group is wider than the `<<` separator itself: a given name may be "K". */
export function fillerLookingOffsets(zone: string, betweenNames: 'single' | 'double'): number[] {
  const tokens = [...zone.matchAll(/[^<]+/g)].map((m) => ({ start: m.index, text: m[0] }));
  const out: number[] = [];
  for (let i = tokens.length - 1; i >= 1; i--) {
    const token = tokens[i]!;
    const before = tokens[i - 1]!;
    if (![...token.text].every((ch) => FILLER_LOOKING_LETTERS.has(ch))) break;
    const gap = token.start - (before.start + before.text.length);
    const firstGiven = betweenNames === 'single' ? i === 1 : false;
    if (gap < 2 || (firstGiven && gap < 3)) break;
    for (let k = 0; k < token.text.length; k++) out.push(token.start + k);
  }
  return out.sort((a, b) => a - b);
}
