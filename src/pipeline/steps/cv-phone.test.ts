import { describe, expect, it } from 'vitest';
import { cvDoctype } from '../../doctypes/cv.js';
import type { ExtractedValue } from '../../doctypes/types.js';
import { openImage } from '../../imaging/open.js';
import type { Box, Line } from '../../readers/types.js';
import type { ReadContext } from '../context.js';
import { besideEmail, cvPhoneStep, phoneBox } from './cv-phone.js';

/** A crop reader (either engine) that returns a given text as one line filling the crop. */
const oneLine = (text: string) => ({ text, box: [0, 0, 1, 1] as Box, confidence: 0.9, words: [] });
const fakeTesseract = (text: string) => ({ readRegion: async () => ({ text, confidence: 0.9, lines: [oneLine(text)] }) });
const fakePaddle = (text: string) => ({
  readCrops: async (_png: Buffer, boxes: Box[]) => boxes.map((box) => ({ box, text, confidence: 0.9, lines: [oneLine(text)], via: 'detector' })),
});

/** Tesseract's page row for a photographed sidebar CV's phone: the sidebar's number garbled, run on
 * across the column gap into the main column's text. */
const garbledRow = (): Line => ({
  text: '+44 je 173355 Talis Research | Austin, TX',
  box: [0.09, 0.2, 0.6, 0.215],
  confidence: 0.6,
  words: [
    { text: '+44', box: [0.09, 0.2, 0.12, 0.215], confidence: 0.9 },
    { text: 'je', box: [0.125, 0.2, 0.16, 0.215], confidence: 0.3 },
    { text: '173355', box: [0.165, 0.2, 0.21, 0.215], confidence: 0.6 },
    { text: 'Talis', box: [0.37, 0.2, 0.41, 0.215], confidence: 0.9 },
    { text: 'Research', box: [0.415, 0.2, 0.48, 0.215], confidence: 0.9 },
  ],
});

async function run(tesseractCrop: string, paddleCrop: string, first: ExtractedValue[] = [], lines: Line[] = [garbledRow()]): Promise<ReadContext> {
  const png = await openImage(Buffer.alloc(400 * 600 * 3, 255), { raw: { width: 400, height: 600, channels: 3 } })
    .png()
    .toBuffer();
  const tesseract = fakeTesseract(tesseractCrop);
  const paddle = fakePaddle(paddleCrop);
  const ctx = {
    deps: { readers: { get: async (name: string) => (name === 'tesseract' ? tesseract : name === 'paddle' ? paddle : null) } },
    intake: { images: [{ page: 1, width: 400, height: 600, png }] },
    pageImages: [{ page: 1, width: 400, height: 600, png }],
    readings: [{ reader: 'tesseract', pages: [{ page: 1, lines }] }],
    doctype: cvDoctype,
    extracted: [{ reader: 'tesseract', values: first }],
    raw: {},
  } as unknown as ReadContext;
  await cvPhoneStep.run(ctx);
  return ctx;
}

const phones = (ctx: ReadContext) => ctx.extracted.map((e) => [e.reader, e.values.filter((v) => v.key === 'phone').map((v) => v.value)]);

describe("a photographed CV's phone line the page read garbled", () => {
  it('is read again from its crop by both engines, and each gets the phone when their digits agree', async () => {
    const ctx = await run('+44 7460 175355 Manchester, UK', '+447460 175355');
    expect(phones(ctx)).toEqual([
      ['tesseract', ['+44 7460 175355']],
      ['paddle', ['+447460 175355']],
    ]);
    // Look-alike O for 0 is read alike in both engines' readings before they are compared.
    const os = await run('+44 7460 175355', '+44 746O 175355');
    expect(phones(os)).toEqual([
      ['tesseract', ['+44 7460 175355']],
      ['paddle', ['+44 7460 175355']],
    ]);
  });

  it('gives neither engine a phone when the crops disagree or one finds none: one engine alone is never a value', async () => {
    for (const [t, p] of [
      ['+44 7460 175355', '+44 7460 178355'],
      ['+44 7460 175355', '+44 je 175355'],
      ['+44 je 175355', '+44 7460 175355'],
    ])
      expect(phones(await run(t!, p!))).toEqual([['tesseract', []]]);
  });

  it('leaves a CV alone whose page read found a phone', async () => {
    const found: ExtractedValue = { key: 'phone', value: '+44 7460 175355', raw: '', region: { page: 1, box: [0, 0, 1, 1] }, confidence: 0.9 };
    const ctx = await run('+44 7460 999999', '+44 7460 999999', [found]);
    expect(phones(ctx)).toEqual([['tesseract', ['+44 7460 175355']]]);
    expect(ctx.raw.cv_phone).toBeUndefined();
  });
});

/** A photographed sidebar CV's contact block as Tesseract's page read it: the heading, the e-mail,
 * and the phone read so garbled that it looks like no phone ("HAE 135) SPs"), each row run on across
 * the column gap into the main column's text. */
const row = (y: number, side: string, main: string): Line => {
  const words = [
    ...side.split(' ').map((text, i) => ({ text, box: [0.085 + i * 0.03, y, 0.11 + i * 0.03, y + 0.012] as Box, confidence: 0.5 })),
    ...main.split(' ').map((text, i) => ({ text, box: [0.37 + i * 0.06, y, 0.42 + i * 0.06, y + 0.012] as Box, confidence: 0.9 })),
  ];
  return { text: `${side} ${main}`, box: [0.085, y, words.at(-1)!.box[2], y + 0.012], confidence: 0.7, words };
};
const contactBlock = (): Line[] => [
  row(0.16, 'CONTACT', 'Senior Data Engineer'),
  row(0.18, 'anna.berg@example.com', 'Nordlicht Energie SE | Remote'),
  row(0.2, 'HAE 135) SPs', 'Helix Medical GmbH | London, UK'),
];
const emailValue = (): ExtractedValue => ({
  key: 'email',
  value: 'anna.berg@example.com',
  raw: 'anna.berg@example.com',
  region: { page: 1, box: [0.085, 0.18, 0.11, 0.192] },
  confidence: 0.9,
});

describe("a photographed CV's phone read too garbled to look like one", () => {
  it("is looked for on the rows beside the e-mail's, and given to each engine only when their crops agree", async () => {
    expect(phones(await run('+44 7957 873455', '+447957873455', [emailValue()], contactBlock()))).toEqual([
      ['tesseract', ['+44 7957 873455']],
      ['paddle', ['+447957873455']],
    ]);
    expect(phones(await run('+44 7957 873455', '+44 7957 878455', [emailValue()], contactBlock()))).toEqual([['tesseract', []]]);
  });

  it("takes the run within the e-mail's column on the rows right below and above it", () => {
    const rounded = besideEmail(contactBlock(), emailValue().region!.box).map((b) => b.map((x) => Math.round(x * 1000) / 1000));
    expect(rounded).toEqual([
      [0.085, 0.2, 0.17, 0.212],
      [0.085, 0.16, 0.11, 0.172],
    ]);
  });
});

describe('the phone-like run of words on a row', () => {
  it("ends at the column gap, and needs a '+' or a phone label and digits", () => {
    expect(phoneBox(garbledRow())).toEqual([0.09, 0.2, 0.21, 0.215]);
    const words = (t: string) => t.split(' ').map((w, i) => ({ text: w, box: [0.1 + i * 0.05, 0.3, 0.14 + i * 0.05, 0.31] as Box, confidence: 0.9 }));
    const line = (t: string): Line => ({ text: t, box: [0.1, 0.3, 0.5, 0.31], confidence: 0.9, words: words(t) });
    expect(phoneBox(line('Phone: 0171 55 20'))).not.toBeNull();
    expect(phoneBox(line('Grew revenue by 18% in 2023'))).toBeNull();
    expect(phoneBox(line('+ Python 3'))).toBeNull();
    // Within a sentence a '+' and digits are no contact line.
    expect(phoneBox(line('Revenue +12 345 678'))).toBeNull();
    // A '+44' read as letters still leaves a run of digits; a date's row does not count.
    expect(phoneBox(line('Fi 1504 S/3172'))).not.toBeNull();
    expect(phoneBox(line('01/2019 - 03/2022'))).toBeNull();
  });
});
