import { sameValue } from '../../doctypes/identity/compare.js';
import type { LabelName } from '../../doctypes/identity/labels.js';
import type { Doctype } from '../../doctypes/types.js';
import { vizFieldsOf } from '../../doctypes/identity/viz-fields.js';
import type { FieldKind } from '../../domain/normalise.js';
import type { FieldReading } from '../../domain/field.js';
import { distinctEngines, type ReaderOutput } from '../../readers/types.js';
import type { TamperSign } from './types.js';

/** A value whose MRZ check digit passes but that two independent readers read the same, and
 * otherwise, in the visual zone: the print or the zone was changed. One reader's different
 * reading is more likely a misreading, so it weighs little. */
export function mrzVisualZoneSigns(
  fields: FieldReading[],
  readings: readonly ReaderOutput[],
  kinds: Readonly<Record<string, FieldKind>>,
  crossChecked: NonNullable<Doctype['crossChecked']>,
): TamperSign[] {
  const checked = fields.filter((f) => f.status === 'read' && f.evidence.includes('mrz_checksum') && typeof f.value === 'string');
  const compared = crossChecked.filter((c) => checked.some((f) => f.key === c.key));
  if (compared.length === 0) return [];
  const ocr = readings.filter((r) => r.reader !== 'text_layer');
  const viz = vizFieldsOf(
    ocr,
    compared.map((c) => c.key as LabelName),
    kinds,
  );
  const signs: TamperSign[] = [];
  for (const { key, kind } of compared) {
    const field = checked.find((f) => f.key === key)!;
    const printed = viz.filter((v) => v.key === key && v.value !== null);
    if (printed.length === 0) continue;
    // the MRZ may cut a long name: a printed name it begins is not a mismatch
    const truncated = kind === 'name';
    if (printed.some((v) => sameValue(kind, field.value as string, kind === 'name' ? v.raw : v.value!, truncated) !== false)) continue;
    const readers = new Map<string, Set<string>>();
    for (const v of printed) readers.set(v.value!, (readers.get(v.value!) ?? new Set()).add(v.reader));
    const agreed = [...readers.entries()].find(([, who]) => distinctEngines(who) >= 2);
    const seen = [...new Set(printed.map((v) => `${v.reader}: "${v.raw}"`))].join(', ');
    signs.push({
      kind: 'mrz_viz_mismatch',
      weight: agreed ? 0.6 : 0.25,
      detail: `${field.label}: the MRZ gives "${String(field.value)}" with a passing check digit, the visual zone reads otherwise (${seen}).`,
      fields: [key],
    });
  }
  return signs;
}
