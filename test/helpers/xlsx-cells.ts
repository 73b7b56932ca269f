/** Reads an .xlsx with a second library (yauzl for the zip, fast-xml-parser for the XML), not
 * exceljs that wrote it: sheet name → rows of cell text. */
import { XMLParser } from 'fast-xml-parser';
import yauzl from 'yauzl';

function entries(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const out = new Map<string, string>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export async function xlsxCells(zip: Buffer): Promise<Map<string, Array<Array<string | null>>>> {
  const files = await entries(zip);
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', textNodeName: '#text', parseTagValue: false, trimValues: false });
  const shared = asArray(xml.parse(files.get('xl/sharedStrings.xml') ?? '<sst/>').sst?.si).map(
    (si: any) =>
      (typeof si.t === 'object'
        ? si.t['#text']
        : (si.t ??
          asArray(si.r)
            .map((r: any) => (typeof r.t === 'object' ? r.t['#text'] : r.t))
            .join(''))) as string,
  );
  const book = xml.parse(files.get('xl/workbook.xml')!);
  const rels = asArray(xml.parse(files.get('xl/_rels/workbook.xml.rels')!).Relationships.Relationship) as Array<{ Id: string; Target: string }>;
  const out = new Map<string, Array<Array<string | null>>>();
  for (const sheet of asArray(book.workbook.sheets.sheet) as Array<Record<string, string>>) {
    const target = rels.find((r) => r.Id === sheet['r:id'])!.Target.replace(/^\/?(xl\/)?/, '');
    const ws = xml.parse(files.get(`xl/${target}`)!);
    const rows: Array<Array<string | null>> = [];
    for (const row of asArray(ws.worksheet.sheetData?.row) as any[]) {
      const cells: Array<string | null> = [];
      for (const c of asArray(row.c) as any[]) {
        const col =
          (c.r as string)
            .replace(/\d+/g, '')
            .split('')
            .reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
        const raw = c.t === 's' ? shared[Number(c.v)] : c.t === 'inlineStr' ? (typeof c.is.t === 'object' ? c.is.t['#text'] : c.is.t) : (c.v ?? null);
        cells[col] = raw === undefined ? null : (raw as string | null);
      }
      rows.push(Array.from(cells, (v) => v ?? null));
    }
    // Empty trailing cells are not stored: pad every row to the sheet's width.
    const width = Math.max(0, ...rows.map((r) => r.length));
    out.set(
      sheet.name!,
      rows.map((r) => [...r, ...Array<null>(width - r.length).fill(null)]),
    );
  }
  return out;
}
