import type { FileKind } from '../../domain/document-types.js';
import type { Doctype } from '../../doctypes/types.js';
import type { FieldReading } from '../../domain/field.js';
import type { PageImage } from '../../readers/types.js';
import type { ReaderOutput } from '../../readers/types.js';
import { elaSigns } from './ela.js';
import { embeddedDataSigns, type EmbeddedComparison } from './embedded-data.js';
import { editingSoftwareSign, incrementalUpdateSign } from './metadata.js';
import { mrzVisualZoneSigns } from './mrz-viz.js';
import { combineSigns, type TamperReport, type TamperSign } from './types.js';

export { TAMPER_NOTE, type TamperReport, type TamperSign } from './types.js';

export interface TamperInput {
  kind: FileKind;
  /** The sandbox's page images and, for a JPEG, its error-level map (the original is never decoded here). */
  images: readonly PageImage[];
  elaMap?: Buffer | undefined;
  metadata: Record<string, unknown>;
  doctype: Doctype | null;
  fields: FieldReading[];
  readings: readonly ReaderOutput[];
  /** The page compared with the file's embedded invoice data, when it has some. */
  embedded?: EmbeddedComparison;
  /** The first page's light was uneven (imaging/even-light.ts): a photo whose light falls off
   * across it, or a slip on a dark table. */
  unevenLight?: boolean;
}

const MRZ_TYPES = new Set(['passport', 'id_card', 'visa']);

/** Every tamper check that applies to the file, combined into one report. */
export async function assessTamper(input: TamperInput): Promise<TamperReport> {
  const checks: string[] = ['editing_software'];
  const signs: TamperSign[] = [];
  const push = (s: TamperSign | null) => {
    if (s) signs.push(s);
  };
  push(editingSoftwareSign(input.metadata));
  if (input.kind === 'pdf') {
    checks.push('pdf_incremental_update');
    push(incrementalUpdateSign(input.metadata));
  }
  const turned = input.readings.some((r) => r.pages.some((p) => (p.rotation ?? 0) !== 0));
  const page = input.images.find((i) => i.page === 1);
  // Under uneven light the fields' error levels are not comparable: JPEG noise is much the same
  // everywhere, so a field on the dim side, with less contrast, re-compresses more for its contrast
  // than one in the light (generated till-slip photos: a total or date 2.5× the median).
  if (input.kind === 'jpeg' && !turned && page && input.elaMap && !input.unevenLight) {
    // Regions are fractions of the page as read; a page the readers turned is in another frame.
    const boxes = input.fields.filter((f) => f.region && f.region.page === 1 && f.value !== null).map((f) => ({ key: f.key, region: f.region! }));
    checks.push('jpeg_ela');
    signs.push(...(await elaSigns(page.png, input.elaMap, boxes, new Set(input.fields.filter((f) => f.isKey).map((f) => f.key)))));
  }
  if (input.doctype && MRZ_TYPES.has(input.doctype.type) && input.doctype.crossChecked) {
    checks.push('mrz_visual_zone');
    const kinds = Object.fromEntries(input.doctype.fields.map((f) => [f.key, f.kind]));
    signs.push(...mrzVisualZoneSigns(input.fields, input.readings, kinds, input.doctype.crossChecked));
  }
  if (input.embedded) {
    checks.push('embedded_data');
    signs.push(...embeddedDataSigns(input.embedded));
  }
  return combineSigns(checks, signs);
}
