/** DOCX intake: the zip is pre-scanned (mammoth inflates whole entries), then mammoth converts the
 * text with external file access off and images never read. */
import mammoth from 'mammoth';
import type { IntakeResult } from '../types.js';
import { describeError, IntakeError } from './errors.js';
import { htmlToLines } from './html-lines.js';
import type { IntakeLimits } from './limits.js';
import type { Progress } from './progress.js';
import { wordPage } from './word-page.js';
import { scanZip } from './zip-scan.js';

const CORE = 'docProps/core.xml';
const APP = 'docProps/app.xml';

/** Who made and last saved the file (later tamper checks compare these). */
function properties(core: Buffer | undefined, app: Buffer | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const pick = (xml: Buffer | undefined, tag: string, key: string) => {
    const found = xml?.toString('utf8').match(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]{0,200})</${tag}>`));
    if (found?.[1]) out[key] = found[1].trim();
  };
  pick(core, 'dc:creator', 'creator');
  pick(core, 'cp:lastModifiedBy', 'lastModifiedBy');
  pick(core, 'dcterms:created', 'created');
  pick(core, 'dcterms:modified', 'modified');
  pick(app, 'Application', 'application');
  return out;
}

export async function readDocx(bytes: Buffer, limits: IntakeLimits, progress: Progress): Promise<IntakeResult> {
  progress('the Word file');
  const scan = await scanZip(bytes, limits.zip, [CORE, APP]);
  let html: string;
  let warnings: number;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      { externalFileAccess: false, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
    warnings = result.messages.length;
  } catch (err) {
    throw new IntakeError(`the Word file could not be read (${describeError(err)})`);
  }
  const lines = htmlToLines(html);
  return {
    kind: 'docx',
    pageCount: 1,
    pagesTaken: 1,
    images: [],
    textLayer: [wordPage(lines)],
    plainText: lines.join('\n'),
    metadata: {
      ...properties(scan.kept.get(CORE), scan.kept.get(APP)),
      parts: scan.entryNames.length,
      inflatedBytes: scan.inflatedBytes,
      converterWarnings: warnings,
    },
  };
}
