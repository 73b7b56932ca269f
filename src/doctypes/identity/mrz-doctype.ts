import type { DocumentType } from '../../domain/document-types.js';
import type { FieldKind } from '../../domain/normalise.js';
import type { ReaderOutput } from '../../readers/types.js';
import type { Doctype, ExtractContext, ExtractedValue, FieldSpec } from '../types.js';
import { mrzNameForms } from './compare.js';
import { detectIdentity, type IdentityDetectConfig } from './detect.js';
import type { LabelName } from './labels.js';
import { MRZ_FIELD_KEYS, mrzValues } from './mrz-fields.js';
import { readMrzOf } from './mrz-reading.js';
import { identityRules, type IdentityRulesConfig } from './rules.js';
import { readVizFields, vizExtracted } from './viz-fields.js';

/** One shape for the documents with an MRZ (passport, ID card, visa): the MRZ gives the checked
 * fields, the visual zone the others and the cross-check input. */

export interface MrzDoctypeConfig {
  type: DocumentType;
  fields: FieldSpec[];
  detect: IdentityDetectConfig;
  /** Visual-zone labels read on this type. */
  labels: readonly LabelName[];
  crossChecked: IdentityRulesConfig['crossChecked'];
}

/** A reader that missed the MRZ still reads the print; its value stands below an MRZ reading. */
const VIZ_FALLBACK_CONFIDENCE = 0.8;

export function mrzDoctype(cfg: MrzDoctypeConfig): Doctype {
  const keys = new Set(cfg.fields.map((f) => f.key));
  const kinds: Record<string, FieldKind> = Object.fromEntries(cfg.fields.map((f) => [f.key, f.kind]));
  const mrzKeys = new Set(Object.values(MRZ_FIELD_KEYS).filter((k) => keys.has(k)));

  function extract(reading: ReaderOutput, ctx: ExtractContext): ExtractedValue[] {
    const m = readMrzOf(reading, ctx.now);
    const out = m ? mrzValues(m, keys) : [];
    for (const page of reading.pages) {
      for (const f of readVizFields(page, cfg.labels, kinds)) {
        if (!keys.has(f.key) || out.some((v) => v.key === f.key)) continue;
        if (!mrzKeys.has(f.key)) {
          out.push(vizExtracted(f));
          continue;
        }
        // MRZ fields come from the MRZ; the print of them is compared in rules. Without an MRZ in
        // this reading the print is the reading, names in the MRZ's transliteration so they can agree.
        if (m || f.value === null) continue;
        const named = f.kind === 'name' ? { ...f, value: mrzNameForms(f.value)[0] ?? null } : f;
        out.push(vizExtracted(named, VIZ_FALLBACK_CONFIDENCE));
      }
    }
    return out;
  }

  return {
    type: cfg.type,
    fields: cfg.fields,
    detect: (input) => detectIdentity(input, cfg.detect),
    extract,
    rules: (ctx) => identityRules(ctx, { labels: cfg.labels, kinds, crossChecked: cfg.crossChecked }),
    crossChecked: cfg.crossChecked,
    printed: (reading) =>
      reading.pages.flatMap((page) =>
        readVizFields(page, cfg.labels, kinds)
          .filter((f) => cfg.crossChecked.some((c) => c.key === f.key))
          .map((f) => ({ key: f.key, region: f.viz.region })),
      ),
  };
}
