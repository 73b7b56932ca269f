/** A professional CV as a Word file, built from the CV's facts (see doctypes/cv/text.ts for the blocks). */
import { AlignmentType, BorderStyle, Document, Packer, Paragraph, TabStopPosition, TabStopType, TextRun } from 'docx';
import type { Cv } from '../doctypes/cv/model.js';
import { cvBlocks, type Block } from '../doctypes/cv/text.js';

const FONT = 'Calibri';

function paragraphs(b: Block): Paragraph | Paragraph[] {
  switch (b.kind) {
    case 'name':
      return new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: b.text, bold: true, size: 36, font: FONT })] });
    case 'contact':
      return new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 200 }, children: [new TextRun({ text: b.text, size: 19, font: FONT })] });
    case 'heading':
      return new Paragraph({
        spacing: { before: 240, after: 80 },
        border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '444444', space: 1 } },
        children: [new TextRun({ text: b.text, bold: true, size: 24, font: FONT, color: '1F3864' })],
      });
    case 'entry':
      // The dates sit at a right tab on the entry's line, after a bar the reader splits at.
      return [
        new Paragraph({
          spacing: { before: 120 },
          tabStops: [{ type: TabStopType.RIGHT, position: TabStopPosition.MAX }],
          children: [
            new TextRun({ text: b.text, bold: true, size: 21, font: FONT }),
            ...(b.dates ? [new TextRun({ text: ` |\t${b.dates}`, size: 20, font: FONT })] : []),
          ],
        }),
        ...(b.place ? [new Paragraph({ children: [new TextRun({ text: b.place, italics: true, size: 19, font: FONT, color: '555555' })] })] : []),
      ];
    case 'list':
      return new Paragraph({
        spacing: { after: 60 },
        children: [
          ...(b.label ? [new TextRun({ text: `${b.label}: `, bold: true, size: 20, font: FONT })] : []),
          new TextRun({ text: b.items.join(', '), size: 20, font: FONT }),
        ],
      });
    case 'bullet':
      return new Paragraph({ indent: { left: 360, hanging: 220 }, children: [new TextRun({ text: `• ${b.text}`, size: 20, font: FONT })] });
    case 'para':
      return new Paragraph({ spacing: { after: 60 }, children: [new TextRun({ text: b.text, size: 20, font: FONT })] });
  }
}

export async function cvDocx(cv: Cv): Promise<Buffer> {
  const doc = new Document({
    creator: 'docread',
    title: cv.contact.name ? `CV — ${cv.contact.name.value}` : 'CV',
    sections: [{ properties: { page: { margin: { top: 900, bottom: 900, left: 1000, right: 1000 } } }, children: cvBlocks(cv).flatMap(paragraphs) }],
  });
  return Packer.toBuffer(doc);
}
