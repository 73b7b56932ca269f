import type { Logger } from 'pino';
import type { FileKind } from '../domain/document-types.js';
import { UNKNOWN_TYPE } from '../domain/document-types.js';
import { isOutcomeCode, type OutcomeCode } from '../domain/outcome-codes.js';
import type { Outcome, Result } from '../domain/result.js';
import { decide, type Problem } from '../verification/decide.js';
import type { FieldReading } from './fields.js';
import { runSteps, type Step } from './run.js';
import type { IntakeLimits } from './intake/limits.js';
import type { IntakeResult } from './types.js';

/** What the pipeline needs from the outside world, built once per process. */
export interface ReadDeps {
  intake(bytes: Buffer, kind: FileKind, limits: IntakeLimits, opts?: { signal?: AbortSignal }): Promise<IntakeResult>;
  limits: IntakeLimits;
  logger?: Logger;
}

export interface ReadInput {
  bytes: Buffer;
  kind: FileKind;
  typeHint: string | null;
  now: Date;
}

/** Everything one reading learns; steps fill it in order. */
export interface ReadContext {
  input: ReadInput;
  deps: ReadDeps;
  intake: IntakeResult | null;
  documentType: string;
  classified: boolean;
  fields: FieldReading[];
  problems: Problem[];
  issuingCountry: string | null;
  engines: Array<{ name: string; version: string }>;
  readers: string[];
  costUsd: number;
  /** The engine's internal record (`raw_json`): reasons, repairs, per-reader text. */
  raw: Record<string, unknown>;
}

export interface ReadOutput {
  outcome: Outcome;
  result: Result;
  raw: Record<string, unknown>;
  documentType: string;
}

/** An error that carries the outcome code it should end the document with. */
function outcomeCodeOf(err: unknown): OutcomeCode | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && isOutcomeCode(code) ? code : null;
}

const intakeStep: Step<ReadContext> = {
  name: 'intake',
  async run(ctx) {
    try {
      ctx.intake = await ctx.deps.intake(ctx.input.bytes, ctx.input.kind, ctx.deps.limits);
    } catch (err) {
      const code = outcomeCodeOf(err);
      if (!code) throw err;
      const reason = (err as { reason?: string }).reason ?? (err as Error).message;
      ctx.problems.push({ code, detail: reason });
      ctx.raw.intake_error = { code, reason };
      return 'stop';
    }
    const intake = ctx.intake;
    ctx.raw.intake = {
      kind: intake.kind,
      page_count: intake.pageCount,
      pages_taken: intake.pagesTaken,
      images: intake.images.map((i) => ({ page: i.page, width: i.width, height: i.height })),
      text_layer_pages: intake.textLayer.map((p) => ({ page: p.page, lines: p.lines.length })),
      metadata: intake.metadata,
    };
    if (intake.pageCount > intake.pagesTaken) {
      ctx.problems.push({
        code: 'MISSING_PAGE',
        detail: `Only the first ${intake.pagesTaken} of ${intake.pageCount} pages were read.`,
      });
    }
    if (intake.textLayer.some((p) => p.lines.length > 0)) ctx.readers.push('text_layer');
    return undefined;
  },
};

const hintStep: Step<ReadContext> = {
  name: 'classify',
  async run(ctx) {
    // Until a classifier reads the words, a caller's hint is recorded but not trusted as a finding.
    ctx.raw.classification = ctx.input.typeHint
      ? { type: null, hint: ctx.input.typeHint, reason: 'no classifier for this document yet; hint recorded only' }
      : { type: null, hint: null, reason: 'no classifier for this document yet' };
    ctx.problems.push({ code: 'DOCUMENT_TYPE_UNKNOWN', detail: 'The document type could not be recognised.' });
    return undefined;
  },
};

export const READ_STEPS: ReadonlyArray<Step<ReadContext>> = [intakeStep, hintStep];

export async function readDocument(input: ReadInput, deps: ReadDeps, opts: { signal?: AbortSignal } = {}): Promise<ReadOutput> {
  const ctx: ReadContext = {
    input,
    deps,
    intake: null,
    documentType: UNKNOWN_TYPE,
    classified: false,
    fields: [],
    problems: [],
    issuingCountry: null,
    engines: [],
    readers: [],
    costUsd: 0,
    raw: {},
  };
  const timings = await runSteps(READ_STEPS, ctx, { ...(opts.signal ? { signal: opts.signal } : {}) });
  const started = performance.now();
  const readable = ctx.intake !== null && (ctx.intake.textLayer.some((p) => p.lines.length > 0) || ctx.fields.length > 0);
  const { outcome, result } = decide({
    documentType: ctx.documentType,
    fields: ctx.fields,
    problems: ctx.problems,
    readable,
    classified: ctx.classified,
    issuingCountry: ctx.issuingCountry,
    timings,
    engines: ctx.engines,
    readers: ctx.readers,
    costUsd: ctx.costUsd,
  });
  result.timings_ms.decide = Math.round((performance.now() - started) * 10) / 10;
  return { outcome, result, raw: ctx.raw, documentType: ctx.documentType };
}
