import type { MrzBandReading, MrzGrammar, MrzPassReader } from '../../readers/mrz-pass.js';
import { cropBoxToPageBox, type MrzBand, type MrzCrop } from '../../readers/mrz/locate.js';
import type { GreyImage } from '../../readers/paddle/words.js';
import { distinctEngines, engineOf, type Box, type Line, type ReaderName, type ReaderOutput } from '../../readers/types.js';
import { decodeMrzRows, MRZ_GROUPS } from '../mrz/ctc-decode.js';
import { parseMrz, type MrzField, type MrzFieldName, type MrzResult } from '../mrz/index.js';
import { normalizeLine } from '../mrz/fit.js';
import { LAYOUTS } from '../mrz/formats.js';
import { passesEveryCheck, readAlikeElsewhere, unconfirmedSpots, type BlindSpot, type SeenText } from './mrz-blind-spots.js';
import { mrzConsensus, shapeOf, type MrzConsensus, type MrzLineVote, type MrzVote } from './mrz-consensus.js';
import { mrzScore, readMrzOf } from './mrz-reading.js';
import { readOcrbMrz, type OcrbMrz } from './ocrb-mrz.js';

/** Reads the MRZ of a photo with the MRZ reader (readers/mrz-pass.ts: the band found, cut out
 * straight and read by a Tesseract pass restricted to the MRZ alphabet, plain Tesseract and
 * Paddle) and the in-process OCR-B glyph reader (ocrb-mrz.ts) on the same cut, and judges the
 * readings by the MRZ's rules. Every reading is kept as a ReaderOutput in the page's coordinates;
 * the best is the one whose check digits pass most.
 *
 * The glyph reader is held to the blind-spot rule (mrz-blind-spots.ts): a checked field of its
 * reading that holds a K, G, 6, S or 8 counts only where another engine read that field alike. Until
 * then the field has no vote in the consensus, and its reading joins the page's readings (where
 * one check digit alone verifies a value) only with no such field left. */

export interface MrzImageReading {
  reader: ReaderName;
  /** The MRZ lines found in this reading (empty when none). */
  lines: string[];
  result: MrzResult | null;
  output: ReaderOutput;
  /** Blind spots no other engine confirmed (the glyph reader's; empty for the OCR engines). */
  unconfirmed: BlindSpot[];
  /** It may join the page's readings, where one check digit alone verifies a value: an OCR
   * engine's always; the glyph reader's when it passes every check with no blind spot unconfirmed. */
  standsAlone: boolean;
}

export interface MrzImageResult {
  band: MrzBand | null;
  readings: MrzImageReading[];
  /** The single reading whose check digits pass most. */
  best: MrzImageReading | null;
  /** All readings voted into one MRZ (see mrz-consensus.ts); what the MRZ "reads" as a whole. */
  consensus: MrzConsensus | null;
}

export interface ReadMrzImageOptions {
  page?: number;
  now?: Date;
  signal?: AbortSignal;
  /** The band when the caller already located it (null: read the whole page). */
  band?: MrzBand | null;
  /** The in-process glyph reader of the band's cut (replaceable so the rule can be tested on fixed readings). */
  readGlyphs?: (grey: GreyImage) => OcrbMrz[];
  /** Only the readings that join the page's, and the consensus shown as the MRZ, are wanted (the
   * pipeline's: steps/mrz-pass.ts). The glyph reader's never joins where an OCR engine's passes
   * every check, and it cannot change the vote of two engines that read the MRZ alike: it then
   * reads only where none passes, they disagree or one engine alone read it, after the engines;
   * `consensus` and `best` go without it where it did not read. */
  joiningOnly?: boolean;
}

/** Sizes, relative to the crop, of the MRZ pass's retries. */
const RETRY_SCALES = [0.7, 1.4];

/** Paddle's rows are decoded under the MRZ grammar (ctc-decode.ts). */
export const MRZ_GRAMMAR: MrzGrammar = { groups: MRZ_GROUPS, decode: decodeMrzRows };

export async function readMrzFromImage(png: Buffer, reader: MrzPassReader, opts: ReadMrzImageOptions = {}): Promise<MrzImageResult> {
  const page = opts.page ?? 1;
  const now = opts.now ?? new Date();
  const signal = opts.signal ? { signal: opts.signal } : {};
  // the glyph reader reads the band's cut while the slower engines still read it
  let glyphRun: GlyphRun | null = null;
  const readGlyphs = opts.readGlyphs ?? readOcrbMrz;
  const whileEnginesRead = (grey: GreyImage): void => {
    const started = performance.now();
    glyphRun = { glyphs: readGlyphs(grey), ms: Math.round(performance.now() - started) };
  };
  const toReading = (output: ReaderOutput): MrzImageReading => {
    const m = readMrzOf(output, now);
    return { reader: output.reader, lines: m?.result.lines.raw ?? [], result: m?.result ?? null, output, unconfirmed: [], standsAlone: true };
  };
  const startRetries = (crop: MrzCrop): Array<Promise<ReaderOutput>> =>
    RETRY_SCALES.map((factor) => {
      const job = reader.reread({ crop }, factor, { page, ...signal });
      // a failure is met where the retry is awaited; one left behind by an earlier failure is not
      job.catch(() => undefined);
      return job;
    });
  // Tesseract's two readings disagreeing or failing a check already decide the retries when the
  // MRZ-alphabet pass fails a check: they then run on the free Tesseract engine while Paddle still
  // reads, not after it. When that pass checks fully, Paddle reading the same MRZ makes them moot.
  let retries: Array<Promise<ReaderOutput>> | null = null;
  const whenTesseractRead = (outputs: ReaderOutput[], crop: MrzCrop): void => {
    const first = outputs.map(toReading);
    if (needsRetry(first) && !passesEveryCheck(first[0]!.result)) retries = startRetries(crop);
  };
  const read: MrzBandReading = await reader.read(png, {
    page,
    grammar: MRZ_GRAMMAR,
    ...(opts.band !== undefined ? { band: opts.band } : {}),
    ...signal,
    ...(opts.joiningOnly ? {} : { whileEnginesRead }),
    whenTesseractRead,
  });
  const band = read.band;

  const readings = read.outputs.map(toReading);
  // Paddle's reading, decoded under the MRZ grammar, votes first: ties between the engines go to it
  const votes = [...readings]
    .sort((a, b) => Number(b.reader === 'paddle') - Number(a.reader === 'paddle'))
    .flatMap((r) => (r.result ? [{ reader: r.reader, result: r.result }] : []));

  // Readings that disagree or fail a check: the MRZ pass again at other sizes. Tesseract's errors
  // change with the scale (a final 6 read as H, J as I), so the retries vote, and the best of them
  // stands as the MRZ pass when it checks better than the first.
  const seen: SeenText[] = readings.map(seenText);
  if (retries || (needsRetry(readings) && !passAndPaddleAgree(readings))) {
    for (const job of retries ?? startRetries(read.crop)) {
      const retry = toReading(await job);
      seen.push(seenText(retry));
      if (!retry.result) continue;
      votes.push({ reader: 'mrz_pass', result: retry.result });
      const first = readings[0]!;
      if (!first.result || mrzScore(retry.result) > mrzScore(first.result)) readings[0] = retry;
    }
  }
  // a reader that found no MRZ may still have read one of its lines whole (the detector missed the others)
  const loneLines: MrzLineVote[] = readings.flatMap((r) => (r.result?.format ? [] : wholeMrzLines(r)));
  let consensus = mrzConsensus(votes, now, loneLines);
  const glyphsWanted = !opts.joiningOnly || !enginesProve(readings) || !enginesAgree(readings);
  if (glyphsWanted && read.grey && !glyphRun) whileEnginesRead(read.grey);
  const glyphRead = glyphsWanted && glyphRun ? glyphReading(read, page, now, glyphRun) : null;
  const glyphs = glyphRead?.reading ?? null;
  if (glyphs?.result) {
    glyphs.unconfirmed = unconfirmedSpots({ reader: glyphs.reader, result: glyphs.result }, seen);
    glyphs.standsAlone = passesEveryCheck(glyphs.result) && glyphs.unconfirmed.length === 0;
    readings.push(glyphs);
    // what it votes on is proven by a check digit or read alike by another engine: ties go to it.
    // It decides the MRZ's format and line lengths only when it passes every check (its cells
    // always make lines of some format's length, and fillers pass a check of their own); and its
    // vote stands only where the MRZ then checks no worse (mixing its fields with another
    // engine's can break a composite check both readings passed).
    const shaped = passesEveryCheck(glyphs.result) || votes.some((v) => shapeOf(v.result) === shapeOf(glyphs.result!));
    const withGlyphs = shaped
      ? mrzConsensus([glyphVote({ reader: glyphs.reader, result: glyphs.result }, glyphs.unconfirmed, seen), ...votes], now, loneLines)
      : null;
    if (withGlyphs && (!consensus || mrzScore(withGlyphs.result) >= mrzScore(consensus.result))) consensus = withGlyphs;
    if (consensus) consensus = uncheckedFillers(consensus, glyphRead!, readings, now);
  }
  if (consensus) consensus = unverifiedWhereContested(consensus, readings);
  let best: MrzImageReading | null = null;
  for (const r of readings) if (r.result && r.standsAlone && (!best || mrzScore(r.result) > mrzScore(best.result!))) best = r;
  return { band, readings, best, consensus };
}

/** An OCR engine's reading passes every check: the glyph reader's then never joins the page's
 * readings (steps/mrz-pass.ts's joiningReadings). */
export const enginesProve = (readings: readonly MrzImageReading[]): boolean => readings.some((r) => r.reader !== 'ocrb' && passesEveryCheck(r.result));

/** Two OCR engines found the MRZ and every reading that did read it alike: another vote could not
 * change theirs. An engine that passes every check while another reads otherwise (a filler read as
 * C in a name, where no check digit looks) is outvoted only with the glyph reader's vote, and a
 * name one engine alone read stands corroborated only where the glyph reader read it alike. */
const enginesAgree = (readings: readonly MrzImageReading[]): boolean => {
  const read = readings.filter((r) => r.result?.format);
  return distinctEngines(read.map((r) => r.reader)) >= 2 && read.every((r) => r.result!.lines.repaired.join() === read[0]!.result!.lines.repaired.join());
};

/** The glyph reading's vote, withheld on its blind spots no other engine confirmed and on the
 * fields no check digit covers (names, nationality…) that no other engine read alike: there its
 * reading would stand alone. A reading that fails a check has misread something, and two misreads
 * can cancel out in one field's check digit (28 read as 26 twice): then each of its fields needs
 * another engine's reading alike. */
function glyphVote(reading: { reader: ReaderName; result: MrzResult }, unconfirmed: readonly BlindSpot[], seen: readonly SeenText[]): MrzVote {
  const withheld = new Set(unconfirmed.map((s) => s.field));
  const checked = passesEveryCheck(reading.result);
  for (const [name, f] of Object.entries(reading.result.fields) as Array<[MrzFieldName, MrzField]>) {
    const needsAnother = f.status !== 'valid' || !checked;
    if (needsAnother && f.positions.end > f.positions.start && !readAlikeElsewhere(reading, name, seen)) withheld.add(name);
  }
  return { ...reading, withheld, cellPerCharacter: true };
}

/** The MRZ-alphabet pass and Paddle read the same MRZ (as repaired: '0' for 'O' in a country code,
 * fillers to the line's length) and every check digit passes: two engines
 * whose errors differ agree on a checked MRZ, and retries (each one more vote for the MRZ-alphabet
 * pass) could not outvote them; they would cost a passport two Tesseract reads for nothing. */
function passAndPaddleAgree(readings: readonly MrzImageReading[]): boolean {
  const pass = readings.find((r) => r.reader === 'mrz_pass');
  const paddle = readings.find((r) => r.reader === 'paddle');
  if (!pass || !paddle || !passesEveryCheck(pass.result) || !passesEveryCheck(paddle.result)) return false;
  return pass.result!.format === paddle.result!.format && pass.result!.lines.repaired.join() === paddle.result!.lines.repaired.join();
}

/** Readings that fail a check or disagree. */
const needsRetry = (readings: readonly MrzImageReading[]): boolean => !readings.every((r) => r.result?.valid && r.lines.join() === readings[0]!.lines.join());

const seenText = (r: MrzImageReading): SeenText => ({
  reader: r.reader,
  lines: r.output.pages.flatMap((p) => p.lines.map((l) => normalizeLine(l.text))),
});

/** What the glyph reader read of the band's cut, and its time. */
interface GlyphRun {
  glyphs: OcrbMrz[];
  ms: number;
}

/** The glyph reader's reading of the band's cut whose check digits pass most, on the page, with
 * its cells' class probabilities. */
function glyphReading(read: MrzBandReading, page: number, now: Date, { glyphs, ms }: GlyphRun): GlyphReading | null {
  let best: GlyphReading | null = null;
  for (const g of glyphs) {
    const map = (b: Box): Box => cropBoxToPageBox(b, read.crop.frame);
    const lines: Line[] = g.lines.map((l) => ({ ...l, box: map(l.box), words: l.words.map((w) => ({ ...w, box: map(w.box) })) }));
    const output: ReaderOutput = {
      reader: 'ocrb',
      engine: { name: 'OCR-B glyph classifier (readers/ocrb), MRZ crop', version: '1' },
      pages: [{ page, lines }],
      ms,
      cost_usd: 0,
    };
    const m = readMrzOf(output, now);
    if (m?.result.format && (!best || mrzScore(m.result) > mrzScore(best.reading.result!)))
      best = {
        reading: { reader: 'ocrb', lines: m.result.lines.raw, result: m.result, output, unconfirmed: [], standsAlone: false },
        alternatives: g.alternatives,
      };
  }
  return best;
}

interface GlyphReading {
  reading: MrzImageReading;
  alternatives: OcrbMrz['alternatives'];
}

/** The glyph reader's probability of a filler in a cell at or above which its filler stands
 * against another character that only one engine read (uncheckedFillers). */
const SURE_FILLER = 0.8;
/** Fields that may hold fillers and have no check digit of their own (optional data only in the
 * formats whose composite check does not cover it: visas). Country codes and sex are left out: a
 * filler there is a value of its own. */
const FILLER_FIELDS: readonly MrzFieldName[] = ['document_code', 'surname', 'given_names', 'optional_data', 'optional_data_2'];

function uncheckedFields(result: MrzResult): Array<MrzField['positions']> {
  const composite = result.format ? (LAYOUTS[result.format].composite?.ranges ?? []) : [];
  return FILLER_FIELDS.flatMap((name) => {
    const p = result.fields[name]?.positions;
    if (!p || p.end <= p.start) return [];
    return composite.some((r) => r.line === p.line && r.start < p.end && p.start < r.end) ? [] : [p];
  });
}

/** Small print blurs a filler into a blot that an OCR engine reads as a letter or digit (S, C, E,
 * K, 2, 4), and a name, the document code's second character or a visa's optional data has no
 * check digit to refuse it. The glyph reader cuts each line into its format's fixed number of
 * cells, so it counts the fillers from the line's width and tells a filler's wedge from a letter
 * by its cell. In such a field, where it is sure of a filler and the consensus holds another
 * character no two engines read at that place (lines read at the format's length, so places
 * align), the filler stands: a character one engine alone read there is no better evidence than
 * the glyph reader's filler, and a filler only shortens a value where the character would invent
 * one. No check digit covers these places, so no verified field changes. */
function uncheckedFillers(consensus: MrzConsensus, glyphs: GlyphReading, readings: readonly MrzImageReading[], now: Date): MrzConsensus {
  const glyph = glyphs.reading.result!;
  if (shapeOf(glyph) !== shapeOf(consensus.result)) return consensus;
  const lines = consensus.lines.map((l) => [...l]);
  let changed = false;
  for (const p of uncheckedFields(consensus.result)) {
    const aligned = readings.filter((r) => r.reader !== 'ocrb' && r.result && r.result.lines.raw[p.line]?.length === lines[p.line]!.length);
    for (let ci = p.start; ci < p.end; ci++) {
      const ch = lines[p.line]![ci]!;
      if (ch === '<' || glyph.lines.repaired[p.line]![ci] !== '<') continue;
      const filler = glyphs.alternatives[p.line]?.[ci]?.find((a) => a.ch === '<')?.p ?? 0;
      if (filler < SURE_FILLER) continue;
      const engines = new Set(aligned.filter((r) => r.result!.lines.repaired[p.line]![ci] === ch).map((r) => engineOf(r.reader)));
      if (engines.size >= 2) continue;
      lines[p.line]![ci] = '<';
      changed = true;
    }
  }
  if (!changed) return consensus;
  const joined = lines.map((l) => l.join(''));
  const reparsed = parseMrz(joined, { now });
  // only unchecked fields changed: every other field keeps the consensus's standing
  const fields = { ...consensus.result.fields };
  for (const name of FILLER_FIELDS) if (reparsed.fields[name]) fields[name] = reparsed.fields[name];
  return {
    ...consensus,
    lines: joined,
    result: { ...consensus.result, document_code: reparsed.document_code, lines: { raw: joined, repaired: joined }, fields },
  };
}

/** The characters a check digit cannot tell apart (charset.ts's isCheckBlind), each with its twin. */
const CHECK_BLIND_TWIN: Readonly<Record<string, string>> = { G: '6', '6': 'G', S: '8', '8': 'S', K: '<' };

/** A verified field of the consensus that another reading of the same shape read with a check-blind
 * twin at one of its places (G for 6, S for 8, < for K) is verified no more: its check digit passes
 * either way, so it cannot choose, and the readers disagree. Small print blurs G into 6 and S into
 * 8 for any engine, not only for the glyph reader the blind-spot rule guards. */
function unverifiedWhereContested(consensus: MrzConsensus, readings: readonly MrzImageReading[]): MrzConsensus {
  const shape = shapeOf(consensus.result);
  const others = readings.filter((r) => r.result && shapeOf(r.result) === shape);
  const fields = { ...consensus.result.fields };
  let changed = false;
  for (const [name, f] of Object.entries(fields) as Array<[MrzFieldName, MrzField]>) {
    if (f.status !== 'valid') continue;
    const p = f.positions;
    const contested = f.blindSpots.some((ci) => {
      const twin = CHECK_BLIND_TWIN[consensus.lines[p.line]![ci]!];
      // a line read at another length was fitted to it: its places do not align
      const aligned = (r: MrzImageReading): boolean => r.result!.lines.raw[p.line]?.length === consensus.lines[p.line]!.length;
      return twin !== undefined && others.some((r) => aligned(r) && r.result!.lines.repaired[p.line]![ci] === twin);
    });
    if (!contested) continue;
    fields[name] = { ...f, status: 'unverified', evidence: [], blindSpots: [] };
    changed = true;
  }
  return changed ? { ...consensus, result: { ...consensus.result, fields } } : consensus;
}

/** Line lengths of the MRZ formats. */
const MRZ_LINE_LENGTHS = new Set([30, 36, 44]);

/** A reading's lines that are MRZ lines by their alphabet and length alone. */
function wholeMrzLines(r: MrzImageReading): MrzLineVote[] {
  return r.output.pages.flatMap((p) =>
    p.lines.flatMap((l) => {
      const line = normalizeLine(l.text);
      return MRZ_LINE_LENGTHS.has(line.length) && /^[A-Z0-9<]+$/.test(line) && line.includes('<') ? [{ reader: r.reader, line }] : [];
    }),
  );
}
