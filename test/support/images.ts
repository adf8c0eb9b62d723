/**
 * Generated test images, small and deterministic, shared by the image unit tests and the
 * community integration tests: phone-like JPEGs carrying EXIF/GPS, ICC and XMP, PNGs with
 * metadata chunks, and decompression-bomb headers.
 */
import sharp from 'sharp';
import zlib from 'node:zlib';

export const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
  + '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>xmp-secret-author</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

export const PRIVATE_EXIF = {
  IFD0: { Make: 'SecretCamMaker', Copyright: 'secret-owner-name' },
  // IFD3 is the GPS IFD: a location in Manhattan.
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 0/1' },
};

export function canvas(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } });
}

/** A phone-like JPEG carrying EXIF with GPS, an ICC profile and XMP. */
export function gpsJpeg(width = 320, height = 240): Promise<Buffer> {
  return canvas(width, height).withExif(PRIVATE_EXIF).withIccProfile('p3').withXmp(XMP).jpeg().toBuffer();
}

/** The same, held sideways (EXIF orientation 6), as phones store portrait shots. */
export function phoneJpeg(width = 300, height = 200): Promise<Buffer> {
  return canvas(width, height).withMetadata({ orientation: 6 }).withExif(PRIVATE_EXIF).withIccProfile('p3').withXmp(XMP).jpeg().toBuffer();
}

export function plainPng(width = 200, height = 100): Promise<Buffer> {
  return canvas(width, height, 4).png().toBuffer();
}

export function plainJpeg(width = 200, height = 100): Promise<Buffer> {
  return canvas(width, height).jpeg().toBuffer();
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR_END = PNG_SIGNATURE.length + 4 + 4 + 13 + 4;

/** A PNG with EXIF (incl. GPS), XMP and a tEXt comment chunk. */
export async function metadataPng(width = 300, height = 200): Promise<Buffer> {
  const png = await canvas(width, height, 4).withExif(PRIVATE_EXIF).withXmp(XMP).png().toBuffer();
  const comment = pngChunk('tEXt', Buffer.from('Comment\0png-secret-comment', 'latin1'));
  return Buffer.concat([png.subarray(0, IHDR_END), comment, png.subarray(IHDR_END)]);
}

/** 69 bytes claiming a 20,000 x 20,000 RGB canvas: a decompression bomb's header. */
export function hugePng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real small JPEG whose start-of-frame is patched to claim 20,000 x 20,000. */
export async function hugeJpeg(): Promise<Buffer> {
  const jpeg = Buffer.from(await plainJpeg(64, 64));
  for (let i = 2; i < jpeg.length - 9; i += 1) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(20_000, i + 5);
      jpeg.writeUInt16BE(20_000, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker in generated JPEG');
}

/** Byte strings any of the metadata above leaves behind. */
export const METADATA_MARKERS = [
  'Exif', 'GPS', 'SecretCamMaker', 'secret-owner-name', 'xmp-secret-author', 'png-secret-comment', 'ICC_PROFILE', 'http://ns.adobe.com/xap',
  'eXIf', 'tEXt', 'zTXt', 'iTXt', 'iCCP',
];

export function expectNoMetadataBytes(bytes: Buffer): void {
  for (const marker of METADATA_MARKERS) expect(bytes.includes(Buffer.from(marker, 'latin1'))).toBe(false);
}
