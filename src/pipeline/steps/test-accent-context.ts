import type { FieldReading } from '../../domain/field.js';
import { openImage } from '../../imaging/open.js';
import type { ReadContext } from '../context.js';

/** For step tests: a document's context of one blank page and `field`, whose stand-in accent
 * engines read `looks`, one each; `asked` counts their reads. */
export async function accentContext(documentType: string, field: FieldReading, looks: string[]): Promise<{ ctx: ReadContext; asked: number[] }> {
  const png = await openImage(Buffer.alloc(400 * 600 * 3, 255), { raw: { width: 400, height: 600, channels: 3 } })
    .png()
    .toBuffer();
  const asked = [0];
  const engines = looks.map((text) => ({
    readRegion: async () => {
      asked[0]!++;
      return { text, confidence: 0.9, lines: [{ text, box: [0, 0, 1, 1], confidence: 0.9, words: [] }] };
    },
  }));
  const ctx = {
    deps: { readers: { get: async () => null, accents: async () => engines } },
    documentType,
    pageImages: [{ page: 1, width: 400, height: 600, png }],
    readings: [],
    fields: [field],
    extracted: [],
    raw: {},
  } as unknown as ReadContext;
  return { ctx, asked };
}
