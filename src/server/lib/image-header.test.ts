import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngDeclaring } from '../test/image-fixtures.js';
import { readImageSize } from './image-header.js';

const canvas = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: '#3B82F6' } });

describe('readImageSize: dimensions from the header, no decoding', () => {
  it('reads what sharp reads, for PNG, JPEG (baseline, progressive, with EXIF) and WebP (lossy, lossless, extended)', async () => {
    const files = {
      png: await canvas(321, 123, 4).png().toBuffer(),
      jpeg: await canvas(640, 480)
        .jpeg()
        .withExif({ IFD0: { Artist: 'Fulano' } })
        .toBuffer(),
      progressive: await canvas(333, 222).jpeg({ progressive: true }).toBuffer(),
      webp: await canvas(300, 200).webp({ quality: 80 }).toBuffer(),
      lossless: await canvas(301, 199).webp({ lossless: true }).toBuffer(),
      extended: await canvas(302, 198, 4)
        .webp()
        .withExif({ IFD0: { Artist: 'Fulano' } })
        .toBuffer(),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const metadata = await sharp(bytes).metadata();
      expect(readImageSize(bytes), name).toEqual({
        kind: metadata.format,
        width: metadata.width,
        height: metadata.height,
      });
    }
  });

  it('reads a huge declared size from a file of a few bytes', () => {
    const bytes = pngDeclaring(100_000, 100_000);
    expect(bytes.length).toBeLessThan(100);
    expect(readImageSize(bytes)).toEqual({ kind: 'png', width: 100_000, height: 100_000 });
  });

  it('is null for anything else or cut short', () => {
    expect(readImageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageSize(pngDeclaring(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBeNull();
    expect(readImageSize(pngDeclaring(0, 10))).toBeNull();
  });
});
