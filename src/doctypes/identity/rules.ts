import type { FieldKind } from '../../domain/normalise.js';
import type { OutcomeCode } from '../../domain/outcome-codes.js';
import { fieldsByKey, fieldsInOrder, readByRule, settled, withdrawn, withProblem, type FieldReading } from '../../domain/field.js';
import type { Problem } from '../../domain/problem.js';
import { lookupIssuingState } from '../countries.js';
import { parseMrz, type MrzField, type MrzFieldName, type MrzResult } from '../mrz/index.js';
import type { MrzConsensusShown, RulesContext, RulesOutcome } from '../types.js';
import { onlyConfused, sameValue } from './compare.js';
import type { LabelName } from './labels.js';
import { fieldProblems, MRZ_FIELD_KEYS } from './mrz-fields.js';
import { distinctEngines } from '../../readers/types.js';
import { bestMrzOf, mrzScore, readMrzOf, type MrzReading } from './mrz-reading.js';
import { namesInPrint, settleByPrint, settleEmptyByCheck } from './settle.js';
import { printedValue, vizFieldsOf } from './viz-fields.js';

type VizReadings = ReturnType<typeof vizFieldsOf>;

/** Rules shared by the MRZ documents (passport, ID card, visa), run over the reconciled fields. */

export interface IdentityRulesConfig {
  /** Visual-zone labels to read for the cross-checks. */
  labels: readonly LabelName[];
  /** Field kinds by key (all the doctype's fields). */
  kinds: Readonly<Record<string, FieldKind>>;
  /** Fields the MRZ and the visual zone both give, compared when both were read. */
  crossChecked: ReadonlyArray<{ key: string; kind: 'name' | 'date' | 'code' | 'sex' | 'country' }>;
}

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const isIso = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

function flag(byKey: Map<string, FieldReading>, field: FieldReading, code: OutcomeCode, reason: string): void {
  byKey.set(field.key, withProblem(field, code, reason));
}

/** Reconcile drops the problems of a value it cannot read (an invalid MRZ field arrives as null):
 * raise them again on the field when no reader got a good value for it. */
function mrzFieldProblems(m: MrzReading, byKey: Map<string, FieldReading>): Problem[] {
  const problems: Problem[] = [];
  for (const [name, field] of Object.entries(m.result.fields) as Array<[MrzFieldName, MrzField]>) {
    const target = byKey.get(MRZ_FIELD_KEYS[name]);
    if (!target || target.status === 'read' || target.status === 'conflict') continue;
    const { codes, messages } = fieldProblems(m, name, field);
    const why = `MRZ ${name.replace(/_/g, ' ')} "${field.raw}": ${messages.join('; ') || 'refused'}.`;
    byKey.set(
      target.key,
      codes.reduce((f, code) => withProblem(f, code, why), target),
    );
  }
  for (const p of m.result.problems) {
    if (p.kind === 'composite_failed' || p.kind === 'birth_after_expiry') problems.push({ code: p.code!, detail: `MRZ: ${p.message}.` });
  }
  return problems;
}

/** A check digit that fails in every reading of the MRZ says the field's characters are wrong (as
 * read or as printed): the print standing in for it would hide that. The field is withdrawn with
 * CRITICAL_FIELD_INVALID unless some reading's check passed. */
function failedChecks(ctx: RulesContext, byKey: Map<string, FieldReading>): void {
  const mrzs = ctx.readings.flatMap((r) => readMrzOf(r, ctx.now) ?? []);
  if (mrzs.length === 0) return;
  const names = new Set(mrzs.flatMap((m) => Object.keys(m.result.fields) as MrzFieldName[]));
  for (const name of names) {
    const target = byKey.get(MRZ_FIELD_KEYS[name]);
    if (!target || target.status !== 'read') continue;
    const own = mrzs.flatMap((m) => m.result.fields[name] ?? []).filter((f) => f.checkDigit);
    if (own.length === 0 || own.some((f) => f.checkDigit!.valid) || target.evidence.includes('mrz_checksum')) continue;
    const raws = [...new Set(own.map((f) => f.raw))].map((r) => `"${r}"`).join(', ');
    byKey.set(
      target.key,
      withdrawn(
        target,
        'CRITICAL_FIELD_INVALID',
        `MRZ ${name.replace(/_/g, ' ')} ${raws} fails its check digit in every reading; the visual zone's value does not stand in for it.`,
      ),
    );
  }
}

/** The MRZ as read (shownMrz), one field per line, with the checks on
 * that line in the reason. A line stands corroborated only when two engines read it the same. */
function mrzLines(ctx: RulesContext, byKey: Map<string, FieldReading>, best: MrzReading | null): void {
  if (!best) return;
  const all = ctx.readings.flatMap((r) => {
    const m = readMrzOf(r, ctx.now);
    return m ? [{ reader: r.reader, lines: m.result.lines.repaired }] : [];
  });
  const shown = shownMrz(ctx, best);
  shown.lines.repaired.forEach((line, i) => {
    const target = byKey.get(`mrz_line${i + 1}`);
    if (!target) return;
    const same = all.filter((a) => a.lines[i] === line);
    const checks = shown.checks.filter((c) => c.line === i || (c.name !== 'composite' && shown.fields[c.name]?.positions.line === i));
    const told = checks.map((c) => `${c.name.replace(/_/g, ' ')} check ${c.valid ? 'passes' : 'fails'}`).join(', ');
    const box = best.lines[i]?.box;
    const reading: Parameters<typeof readByRule>[1] = {
      value: line,
      evidence: distinctEngines(same.map((a) => a.reader)) >= 2 ? ['reader_agree'] : [],
      region: box ? { page: best.page, box } : null,
      candidates: all.map((a) => ({ reader: a.reader, value: a.lines[i] ?? null, raw: a.lines[i] ?? '', region: null, confidence: 0 })),
    };
    byKey.set(
      target.key,
      readByRule(
        target,
        reading,
        `MRZ line ${i + 1} as read${told ? `: ${told}` : ' (no check digit on this line)'}; ${same.length} of ${all.length} readings agree.`,
      ),
    );
  });
}

/** The MRZ as shown: the grammar-decoded vote of all the band's readings where it has the best
 * reading's shape and passes at least as many checks, else the best reading. Showing it publishes
 * nothing: a line passes only where two engines read it so. */
function shownMrz(ctx: RulesContext, best: MrzReading): MrzResult {
  return votedMrz(ctx, best)?.result ?? best.result;
}

function votedMrz(ctx: RulesContext, best: MrzReading): { result: MrzResult; shown: MrzConsensusShown } | null {
  const shown = ctx.mrzConsensus?.find((c) => c.page === best.page);
  const own = best.result.lines.repaired;
  if (!shown || shown.lines.length !== own.length || shown.lines.some((l, i) => l.length !== own[i]!.length)) return null;
  const result = parseMrz([...shown.lines], { now: ctx.now });
  return result.format === best.result.format && mrzScore(result) >= mrzScore(best.result) ? { result, shown } : null;
}

/** Fields no check digit covers: they stand only on two engines reading them alike. */
const UNCHECKED: readonly MrzFieldName[] = ['document_code', 'issuing_state', 'surname', 'given_names', 'nationality', 'sex'];

/** The MRZ's fields as the band's readings voted them (the consensus), where a reading alone left
 * them unpublished: a field no check digit covers where two engines read it as voted and every other
 * reading of the same shape differs only by a letter where the vote has a filler (a filler read
 * as a letter; a filler never becomes a letter inside a name: a reading with a filler where the
 * vote has a letter keeps it out). Where a published value differs from the vote (for a checked
 * field, a vote its check digits verify with no reading contesting a check-blind place), neither stands:
 * where both pass their checks they differ where the check digits cannot see (K for a filler). */
function fromConsensus(ctx: RulesContext, byKey: Map<string, FieldReading>, best: MrzReading): void {
  const voted = votedMrz(ctx, best);
  const verified = voted?.shown.verified;
  const readings = voted?.shown.readings;
  if (!voted || !verified || !readings) return;
  const { result } = voted;
  const aligned = readings.filter(
    (r) => r.lines.length === result.lines.repaired.length && r.lines.every((l, i) => l.length === result.lines.repaired[i]!.length),
  );
  for (const [name, f] of Object.entries(result.fields) as Array<[MrzFieldName, MrzField]>) {
    const target = byKey.get(MRZ_FIELD_KEYS[name]);
    if (!target || f.value === null || f.value === '' || f.status === 'invalid') continue;
    const p = f.positions;
    const text = result.lines.repaired[p.line]!.slice(p.start, p.end);
    let evidence: 'mrz_checksum' | 'reader_agree';
    if (f.status === 'valid' && verified.includes(name)) evidence = 'mrz_checksum';
    else if (UNCHECKED.includes(name)) {
      const slices = aligned.map((r) => ({ reader: r.reader, text: r.lines[p.line]!.slice(p.start, p.end) }));
      const alike = distinctEngines(slices.filter((r) => r.text === text).map((r) => r.reader));
      const explained = slices.every((r) => [...r.text].every((ch, i) => ch === text[i] || (text[i] === '<' && ch !== '<')));
      if (alike < 2 || !explained || target.problems.includes('CRITICAL_FIELD_INVALID')) continue;
      evidence = 'reader_agree';
    } else continue;
    const published = target.status === 'read' && (target.evidence.includes('mrz_checksum') || target.evidence.includes('reader_agree'));
    const why = `MRZ ${name.replace(/_/g, ' ')} as all readings of the MRZ vote it`;
    if (published && target.value === f.value) continue;
    if (published) {
      byKey.set(target.key, withdrawn(target, 'FIELD_CONFLICT', `${why} reads "${String(f.value)}", not "${String(target.value)}" as published.`));
      continue;
    }
    // a checked field is never published from the vote alone: a vote can mix misread characters
    // into a value that passes its check by chance (one in ten); it only withdraws one above
    if (evidence === 'reader_agree') byKey.set(target.key, settled(target, f.value, evidence, `${why}; two engines read it so.`));
  }
}

/** Disputes the document settles itself: optional data a passing composite says is empty, and a
 * field the print reads like one of the disputed readings only. */
function settleDisputes(ctx: RulesContext, cfg: IdentityRulesConfig, byKey: Map<string, FieldReading>, viz: VizReadings, truncated: boolean): void {
  const mrzs = ctx.readings.flatMap((r) => readMrzOf(r, ctx.now) ?? []);
  for (const key of ['optional_data', 'optional_data_2']) {
    const field = byKey.get(key);
    if (field) byKey.set(key, settleEmptyByCheck(field, mrzs));
  }
  for (const { key, kind } of cfg.crossChecked) {
    const field = byKey.get(key);
    if (!field) continue;
    const looks = (ctx.printLooks ?? []).filter((l) => l.key === key).map((l) => ({ ...l, value: printedValue(l.raw, kind) }));
    const labelled = viz.filter((v) => v.key === key);
    const free = kind === 'name' && labelled.length === 0 ? namesInPrint(ctx.readings, field.candidates) : [];
    byKey.set(key, settleByPrint(field, kind, [...labelled, ...looks, ...free], truncated));
  }
}

function crossCheck(cfg: IdentityRulesConfig, byKey: Map<string, FieldReading>, viz: VizReadings, truncated: boolean): void {
  for (const { key, kind } of cfg.crossChecked) {
    const field = byKey.get(key);
    if (!field || field.status !== 'read' || typeof field.value !== 'string') continue;
    const printed = viz.filter((v) => v.key === key && v.value !== null);
    // names are compared as printed, before diacritics are dropped, so Ü can be UE as ICAO has it
    // a printed number an OCR confusion or two away is one engine's misreading, unless two engines read it so
    const misread = (v: (typeof printed)[number]): boolean =>
      kind === 'code' && onlyConfused(field.value as string, v.value!) && distinctEngines(printed.filter((o) => o.value === v.value).map((o) => o.reader)) < 2;
    const verdicts = printed
      .map((v) => ({ v, same: sameValue(kind, field.value as string, kind === 'name' ? v.raw : v.value!, truncated) }))
      .filter((x) => x.same !== null && !(x.same === false && misread(x.v)));
    // one reader's clean reading of the print is enough: another's misreading is not a conflict
    if (verdicts.length === 0 || verdicts.some((x) => x.same)) continue;
    const seen = [...new Set(verdicts.map((x) => `${x.v.reader}: "${x.v.raw}"`))].join(', ');
    flag(byKey, field, 'FIELD_CONFLICT', `The MRZ reads "${field.value}" but the visual zone reads otherwise (${seen}).`);
  }
}

function dateRules(ctx: RulesContext, byKey: Map<string, FieldReading>): Problem[] {
  const today = isoDay(ctx.now);
  const value = (key: string): string | null => {
    const v = byKey.get(key)?.value;
    return isIso(v) ? v : null;
  };
  const [birth, expiry, issue, from] = [value('date_of_birth'), value('expiry_date'), value('date_of_issue'), value('valid_from')];
  if (birth && birth > today) flag(byKey, byKey.get('date_of_birth')!, 'DATE_NEEDS_REVIEW', `The date of birth ${birth} lies in the future.`);
  if (issue && issue > today) flag(byKey, byKey.get('date_of_issue')!, 'DATE_NEEDS_REVIEW', `The date of issue ${issue} lies in the future.`);
  if (issue && expiry && issue > expiry)
    flag(byKey, byKey.get('date_of_issue')!, 'DATE_NEEDS_REVIEW', `The date of issue ${issue} falls after the expiry ${expiry}.`);
  if (issue && birth && issue < birth)
    flag(byKey, byKey.get('date_of_issue')!, 'DATE_NEEDS_REVIEW', `The date of issue ${issue} falls before the birth ${birth}.`);
  if (from && expiry && from > expiry) flag(byKey, byKey.get('valid_from')!, 'DATE_NEEDS_REVIEW', `Valid from ${from} falls after the expiry ${expiry}.`);
  return expiry && expiry < today ? [{ code: 'DOCUMENT_EXPIRED', detail: `The document expired on ${expiry}.`, fields: ['expiry_date'] }] : [];
}

/** The issuing state as read (published field, else the MRZ's characters), and a problem when it is
 * no ISO 3166 or ICAO code. */
function issuingCountry(byKey: Map<string, FieldReading>, m: MrzReading | null): { code: string | null; problems: Problem[] } {
  const field = byKey.get('issuing_country');
  const read = typeof field?.value === 'string' && field.status === 'read' ? field.value : null;
  const code = read ?? m?.result.fields.issuing_state?.raw.replace(/<+$/, '') ?? null;
  if (!code) return { code: null, problems: [] };
  if (lookupIssuingState(code)) return { code, problems: [] };
  const already = field?.problems.includes('CRITICAL_FIELD_INVALID') ?? false;
  return {
    code,
    problems: already
      ? []
      : [{ code: 'CRITICAL_FIELD_INVALID', detail: `The issuing state "${code}" is not an ISO 3166 or ICAO code.`, fields: ['issuing_country'] }],
  };
}

export async function identityRules(ctx: RulesContext, cfg: IdentityRulesConfig): Promise<RulesOutcome> {
  const byKey = fieldsByKey(ctx.fields);
  const m = bestMrzOf(ctx.readings, ctx.now);
  const problems: Problem[] = [];
  if (m) problems.push(...mrzFieldProblems(m, byKey));
  failedChecks(ctx, byKey);
  if (m) fromConsensus(ctx, byKey, m);
  mrzLines(ctx, byKey, m);
  const viz = vizFieldsOf(ctx.readings, cfg.labels, cfg.kinds);
  const truncated = m?.result.names_truncated ?? false;
  settleDisputes(ctx, cfg, byKey, viz, truncated);
  crossCheck(cfg, byKey, viz, truncated);
  problems.push(...dateRules(ctx, byKey));
  const issuing = issuingCountry(byKey, m);
  problems.push(...issuing.problems);
  return { problems, fields: fieldsInOrder(ctx.fields, byKey), issuingCountry: issuing.code };
}
