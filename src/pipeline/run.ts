import type { Logger } from 'pino';

/** Runs a document's steps in order, timing each. A step may end the run early by returning an
 * outcome; every step's time lands in `timings_ms` whatever happens. */
export interface Step<C> {
  name: string;
  run(ctx: C): Promise<'stop' | void>;
}

export interface StepTiming {
  step: string;
  ms: number;
}

export async function runSteps<C>(
  steps: ReadonlyArray<Step<C>>,
  ctx: C,
  opts: { signal?: AbortSignal; logger?: Logger; onStep?: (timing: StepTiming) => void } = {},
): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  for (const step of steps) {
    opts.signal?.throwIfAborted();
    const started = performance.now();
    try {
      const verdict = await step.run(ctx);
      if (verdict === 'stop') break;
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      timings[step.name] = ms;
      opts.onStep?.({ step: step.name, ms });
    }
  }
  return timings;
}
