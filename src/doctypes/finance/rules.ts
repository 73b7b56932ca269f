import type { FieldValue } from '../../domain/result.js';
import type { FieldReading } from '../../domain/field.js';
import type { Problem } from '../../verification/decide.js';
import type { RulesContext, RulesOutcome } from '../types.js';
import { checkArithmetic, supportedFields, type ItemNumbers } from './arithmetic.js';
import { cents, formatAmount } from './money.js';
import { normaliseInvoiceNumber, normaliseVendor } from './vendor.js';

/** Rules over the reconciled fields of an invoice or a receipt: arithmetic evidence (and the
 * mismatch with its numbers), dates that cannot be right, and the duplicate question. */

export interface FinanceRuleKeys {
  vendor: string;
  number: string;
  /** The document's own date, then dates that must not precede it. */
  date: string;
  laterDates: string[];
}

const AMOUNT_KEYS = ['subtotal', 'tax_amount', 'total'] as const;
const DAY_MS = 86_400_000;

const byKey = (fields: FieldReading[], key: string): FieldReading | undefined => fields.find((f) => f.key === key);
const numberOf = (f: FieldReading | undefined): number | null => (f && f.status === 'read' && typeof f.value === 'number' ? f.value : null);

function itemsOf(f: FieldReading | undefined): ItemNumbers[] | null {
  if (!f || f.status !== 'read' || !Array.isArray(f.value)) return null;
  const items = f.value.map((r) => ({
    quantity: typeof r.quantity === 'number' ? r.quantity : null,
    unit_price: typeof r.unit_price === 'number' ? r.unit_price : null,
    amount: typeof r.amount === 'number' ? r.amount : NaN,
  }));
  return items.every((i) => Number.isFinite(i.amount)) ? items : null;
}

/** Readers that disagree on one amount are settled when exactly one of their values makes
 * subtotal + tax = total with the other two read. */
function settleConflicts(fields: FieldReading[]): void {
  for (const key of AMOUNT_KEYS) {
    const f = byKey(fields, key);
    if (!f || f.status !== 'conflict') continue;
    const others = AMOUNT_KEYS.filter((k) => k !== key).map((k) => numberOf(byKey(fields, k)));
    if (others.some((v) => v === null)) continue;
    const [a, b] = others as [number, number];
    const need = key === 'total' ? cents(a) + cents(b) : cents(key === 'subtotal' ? b : a) - cents(key === 'subtotal' ? a : b);
    const values = [...new Set(f.candidates.map((c) => c.value).filter((v): v is number => typeof v === 'number'))];
    const fitting = values.filter((v) => Math.abs(cents(v) - need) <= 1);
    if (fitting.length !== 1) continue;
    const readings = f.candidates.map((c) => `${c.reader}: "${c.raw}"`).join(', ');
    f.value = fitting[0]!;
    f.status = 'read';
    f.evidence = ['arithmetic'];
    f.problems = f.problems.filter((p) => p !== 'FIELD_CONFLICT');
    f.reason = `The readers disagreed (${readings}); ${formatAmount(fitting[0]!)} is the reading that makes subtotal + tax = total.`;
  }
}

function addEvidence(f: FieldReading): void {
  if (!f.evidence.includes('arithmetic')) f.evidence = ['arithmetic', ...f.evidence];
}

function arithmetic(fields: FieldReading[], problems: Problem[]): void {
  settleConflicts(fields);
  const checks = checkArithmetic({
    items: itemsOf(byKey(fields, 'line_items')),
    subtotal: numberOf(byKey(fields, 'subtotal')),
    taxAmount: numberOf(byKey(fields, 'tax_amount')),
    taxRate: numberOf(byKey(fields, 'tax_rate')),
    total: numberOf(byKey(fields, 'total')),
  });
  for (const key of supportedFields(checks)) {
    const f = byKey(fields, key);
    if (f && f.status === 'read') addEvidence(f);
  }
  const failed = checks.filter((c) => !c.ok && c.reportable);
  if (failed.length) {
    problems.push({
      code: 'ARITHMETIC_MISMATCH',
      detail: `The amounts do not add up: ${failed.map((c) => c.detail).join('; ')}.`,
      fields: [...new Set(failed.flatMap((c) => c.fields))],
    });
  }
}

function dateProblems(fields: FieldReading[], keys: FinanceRuleKeys, now: Date, problems: Problem[]): void {
  const own = byKey(fields, keys.date);
  const ownIso = own?.status === 'read' && typeof own.value === 'string' ? own.value : null;
  if (ownIso && Date.parse(ownIso) > now.getTime() + DAY_MS) {
    problems.push({ code: 'DATE_NEEDS_REVIEW', detail: `${own!.label} ${ownIso} is in the future.`, fields: [keys.date] });
  }
  for (const key of keys.laterDates) {
    const f = byKey(fields, key);
    if (ownIso && f?.status === 'read' && typeof f.value === 'string' && f.value < ownIso) {
      problems.push({ code: 'DATE_NEEDS_REVIEW', detail: `${f.label} ${f.value} is before ${own!.label} ${ownIso}.`, fields: [key, keys.date] });
    }
  }
}

async function duplicate(ctx: RulesContext, keys: FinanceRuleKeys, problems: Problem[]): Promise<void> {
  const vendor = byKey(ctx.fields, keys.vendor);
  const number = byKey(ctx.fields, keys.number);
  const text = (v: FieldValue | undefined): string | null => (typeof v === 'string' && v.trim() ? v : null);
  const vendorName = vendor?.status === 'read' ? text(vendor.value) : null;
  const invoiceNumber = number?.status === 'read' ? text(number.value) : null;
  if (!vendorName || !invoiceNumber) return;
  const total = numberOf(byKey(ctx.fields, 'total'));
  const earlier = await ctx.lookups.findInvoiceDuplicate({ vendor: normaliseVendor(vendorName), invoiceNumber: normaliseInvoiceNumber(invoiceNumber), total });
  if (earlier) {
    problems.push({
      code: 'DUPLICATE_SUSPECTED',
      detail: `Document ${earlier} of the same vendor (${vendorName}) has the same number ${invoiceNumber}${total !== null ? ` and total ${formatAmount(total)}` : ''}.`,
      fields: [keys.number],
    });
  }
}

export async function financeRules(ctx: RulesContext, keys: FinanceRuleKeys): Promise<RulesOutcome> {
  const problems: Problem[] = [];
  arithmetic(ctx.fields, problems);
  dateProblems(ctx.fields, keys, ctx.now, problems);
  await duplicate(ctx, keys, problems);
  return { problems };
}
