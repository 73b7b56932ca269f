import { accentMisprints } from '../../doctypes/finance/accent-misprints.js';
import { doubted } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';
import { COMPANY_NAMES } from './name-dispute.js';
import { uprightPage } from './page-image.js';
import { preparedCrop } from './re-read.js';
import { readerValues } from './reader-doubts.js';

/** Fields that hold words a person reads as printed, a company's name and its address. */
const LOOKED_AT = new Set([...COMPANY_NAMES, 'merchant_address', 'vendor_address', 'customer_address']);

/** A company's name or address the two page readers agreed on, read from pixels, is looked at
 * again by the Tesseract engines whose languages write accents (TESSERACT_ACCENT_LANGS): Tesseract's
 * English model and PaddleOCR cannot write an ü, and both have printed one as an i ("Café
 * Lindenblite" for Lindenblüte, published as verified; "80335 MINCHEN" for MÜNCHEN in an address),
 * where their agreement is on a letter not printed. Where every look reads a word of the value as
 * an accented spelling of other letters than the readers' (accentMisprints), the value is withheld
 * and the looks' spelling shown beside the readers'. The looks publish nothing themselves: engines
 * of one family reading one crop are no second reader. */
export const accentMisprintsStep: Step<ReadContext> = {
  name: 'accent_misprints',
  async run(ctx) {
    for (const [at, field] of ctx.fields.entries()) {
      // A value already withheld for another doubt is not looked at again.
      if (!LOOKED_AT.has(field.key) || field.status !== 'read' || field.problems.length || typeof field.value !== 'string' || !field.region) continue;
      // Two engines' agreement on pixels only: a file's own text or data spells the value.
      if (!field.evidence.includes('reader_agree') || field.evidence.some((e) => e === 'text_layer' || e === 'decoder')) continue;
      if (!/\p{Script=Latin}/u.test(field.value)) continue;
      const engines = (await ctx.deps.readers.accents?.()) ?? [];
      if (engines.length < 2) return undefined;
      const page = await uprightPage(ctx, field.region.page);
      // Each line of a value printed over several apart (an address): enlarged as one, two lines'
      // box gives each line half the letter height the looks read at.
      const [own] = readerValues(ctx, field.key, 'tesseract');
      const boxes = own?.parts?.length && own.region?.page === field.region.page ? own.parts : [field.region.box];
      const crops = page ? await Promise.all(boxes.map((box) => preparedCrop(page, box))) : [];
      if (!crops.length || crops.some((c) => c === null)) continue;
      const signal = ctx.signal ? { signal: ctx.signal } : {};
      const looks = await Promise.all(
        engines.map(async (engine) => {
          const lines = await Promise.all(crops.map((crop) => engine.readRegion(crop!.png, { psm: 6, ...signal })));
          return lines.flatMap((r) => r.lines.map((l) => l.text)).join(' ');
        }),
      );
      const misprints = accentMisprints(field.value, looks);
      ctx.raw.accent_misprints = { ...((ctx.raw.accent_misprints as object | undefined) ?? {}), [field.key]: { looks, misprints } };
      if (misprints.length === 0) continue;
      const words = misprints.map((m) => `"${m.read}" as "${m.spelt}"`).join(', ');
      ctx.fields[at] = doubted(
        field,
        { reader: 'tesseract', value: looks[0]!, raw: looks.join(' | '), region: field.region, confidence: 0 },
        `The readers agreed on "${field.value}", but looks with French, German and Spanish letters all read ${words}: an accented letter that neither reader can write, printed by both as another letter. A person decides which is printed.`,
      );
    }
    return undefined;
  },
};
