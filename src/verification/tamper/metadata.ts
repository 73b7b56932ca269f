import type { TamperSign } from './types.js';

/** Image editors and page-layout tools whose name in a file's metadata means a person re-saved it
 * with tools made to change pictures. Scanners, cameras, office suites and PDF printers are not here. */
const EDITORS: ReadonlyArray<[RegExp, string]> = [
  [/photoshop/i, 'Adobe Photoshop'],
  [/lightroom/i, 'Adobe Lightroom'],
  [/illustrator/i, 'Adobe Illustrator'],
  [/\bgimp\b/i, 'GIMP'],
  [/paint\.net/i, 'Paint.NET'],
  [/pixelmator/i, 'Pixelmator'],
  [/affinity\s*photo/i, 'Affinity Photo'],
  [/\bcanva\b/i, 'Canva'],
  [/snapseed/i, 'Snapseed'],
  [/picsart/i, 'PicsArt'],
  [/photopea/i, 'Photopea'],
  [/inkscape/i, 'Inkscape'],
  [/corel\s*(draw|photo)/i, 'Corel'],
  [/\bfotor\b/i, 'Fotor'],
];

const TAGS = ['software', 'creator', 'producer', 'pngsoftware', 'pngcreator', 'pngauthor'] as const;

export function editingSoftwareSign(metadata: Record<string, unknown>): TamperSign | null {
  for (const tag of TAGS) {
    const value = metadata[tag];
    if (typeof value !== 'string') continue;
    const hit = EDITORS.find(([re]) => re.test(value));
    if (hit) {
      return { kind: 'editing_software', weight: 0.6, detail: `The file's ${tag} names ${hit[1]} ("${value.slice(0, 80)}"), an image editor.`, fields: [] };
    }
  }
  return null;
}

/** A PDF changed after it was first written keeps the change as an appended update. Signing and
 * form filling do this too, so alone it is a weak sign. */
export function incrementalUpdateSign(metadata: Record<string, unknown>): TamperSign | null {
  const n = metadata.incrementalUpdates;
  if (typeof n !== 'number' || n < 1) return null;
  return {
    kind: 'pdf_incremental_update',
    weight: n >= 2 ? 0.45 : 0.35,
    detail: `The PDF was changed ${n} time${n > 1 ? 's' : ''} after it was first written (incremental update${n > 1 ? 's' : ''}).`,
    fields: [],
  };
}
