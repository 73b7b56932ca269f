/** MRZ dates are YYMMDD without a century. A birth date is the latest one not in the future; an
 * expiry date lies at most EXPIRY_YEARS_AHEAD years ahead (passports run 10 years, a few
 * residence documents longer), otherwise a century earlier. */

export type MrzDateKind = 'birth' | 'expiry';

export interface MrzDate {
  /** YYYY-MM-DD; YYYY-MM or YYYY when the document gives `<<` for an unknown day or month. */
  iso: string | null;
  problem: 'impossible' | 'partial' | 'malformed' | null;
}

export const EXPIRY_YEARS_AHEAD = 30;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function chooseYear(yy: number, month: number, day: number, kind: MrzDateKind, now: Date): number {
  const nowYear = now.getUTCFullYear();
  let year = Math.floor(nowYear / 100) * 100 + yy;
  if (kind === 'birth') {
    // compare on the earliest day the date can mean, so an unknown day never pushes it back
    const earliest = Date.UTC(year, Math.max(month, 1) - 1, Math.max(day, 1));
    if (earliest > now.getTime()) year -= 100;
  } else if (year > nowYear + EXPIRY_YEARS_AHEAD) {
    year -= 100;
  } else if (year <= nowYear + EXPIRY_YEARS_AHEAD - 100) {
    year += 100;
  }
  return year;
}

export function mrzDateToIso(text: string, kind: MrzDateKind, now: Date): MrzDate {
  const m = /^(\d\d)(\d\d|<<)(\d\d|<<)$/.exec(text);
  if (!m) return { iso: null, problem: 'malformed' };
  const [, yyText, mmText, ddText] = m as unknown as [string, string, string, string];
  const monthUnknown = mmText === '<<';
  const dayUnknown = ddText === '<<';
  // only a birth date may leave parts unknown, and never the month alone with a known day
  if ((monthUnknown || dayUnknown) && (kind === 'expiry' || (monthUnknown && !dayUnknown))) {
    return { iso: null, problem: 'malformed' };
  }
  const month = monthUnknown ? 0 : Number(mmText);
  const day = dayUnknown ? 0 : Number(ddText);
  const year = chooseYear(Number(yyText), month, day, kind, now);
  if (!monthUnknown && (month < 1 || month > 12)) return { iso: null, problem: 'impossible' };
  if (!dayUnknown && (day < 1 || day > daysInMonth(year, month))) return { iso: null, problem: 'impossible' };
  if (monthUnknown) return { iso: pad(year, 4), problem: 'partial' };
  if (dayUnknown) return { iso: `${pad(year, 4)}-${pad(month)}`, problem: 'partial' };
  return { iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, problem: null };
}
