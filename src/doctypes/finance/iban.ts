/** IBANs in running text, kept only when the ISO 13616 mod-97 check holds. */

const IBAN_RE = /\b([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?)\b/g;

export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
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
