/** ICAO 9303 check digit: weights 7, 3, 1 over digit values (0-9), letters (A=10 … Z=35) and '<' (0). */
const WEIGHTS = [7, 3, 1] as const;

export function mrzCharValue(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  if (ch === '<') return 0;
  throw new RangeError(`not an MRZ character: ${JSON.stringify(ch)}`);
}

export function checkDigit(value: string): number {
  let sum = 0;
  for (let i = 0; i < value.length; i++) sum += mrzCharValue(value[i]!) * WEIGHTS[i % 3]!;
  return sum % 10;
}
