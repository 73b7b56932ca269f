/** IBANs in running text, kept only when the ISO 13616 mod-97 check holds. */

const IBAN_RE = /\b([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?)\b/g;

/** IBAN lengths of the countries met most (ISO 13616 registry); a code of another length from one
 * of them is a number that passed mod-97 by chance (one in 97 does). */
const IBAN_LENGTH: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CZ: 24,
  DE: 22,
  DK: 18,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HU: 28,
  IE: 22,
  IT: 27,
  LU: 20,
  MC: 27,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  SE: 24,
  SK: 24,
  AE: 23,
  SA: 24,
  QA: 29,
  BH: 22,
  KW: 30,
  TR: 26,
};

export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const length = IBAN_LENGTH[s.slice(0, 2)];
  if (length !== undefined && s.length !== length) return false;
  const rearranged = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** The first valid IBAN in the text, without spaces, with the text as printed. */
export function findIban(text: string): { value: string; raw: string } | null {
  for (const m of text.toUpperCase().matchAll(IBAN_RE)) {
    // A match may run into a following word (BIC); shorten it until the check holds.
    let raw = m[1]!;
    while (raw.replace(/\s/g, '').length >= 15) {
      if (ibanValid(raw)) return { value: raw.replace(/\s/g, ''), raw };
      raw = raw.slice(0, -1).trimEnd();
    }
  }
  return null;
}
