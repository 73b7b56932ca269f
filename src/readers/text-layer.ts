import type { Reader } from './types.js';

/** The file's own text as a reading (a PDF's text layer, the words of a DOCX or an HTML page, as
 * the intake found them): nothing is recognised, so it takes no time and costs nothing. The
 * engine's version is the kind of file the text came from. */
export function createTextLayerReader(): Reader {
  return {
    name: 'text_layer',
    supports: (request) => (request.textLayer?.pages ?? []).some((p) => p.lines.length > 0),
    async read(request) {
      const source = request.textLayer ?? { kind: 'none', pages: [] };
      return { reader: 'text_layer', engine: { name: 'text_layer', version: source.kind }, pages: source.pages, ms: 0, cost_usd: 0 };
    },
  };
}
