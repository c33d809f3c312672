/** The image types uploads may be. */
export type ImageKind = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The file's real type from its first bytes; the name and the declared type are not trusted. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export interface ImageSize {
  kind: ImageKind;
  width: number;
  height: number;
}

/**
 * The type and dimensions an image declares in its header — PNG's IHDR, JPEG's start-of-frame, WebP's
 * VP8/VP8L/VP8X — read from a few bytes, without decoding a pixel (and without loading the image
 * library): what the pixel limit is checked against before anything is decoded. Null when the header
 * is not one of these or is cut short.
 */
export function readImageSize(bytes: Buffer): ImageSize | null {
  const kind = sniffImage(bytes);
  const size =
    kind === 'png'
      ? pngSize(bytes)
      : kind === 'jpeg'
        ? jpegSize(bytes)
        : kind === 'webp'
          ? webpSize(bytes)
          : null;
  if (!kind || !size || size.width <= 0 || size.height <= 0) return null;
  return { kind, ...size };
}

type Dimensions = { width: number; height: number };

function pngSize(bytes: Buffer): Dimensions | null {
  // The first chunk is IHDR: length (4), type (4), width (4), height (4).
  if (bytes.length < 24 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer): Dimensions | null {
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    // Fill bytes: any number of 0xFF before the marker.
    while (offset < bytes.length && bytes[offset] === 0xff) offset++;
    const marker = bytes[offset];
    offset++;
    if (marker === undefined) return null;
    // Markers without a length: TEM and RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // End of image or start of scan before any frame header: none to read.
    if (marker === 0xd9 || marker === 0xda) return null;
    if (offset + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      // Length (2), precision (1), height (2), width (2). A height of 0 is defined later (DNL): refused.
      if (offset + 7 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 3), width: bytes.readUInt16BE(offset + 5) };
    }
    offset += length;
  }
  return null;
}

function webpSize(bytes: Buffer): Dimensions | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') {
    // Lossy: frame tag (3), start code 9D 01 2A, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width − 1 and height − 1 in 14 bits each.
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Extended: flags (1), reserved (3), canvas width − 1 and height − 1 in 24 bits each.
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}
