import { fold } from '../../doctypes/cv/lexicon.js';
import type { CvText } from '../../doctypes/cv/model.js';
import { parseCv } from '../../doctypes/cv/parse.js';
import { improveCv } from '../../doctypes/cv/improve.js';
import type { ReaderOutput } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** The reading a CV's structure is taken from: the file's own text when it has any, else the page reader. */
function primaryReading(readings: ReaderOutput[]): ReaderOutput | null {
  const withText = readings.filter((r) => r.pages.some((p) => p.lines.length > 0));
  return withText.find((r) => r.reader === 'text_layer') ?? withText.find((r) => r.reader === 'tesseract') ?? withText[0] ?? null;
}

const squash = (s: string) => fold(s).replace(/[^\p{L}\p{N}@.+]/gu, '');

/** For CVs: the whole structure (`result.cv`), and the improved wording when the upload asked for it. */
export const cvStructureStep: Step<ReadContext> = {
  name: 'cv_structure',
  async run(ctx) {
    if (ctx.documentType !== 'cv') return undefined;
    const primary = primaryReading(ctx.readings);
    if (!primary) return undefined;
    // A fact the file's own text carries stands; from a photo it is corroborated when another reader read it too.
    const others = ctx.readings.filter((r) => r !== primary).map((r) => squash(r.pages.flatMap((p) => p.lines.map((l) => l.text)).join(' ')));
    const evidenceFor = (text: string): CvText['evidence'] => {
      if (primary.reader === 'text_layer') return ['text_layer'];
      const wanted = squash(text);
      return wanted && others.some((o) => o.includes(wanted)) ? ['reader_agree'] : ['single_reader'];
    };
    ctx.cv = parseCv(primary.reader, primary.pages, { evidenceFor });
    if (ctx.input.improve) ctx.cvImproved = improveCv(ctx.cv);
    return undefined;
  },
};
