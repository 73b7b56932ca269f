/** A professional CV as a PDF, built from the CV's facts with an embedded Unicode font (Latin with
 * accents, Arabic). Dates sit right-aligned on their entry's row, bullets hang under their sign. */
import PDFDocument from 'pdfkit';
import type { Cv } from '../doctypes/cv/model.js';
import { cvBlocks, type Block } from '../doctypes/cv/text.js';
import { hasRtl, reorderWords } from '../domain/bidi.js';

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
}

const MARGIN = 54;
const DATES_WIDTH = 130;

/** Draws one line of text. A line holding right-to-left words is set word by word at positions
 * worked out here, in the order the words sit on the page (domain/bidi.ts): pdfkit has no
 * bidirectional algorithm, and a right-to-left run drawn whole reads back without its spaces. */
function write(doc: PDFKit.PDFDocument, text: string, x: number, y: number | undefined, options: PDFKit.Mixins.TextOptions): void {
  if (!hasRtl(text)) {
    doc.text(text, x, y, options);
    return;
  }
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  const space = doc.widthOfString(' ');
  const lines: string[][] = [];
  for (const word of text.split(/\s+/u).filter(Boolean)) {
    const line = lines[lines.length - 1];
    const fits = line && doc.widthOfString([...line, word].join(' ')) <= width;
    if (line && (fits || options.lineBreak === false)) line.push(word);
    else lines.push([word]);
  }
  let top = y ?? doc.y;
  for (const line of lines) {
    const placed = reorderWords(line, (w) => w);
    const used = doc.widthOfString(placed.join(' '));
    let left = options.align === 'center' ? x + (width - used) / 2 : options.align === 'right' ? x + width - used : x;
    for (const word of placed) {
      doc.text(word, left, top, { lineBreak: false });
      left += doc.widthOfString(word) + space;
    }
    top += doc.currentLineHeight(true);
  }
  doc.x = x;
  doc.y = top;
}

function draw(doc: PDFKit.PDFDocument, b: Block, width: number): void {
  const left = MARGIN;
  switch (b.kind) {
    case 'name':
      doc.font('bold').fontSize(20);
      write(doc, b.text, left, undefined, { width, align: 'center' });
      doc.moveDown(0.3);
      return;
    case 'contact':
      doc.font('regular').fontSize(9.5);
      write(doc, b.text, left, undefined, { width, align: 'center' });
      doc.moveDown(0.8);
      return;
    case 'heading': {
      doc.moveDown(0.6).font('bold').fontSize(12.5).fillColor('#1F3864');
      write(doc, b.text, left, undefined, { width });
      const y = doc.y + 1;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.6)
        .strokeColor('#444444')
        .stroke();
      doc.fillColor('black').moveDown(0.4);
      return;
    }
    case 'entry': {
      doc.moveDown(0.35);
      const y = doc.y;
      if (b.dates) {
        doc.font('regular').fontSize(9.5);
        write(doc, b.dates, left + width - DATES_WIDTH, y + 0.5, { width: DATES_WIDTH, align: 'right' });
      }
      // A header never wraps (its second line would read as another part): a long one is set smaller.
      const room = width - DATES_WIDTH - 12;
      doc.font('bold').fontSize(10.5);
      const size = Math.max(6, Math.min(10.5, (10.5 * room) / Math.max(1, doc.widthOfString(b.text))));
      doc.fontSize(size);
      write(doc, b.text, left, y, { width: room, lineBreak: false });
      doc.text('', left, y + size * 1.25);
      if (b.place) {
        doc.font('regular').fontSize(9.5).fillColor('#555555');
        write(doc, b.place, left, undefined, { width: room, lineBreak: false });
        doc.text('', left, doc.y).fillColor('black');
      }
      doc.moveDown(0.15);
      return;
    }
    case 'list': {
      // Lines break only between items, so a wrapped line never splits one.
      doc.fontSize(10);
      const lines: string[] = [];
      let current = b.label ? `${b.label}: ` : '';
      for (const [i, item] of b.items.entries()) {
        const piece = `${item}${i < b.items.length - 1 ? ',' : ''}`;
        const next = current && !current.endsWith(': ') ? `${current} ${piece}` : `${current}${piece}`;
        doc.font('regular');
        if (current && !current.endsWith(': ') && doc.widthOfString(next) > width) {
          lines.push(current);
          current = piece;
        } else current = next;
      }
      if (current) lines.push(current);
      for (const line of lines) write(doc, line, left, undefined, { width, lineBreak: false });
      doc.moveDown(0.2);
      return;
    }
    case 'bullet': {
      doc.font('regular').fontSize(10);
      const y = doc.y;
      doc.text('•', left + 6, y, { lineBreak: false });
      write(doc, b.text, left + 18, y, { width: width - 18 });
      doc.moveDown(0.1);
      return;
    }
    case 'para':
      doc.font('regular').fontSize(10);
      write(doc, b.text, left, undefined, { width });
      doc.moveDown(0.2);
      return;
  }
}

export async function cvPdf(cv: Cv, fonts: PdfFonts): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: cv.contact.name ? `CV — ${cv.contact.name.value}` : 'CV', Creator: 'docread' } });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  for (const block of cvBlocks(cv)) {
    // Keep an entry with its first line: start a new page rather than leave a header alone at the bottom.
    if ((block.kind === 'entry' || block.kind === 'heading') && doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    draw(doc, block, width);
  }
  doc.end();
  return done;
}
