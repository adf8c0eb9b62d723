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

/** A real, decodable black RGB PNG of any shape (a 1 x 10,000,000 strip is 39 KB). */
export function solidPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  // Every row is filter byte 0 then black pixels: all zeros.
  const pixels = zlib.deflateSync(Buffer.alloc(height * (1 + 3 * width)), { level: 9 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Entropy-coded bits, with the 0x00 stuffed after every 0xFF byte and 1-bits padding the last byte. */
class JpegBits {
  private readonly bytes: number[] = [];
  private byte = 0;
  private filled = 0;

  put(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit -= 1) {
      this.byte = (this.byte << 1) | ((value >> bit) & 1);
      if (++this.filled === 8) this.flushByte();
    }
  }

  done(): Buffer {
    while (this.filled !== 0) this.put(1, 1);
    return Buffer.from(this.bytes);
  }

  private flushByte(): void {
    this.bytes.push(this.byte);
    if (this.byte === 0xff) this.bytes.push(0);
    this.byte = 0;
    this.filled = 0;
  }
}

const jpegSegment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/**
 * A valid progressive colour JPEG of a flat grey image with `scans` scans: one DC scan per
 * component, then AC scans of a single coefficient of a single component, each refined bit by
 * bit: the longest progression the format allows (3 x 883 scans). Each AC scan of a flat image
 * is a few bytes of end-of-band runs, yet a decoder passes over every block of the image for it.
 */
export function manyScanJpeg(width: number, height: number, scans: number): Buffer {
  const components = [1, 2, 3];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const frame = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, ...components.flatMap((id) => [id, 0x11, 0])]);
  // One Huffman code each, '0': DC difference category 0, and AC EOB14 (a run of 16,384 + 14 extra bits of blocks).
  const table = (tableClass: number, symbol: number) => Buffer.from([tableClass << 4, 1, ...Array(15).fill(0), symbol]);
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8]), jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])), jpegSegment(0xc2, frame)];
  parts.push(jpegSegment(0xc4, Buffer.concat([table(0, 0x00), table(1, 0xe0)])));
  const scan = (component: number, first: number, last: number, high: number, low: number) => jpegSegment(0xda, Buffer.from([1, component, 0x00, first, last, (high << 4) | low]));
  const dc = new JpegBits();
  for (let block = 0; block < blocks; block += 1) dc.put(0, 1);
  const dcData = dc.done();
  const runs = new JpegBits();
  for (let left = blocks; left > 0; left -= 32_767) runs.put(0x7fff - 0x4000, 15); // code '0' then 14 bits: a run of 32,767
  const runData = runs.done();
  let written = 0;
  for (const component of components) {
    if (written++ < scans) parts.push(scan(component, 0, 0, 0, 0), dcData);
  }
  const LOWEST_BIT = 13;
  for (let coefficient = 1; coefficient <= 63 && written < scans; coefficient += 1) {
    for (const component of components) {
      const passes: Array<[number, number]> = [[0, LOWEST_BIT]];
      for (let bit = LOWEST_BIT; bit >= 1; bit -= 1) passes.push([bit, bit - 1]);
      for (const [high, low] of passes) if (written++ < scans) parts.push(scan(component, coefficient, coefficient, high, low), runData);
    }
  }
  parts.push(Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}
