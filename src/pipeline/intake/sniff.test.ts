import { randomBytes } from 'node:crypto';
import * as fileType from 'file-type';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sniffFileKind } from './sniff.js';

vi.mock('file-type', async (original) => {
  const real = await original<typeof import('file-type')>();
  return { ...real, fileTypeFromBuffer: vi.fn(real.fileTypeFromBuffer) };
});
const fromBuffer = vi.mocked(fileType.fileTypeFromBuffer);

/** What file-type alone answers, in sniffFileKind's terms (no OLE files here). */
async function byFileType(bytes: Buffer): Promise<string | null> {
  const ext = (await fromBuffer(bytes))?.ext;
  return ({ png: 'png', jpg: 'jpeg', pdf: 'pdf', docx: 'docx' } as Record<string, string>)[ext ?? ''] ?? null;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function chunk(type: string, data: Buffer | number, length = typeof data === 'number' ? data : data.length): Buffer {
  const body = typeof data === 'number' ? randomBytes(data) : data;
  const head = Buffer.alloc(8);
  head.writeInt32BE(length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body, Buffer.alloc(4)]);
}
const png = (...chunks: Buffer[]) => Buffer.concat([SIGNATURE, ...chunks]);

const cases: Record<string, Buffer> = {
  'png: header, image data': png(chunk('IHDR', 13), chunk('IDAT', 300)),
  'png: ancillary chunks first': png(chunk('IHDR', 13), chunk('pHYs', 9), chunk('tEXt', 40), chunk('IDAT', 300), chunk('IEND', 0)),
  'apng: acTL before the image data': png(chunk('IHDR', 13), chunk('acTL', 8), chunk('IDAT', 300)),
  'png: header of the wrong length': png(chunk('IHDR', 12), chunk('IDAT', 300)),
  'png: CgBI before the header': png(chunk('CgBI', 4), chunk('IHDR', 13), chunk('IDAT', 300)),
  'png: image data with no header': png(chunk('IDAT', 300)),
  'png: another chunk first': png(chunk('tEXt', 10), chunk('IHDR', 13), chunk('IDAT', 300)),
  'png: a chunk running past the end': png(chunk('IHDR', 13), chunk('tEXt', Buffer.alloc(10), 5000)),
  'png: a negative length': png(chunk('IHDR', 13), chunk('tEXt', Buffer.alloc(10), -5), chunk('IDAT', 30)),
  'png: no image data': png(chunk('IHDR', 13), chunk('IEND', 0)),
  'png: cut inside the first chunk header': Buffer.concat([SIGNATURE, Buffer.from([0, 0, 0, 13, 0x49])]),
  'png: signature alone': SIGNATURE,
  'jpeg: JFIF': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]),
  'jpeg-ls': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xf7]), randomBytes(200)]),
  'jpeg: three bytes': Buffer.from([0xff, 0xd8, 0xff]),
  pdf: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
  'pdf: the signature alone': Buffer.from('%PDF', 'latin1'),
  'not pdf: three bytes': Buffer.from('%PD', 'latin1'),
  postscript: Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n', 'latin1'),
};

describe('sniffFileKind', () => {
  beforeEach(() => {
    fromBuffer.mockClear();
  });

  it('answers as file-type does for PNG, JPEG and PDF files and their near misses', async () => {
    for (const [name, bytes] of Object.entries(cases)) expect([name, await sniffFileKind(bytes)]).toEqual([name, await byFileType(bytes)]);
  });

  it('answers as file-type does for random bytes after each signature', async () => {
    const heads = [SIGNATURE, png(chunk('IHDR', 13)), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('%PDF', 'latin1'), Buffer.alloc(0)];
    for (let i = 0; i < 400; i++) {
      const bytes = Buffer.concat([heads[i % heads.length]!, randomBytes(i % 7 === 0 ? i % 40 : 20 + (i % 300))]);
      expect([bytes.toString('hex'), await sniffFileKind(bytes)]).toEqual([bytes.toString('hex'), await byFileType(bytes)]);
    }
  });

  it('tells plain PNG, JPEG and PDF files without file-type, which builds a tokenizer and allocates for every file', async () => {
    for (const name of ['png: header, image data', 'png: ancillary chunks first', 'jpeg: JFIF', 'pdf']) {
      await sniffFileKind(cases[name]!);
    }
    expect(fromBuffer).not.toHaveBeenCalled();
    // the rest still goes to file-type
    expect(await sniffFileKind(cases['apng: acTL before the image data']!)).toBeNull();
    expect(fromBuffer).toHaveBeenCalledTimes(1);
  });
});
