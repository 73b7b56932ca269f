import { OUTCOME_CODES } from '../../domain/outcome-codes.js';
import { assessQuality } from '../quality/gate.js';
import type { ReadContext } from '../context.js';
import type { Step } from '../run.js';

/** Page images that came from a camera or scanner must be good enough to read; a failure asks for
 * a new photo instead of guessing. Text that is only small is read anyway, its finding kept as a
 * doubt the decision upholds when the reading falls short. Text-layer pages and Word files have no
 * pixels to judge. */
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
      const page = intake.images.length > 1 ? ` (page ${image.page})` : '';
      const problems = q.failures.map((f) => ({ code: f.code, detail: `${OUTCOME_CODES[f.code].message}${page} ${f.reason}`.trim() }));
      if (q.failures.length > 0 && q.failures.every((f) => f.doubt)) {
        ctx.captureDoubts = [...(ctx.captureDoubts ?? []), ...problems];
        continue;
      }
      if (problems[0]) {
        ctx.raw.quality = verdicts;
        ctx.problems.push(problems[0]);
        return 'stop';
      }
    }
    ctx.raw.quality = verdicts;
    return undefined;
  },
};
