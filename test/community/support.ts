/**
 * Shared helpers of the community integration tests: minimal restaurant rows in the
 * ingest's canonical tables, generated images, and raw byte fetches.
 */
import sharp from 'sharp';
import zlib from 'node:zlib';
import type { Pool } from 'pg';
import type { TestApi } from '../support/api';

export interface CitationSeed {
  code: string;
  category: 'vermin' | 'food_temp' | 'hygiene' | 'facility' | 'admin' | 'other';
  critical?: boolean;
}

export interface InspectionSeed {
  date: string;
  type?: string;
  citations?: CitationSeed[];
}

/** One establishment with its visits and citations, written straight into the ingest's tables. */
export async function seedRestaurant(pg: Pool, camis: string, inspections: InspectionSeed[] = []): Promise<void> {
  await pg.query(`insert into establishments (camis, name, address, borough) values ($1, $2, '1 Main St', 'Manhattan') on conflict do nothing`, [camis, `Test Place ${camis}`]);
  for (const inspection of inspections) {
    const type = inspection.type ?? 'Cycle Inspection / Initial Inspection';
    await pg.query('insert into inspections (camis, inspected_at, inspection_type, score) values ($1, $2, $3, 12)', [camis, inspection.date, type]);
    for (const citation of inspection.citations ?? []) {
      await pg.query(
        'insert into citations (camis, inspected_at, inspection_type, code, description, critical, category) values ($1, $2, $3, $4, $5, $6, $7)',
        [camis, inspection.date, type, citation.code, `cited ${citation.code}`, citation.critical ?? false, citation.category],
      );
    }
  }
}

export const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
  + '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>xmp-secret-author</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

export const PRIVATE_EXIF = {
  IFD0: { Make: 'SecretCamMaker', Copyright: 'secret-owner-name' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 0/1' },
};

const canvas = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 30, g: 140, b: 90, alpha: 1 } } });

/** A phone-like JPEG carrying EXIF with GPS, an ICC profile and XMP. */
export function gpsJpeg(width = 320, height = 240): Promise<Buffer> {
  return canvas(width, height).withExif(PRIVATE_EXIF).withIccProfile('p3').withXmp(XMP).jpeg().toBuffer();
}

export function plainPng(width = 200, height = 100): Promise<Buffer> {
  return canvas(width, height, 4).png().toBuffer();
}

export function plainJpeg(width = 200, height = 100): Promise<Buffer> {
  return canvas(width, height).jpeg().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A tiny PNG whose header claims a 20,000 x 20,000 canvas: a decompression bomb. */
export function hugePng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

export const METADATA_MARKERS = ['Exif', 'GPS', 'SecretCamMaker', 'secret-owner-name', 'xmp-secret-author', 'ICC_PROFILE', 'http://ns.adobe.com/xap'];

export function expectNoMetadataBytes(bytes: Buffer): void {
  for (const marker of METADATA_MARKERS) expect(bytes.includes(Buffer.from(marker, 'latin1'))).toBe(false);
}

/** GET returning the raw bytes (the test client reads bodies as text). */
export async function fetchBytes(api: TestApi, path: string, key = api.keys.live): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${api.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export const device = (id: string) => ({ 'X-Device-Id': id });

export const reportBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'pest',
  pestSubtype: 'mice',
  body: 'Saw a mouse run along the counter near the register.',
  ...overrides,
});
