/** pdfkit shapes Arabic but has no bidirectional algorithm: a line mixing Arabic with Latin text
 * or digits is drawn in logical order and comes out scrambled. This puts the runs of a line in
 * visual order (a run is one direction's letters with the spaces and marks between them); each run
 * is then drawn as pdfkit draws it. Enough for names, places and short phrases, not a full UAX #9. */

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LTR = /[\p{L}\p{N}]/u;

export interface Run {
  text: string;
  rtl: boolean;
}

export const hasRtl = (text: string) => RTL.test(text);

/** The runs of a line in the order they are drawn, left to right. */
export function visualRuns(text: string): Run[] {
  if (!hasRtl(text)) return [{ text, rtl: false }];
  const runs: Run[] = [];
  for (const ch of text) {
    const dir = RTL.test(ch) ? true : LTR.test(ch) ? false : null;
    const last = runs[runs.length - 1];
    if (last && (dir === null || dir === last.rtl)) last.text += ch;
    else runs.push({ text: ch, rtl: dir ?? false });
  }
  // A line whose first strong letter is right-to-left reads from the right: its runs go in reverse.
  const baseRtl = runs.find((r) => LTR.test(r.text) || RTL.test(r.text))?.rtl ?? false;
  return baseRtl ? runs.reverse() : runs;
}
