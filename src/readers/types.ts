/** The one interface every reader implements: words and lines with boxes and confidences, per page. */

/** [x0, y0, x1, y1] as fractions 0..1 of the page, origin top-left. */
export type Box = [number, number, number, number];

export interface Word {
  text: string;
  box: Box;
  /** 0..1 */
  confidence: number;
}

export interface Line {
  text: string;
  box: Box;
  confidence: number;
  words: Word[];
}

export interface PageText {
  /** 1-based page number. */
  page: number;
  lines: Line[];
  /** Detected script(s) of the page where the reader knows, e.g. 'Latin', 'Arabic'. */
  scripts?: string[];
  /** Degrees the page image was turned before reading (0, 90, 180, 270). */
  rotation?: number;
}

export const READER_NAMES = ['tesseract', 'paddle', 'text_layer', 'llm', 'mrz_pass', 'ocrb'] as const;
export type ReaderName = (typeof READER_NAMES)[number];

/** The engine behind each reader. Readings by one engine share its mistakes (the MRZ pass is
 * Tesseract with an MRZ alphabet, and on real OCR-B both read the fillers as C alike), so their
 * agreement corroborates nothing: agreement is counted in engines. */
const READER_ENGINE: Record<ReaderName, string> = {
  tesseract: 'tesseract',
  mrz_pass: 'tesseract',
  paddle: 'paddle',
  text_layer: 'text_layer',
  llm: 'llm',
  ocrb: 'ocrb',
};

export const engineOf = (reader: string): string => READER_ENGINE[reader as ReaderName] ?? reader;

/** How many independent engines are among these readers. */
export function distinctEngines(readers: Iterable<string>): number {
  return new Set([...readers].map((r) => READER_ENGINE[r as ReaderName] ?? r)).size;
}

export interface ReaderOutput {
  reader: ReaderName;
  engine: { name: string; version: string };
  pages: PageText[];
  ms: number;
  cost_usd: number;
}

/** A page image ready for OCR: 8-bit greyscale or RGB raw pixels, or an encoded PNG. */
export interface PageImage {
  page: number;
  width: number;
  height: number;
  /** PNG-encoded image. */
  png: Buffer;
}

export interface ReadRequest {
  images: PageImage[];
  /** The file's own text, where it has one, and the kind of file it came from (the text layer reader's input). */
  textLayer?: { kind: string; pages: PageText[] };
  /** Hint of the scripts expected, when known. */
  languages?: string[];
  signal?: AbortSignal;
}

export interface Reader {
  name: ReaderName;
  /** Whether this reader can read the request (e.g. the text layer needs one; OCR needs images). */
  supports(request: ReadRequest): boolean;
  read(request: ReadRequest): Promise<ReaderOutput>;
}
