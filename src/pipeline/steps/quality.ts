import { OUTCOME_CODES } from '../../domain/outcome-codes.js';
import { assessQuality } from '../quality/gate.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** Page images that came from a camera or scanner must be good enough to read; a failure asks for
 * a new photo instead of guessing. Text-layer pages and Word files have no pixels to judge. */
export const qualityStep: Step<ReadContext> = {
  name: 'quality',
  async run(ctx) {
    const intake = ctx.intake!;
    if (intake.images.length === 0) return undefined;
    const profile = intake.kind === 'pdf' ? 'scan' : 'photo';
    const verdicts = [];
    for (const image of intake.images) {
      const q = await assessQuality(image.png, { kind: profile });
      verdicts.push({ page: image.page, passed: q.passed, code: q.code, reasons: q.reasons });
      if (!q.passed && q.code) {
        ctx.raw.quality = verdicts;
        const page = intake.images.length > 1 ? ` (page ${image.page})` : '';
        ctx.problems.push({ code: q.code, detail: `${OUTCOME_CODES[q.code].message}${page} ${q.reasons[0] ?? ''}`.trim() });
        return 'stop';
      }
    }
    ctx.raw.quality = verdicts;
    return undefined;
  },
};
