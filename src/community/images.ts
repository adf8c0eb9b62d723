/**
 * Report photos and device avatars: from untrusted JSON input to bytes that are safe to
 * store and serve. Everything a client declares (data-URL media type, file name, an
 * object's contentType) is ignored; only the bytes decide what an image is.
 *
 * Pipeline: decodeBase64Image (shape, strict base64, decoded size)
 *   -> inspectImage (magic bytes, header dimensions, pixel and side caps, JPEG scan count)
 *   -> renderReportPhoto / renderAvatar (orient, resize, re-encode without metadata).
 * Everything up to inspectImage reads headers only and is cheap; rendering decodes every
 * pixel, so the routes run it in the process's decode queue (decode-queue.ts).
 */
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import type { RouteContext } from '../contract/routes';
import { imagePayload } from '../domain/community/images';
import { ApiError, notFound } from '../errors';

// Uploads are decoded once and never again: libvips' operation cache would only hold
// decoded pixels of untrusted images in memory.
sharp.cache(false);

/** 4 MiB decoded, the per-photo limit of the spec ("at most 4 MB each"), read generously as binary megabytes. */
export const MAX_PHOTO_BYTES = 4 * 1024 * 1024;
/** Avatars arrive the same way as photos and get the same decoded-size limit. */
export const MAX_AVATAR_INPUT_BYTES = MAX_PHOTO_BYTES;
/**
 * Decompression-bomb guard: 40 megapixels covers every phone camera in use (a 48 MP
 * sensor bins to 12 MP by default) while refusing tiny files that claim huge canvases.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Longest side accepted: the largest a JPEG can have, so no camera's photo or panorama and no
 * phone's long scrolling screenshot reaches it. Within 40 megapixels a degenerate shape costs
 * per row far more than per pixel (measured: a 1 x 39,999,999 PNG of 155 KB took 6.1 CPU s to
 * re-encode, against 0.02 s for 1 x 65,535; the costliest image accepted, a 40-megapixel 16-bit
 * RGBA PNG, square or 65,535 x 610, takes about 1.5 s).
 */
export const MAX_INPUT_SIDE = 65_535;
/**
 * Most scans a progressive JPEG may have. Each scan passes over every block of the image, and a
 * flat image's scan is a few bytes: a valid 409 KB JPEG of 40 megapixels and 2,649 scans took
 * 21.5 CPU s to decode. Encoders write 10 scans for colour (libjpeg, mozjpeg) and 18 for CMYK;
 * 64 scans of 40 megapixels took 0.7 s.
 */
export const MAX_JPEG_SCANS = 64;
/** Longest side of a stored report photo. */
export const MAX_PHOTO_SIDE = 2048;
/** Avatars are stored as exactly this many pixels square. */
export const AVATAR_SIDE = 512;
/** Largest stored avatar. */
export const MAX_AVATAR_BYTES = 1024 * 1024;

const PHOTO_JPEG_QUALITY = 85;
/** Tried in order until the avatar fits MAX_AVATAR_BYTES; a 512 px JPEG practically always fits at the first. */
const AVATAR_JPEG_QUALITIES = [85, 75, 65, 55, 45, 35, 25] as const;

export type ImageType = 'jpeg' | 'png';
export type ImageContentType = 'image/jpeg' | 'image/png';
export const CONTENT_TYPES: Readonly<Record<ImageType, ImageContentType>> = { jpeg: 'image/jpeg', png: 'image/png' };

/** invalid_photo for report photos, invalid_image for avatars (the contract's two 400 codes). */
export type ImageErrorCode = 'invalid_photo' | 'invalid_image';
/** Which rule was broken, for logs and tests; the HTTP layer only needs code and message. */
export type ImageErrorReason =
  | 'shape'
  | 'base64'
  | 'empty'
  | 'too_large'
  | 'unsupported_type'
  | 'too_many_pixels'
  | 'side_too_long'
  | 'too_many_scans'
  | 'undecodable';

/** A person-readable refusal of an uploaded image; the HTTP layer answers it with 400 and `code`. */
export class ImageError extends Error {
  readonly status = 400;
  constructor(
    readonly code: ImageErrorCode,
    readonly reason: ImageErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

/** What the image is for: decides the error code and the wording of messages. */
export type ImagePurpose = 'photo' | 'avatar';

const CODE_FOR: Readonly<Record<ImagePurpose, ImageErrorCode>> = { photo: 'invalid_photo', avatar: 'invalid_image' };
const NOUN_FOR: Readonly<Record<ImagePurpose, string>> = { photo: 'photo', avatar: 'avatar image' };

function refuse(purpose: ImagePurpose, reason: ImageErrorReason, message: string): ImageError {
  return new ImageError(CODE_FOR[purpose], reason, `${NOUN_FOR[purpose]} ${message}`);
}

const ACCEPTED_SHAPES = 'a base64 string, a data URL (data:image/jpeg;base64,...) or an object {"data": "<base64>"}';
const ACCEPTED_TYPES = 'JPEG or PNG';

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

// ---------------------------------------------------------------------------------------
// Input shape and base64
// ---------------------------------------------------------------------------------------

// Standard alphabet only (not base64url), padding optional but only at the end.
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;
// Line breaks and spaces are allowed between characters: Android's Base64.DEFAULT wraps at 76.
const BASE64_WHITESPACE = /[\r\n\t ]/g;

/** Decoded size of well-formed base64 text, computed without decoding it. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export interface DecodeOptions {
  /** Refuse payloads that decode to more bytes than this. Default MAX_PHOTO_BYTES. */
  maxBytes?: number;
  /** Default 'photo'. */
  purpose?: ImagePurpose;
}

/**
 * Decodes one uploaded image to bytes. Strict: the text must be standard base64 (ASCII
 * whitespace between characters tolerated, padding optional), non-empty, and decode to at
 * most `maxBytes`. The size is judged before decoding so an oversized upload costs nothing.
 */
export function decodeBase64Image(input: unknown, options: DecodeOptions = {}): Buffer {
  const purpose = options.purpose ?? 'photo';
  const maxBytes = options.maxBytes ?? MAX_PHOTO_BYTES;
  const payload = imagePayload(input);
  if (payload === null) throw refuse(purpose, 'shape', `must be ${ACCEPTED_SHAPES}`);
  const base64 = payload.replace(BASE64_WHITESPACE, '');
  if (base64.length === 0) throw refuse(purpose, 'empty', `is empty; send a ${ACCEPTED_TYPES} image as ${ACCEPTED_SHAPES}`);
  // A length of 4n+1 cannot be produced by any encoder; padded text must be whole quads.
  const malformedLength = base64.length % 4 === 1 || (base64.includes('=') && base64.length % 4 !== 0);
  if (!BASE64_BODY.test(base64) || malformedLength) {
    throw refuse(purpose, 'base64', `is not valid base64 (standard alphabet A-Z a-z 0-9 + /, optional = padding); send ${ACCEPTED_SHAPES}`);
  }
  if (decodedLength(base64) > maxBytes) {
    throw refuse(purpose, 'too_large', `is larger than ${describeBytes(maxBytes)} once decoded; send a smaller ${ACCEPTED_TYPES} image`);
  }
  return Buffer.from(base64, 'base64');
}

// ---------------------------------------------------------------------------------------
// Type and dimensions
// ---------------------------------------------------------------------------------------

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by its leading magic bytes, or null when it is neither JPEG nor PNG. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PNG_MAGIC.length));
  if (head.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  if (head.equals(PNG_MAGIC)) return 'png';
  return null;
}

export interface ImageInfo {
  type: ImageType;
  contentType: ImageContentType;
  /** As stored in the header, before EXIF orientation. */
  width: number;
  height: number;
}

export interface InspectOptions {
  /** Default MAX_INPUT_PIXELS. */
  maxPixels?: number;
  /** Default 'photo'. */
  purpose?: ImagePurpose;
}

const isRestartOrFill = (byte: number) => byte === 0x00 || byte === 0xff || (byte >= 0xd0 && byte <= 0xd7);

/**
 * How many scans (SOS segments) a JPEG has before its first EOI, from its marker segments
 * alone. Segments are skipped by their length, so a thumbnail inside EXIF is not counted, and
 * entropy-coded data is skipped to the next marker (inside it 0xFF is only ever followed by a
 * stuffed 0x00 or a restart marker). Reading stops at anything malformed, which the decoder
 * then refuses on its own.
 */
export function jpegScanCount(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let scans = 0;
  let at = 2;
  while (at + 1 < buffer.length && buffer[at] === 0xff) {
    const marker = buffer[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 3 >= buffer.length) break;
    at += 2 + buffer.readUInt16BE(at + 2);
    if (marker !== 0xda) continue;
    scans += 1;
    for (;;) {
      at = buffer.indexOf(0xff, at);
      if (at < 0 || at + 1 >= buffer.length) return scans;
      if (!isRestartOrFill(buffer[at + 1])) break;
      at += buffer[at + 1] === 0xff ? 1 : 2;
    }
  }
  return scans;
}

/** Options for every sharp decode of untrusted bytes. */
function decoderOptions(maxPixels: number): SharpOptions {
  // failOn 'error' refuses truncated and corrupt pixel data but tolerates the harmless
  // warnings some phone encoders trigger; limitInputPixels is sharp's own bomb check: a
  // decode never gets more pixels than the header inspectImage passed; pages: 1 reads only
  // the first frame of an animated PNG.
  return { failOn: 'error', limitInputPixels: maxPixels, pages: 1 };
}

/**
 * Type (from magic bytes) and header dimensions of an upload, held to the pixel cap, the side
 * cap and (JPEG) the scan cap. Reads only headers and marker segments, so a tiny file that
 * claims a 20,000 x 20,000 canvas, a 1 x 39,999,999 strip or thousands of scans is refused
 * before any pixel is decoded.
 */
export async function inspectImage(bytes: Buffer, options: InspectOptions = {}): Promise<ImageInfo> {
  const purpose = options.purpose ?? 'photo';
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  const type = detectImageType(bytes);
  if (!type) throw refuse(purpose, 'unsupported_type', `must be a ${ACCEPTED_TYPES} image (judged by its content, not its declared type)`);
  let metadata: Metadata;
  try {
    // Header only: no pixel is decoded here, so sharp's own pixel limit is lifted to let
    // the refusal below name the claimed dimensions; decoding later keeps the limit.
    metadata = await sharp(bytes, { ...decoderOptions(maxPixels), limitInputPixels: false }).metadata();
  } catch {
    throw refuse(purpose, 'undecodable', `could not be read as a ${type.toUpperCase()} image; it may be truncated or corrupt`);
  }
  const { width, height } = metadata;
  if (metadata.format !== type || !width || !height) {
    throw refuse(purpose, 'undecodable', `could not be read as a ${type.toUpperCase()} image; it may be truncated or corrupt`);
  }
  if (width * height > maxPixels) {
    throw refuse(purpose, 'too_many_pixels', `is ${width} x ${height} pixels; at most ${maxPixels / 1_000_000} megapixels are accepted`);
  }
  if (Math.max(width, height) > MAX_INPUT_SIDE) {
    throw refuse(purpose, 'side_too_long', `is ${width} x ${height} pixels; its longest side may be at most ${MAX_INPUT_SIDE} pixels`);
  }
  if (type === 'jpeg') {
    const scans = jpegScanCount(bytes);
    if (scans > MAX_JPEG_SCANS) throw refuse(purpose, 'too_many_scans', `is a progressive JPEG of ${scans} scans; at most ${MAX_JPEG_SCANS} are accepted`);
  }
  return { type, contentType: CONTENT_TYPES[type], width, height };
}

// ---------------------------------------------------------------------------------------
// Re-encoding
// ---------------------------------------------------------------------------------------

/** An upload whose headers passed inspectImage: what rendering needs, and nothing decoded yet. */
export interface CheckedImage {
  bytes: Buffer;
  info: ImageInfo;
  purpose: ImagePurpose;
}

export interface ProcessedImage {
  bytes: Buffer;
  contentType: ImageContentType;
  width: number;
  height: number;
}

/** An image as stored and served: its bytes and the content type they are served with. */
export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

async function render(pipeline: Sharp, purpose: ImagePurpose, type: ImageType): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse(purpose, 'undecodable', `could not be decoded as a ${type.toUpperCase()} image; it may be truncated or corrupt`);
  }
}

/**
 * A report photo ready to store: same format as uploaded (JPEG stays JPEG, PNG stays PNG),
 * turned upright by its EXIF orientation, longest side at most 2048 px (never enlarged),
 * and re-encoded without any metadata. sharp writes no EXIF, GPS, ICC, XMP, IPTC or
 * comment unless asked to, and converts to sRGB so colours survive losing the ICC profile.
 */
export async function processReportPhoto(bytes: Buffer, options: InspectOptions = {}): Promise<ProcessedImage> {
  const purpose = options.purpose ?? 'photo';
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  return renderReportPhoto({ bytes, info: await inspectImage(bytes, { purpose, maxPixels }), purpose });
}

/** The decoding half of processReportPhoto, for an image inspectImage has passed. */
export async function renderReportPhoto({ bytes, info, purpose }: CheckedImage): Promise<ProcessedImage> {
  let pipeline = sharp(bytes, decoderOptions(info.width * info.height))
    .autoOrient()
    .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true });
  pipeline = info.type === 'jpeg' ? pipeline.jpeg({ quality: PHOTO_JPEG_QUALITY }) : pipeline.png();
  const { data, info: out } = await render(pipeline, purpose, info.type);
  return { bytes: data, contentType: info.contentType, width: out.width, height: out.height };
}

/**
 * An avatar ready to store: a 512 x 512 JPEG (the image is scaled to cover the square and
 * centre-cropped, smaller images are enlarged so every avatar has the same size),
 * transparency flattened onto white, EXIF orientation applied, no metadata, at most 1 MB
 * (quality is lowered step by step until it fits).
 */
export async function processAvatar(bytes: Buffer, options: InspectOptions = {}): Promise<ProcessedImage> {
  const purpose = options.purpose ?? 'avatar';
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  return renderAvatar({ bytes, info: await inspectImage(bytes, { purpose, maxPixels }), purpose });
}

/** The decoding half of processAvatar, for an image inspectImage has passed. */
export async function renderAvatar({ bytes, info, purpose }: CheckedImage): Promise<ProcessedImage> {
  const square = () =>
    sharp(bytes, decoderOptions(info.width * info.height))
      .autoOrient()
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' });
  // The first quality fits in practice, so re-running the whole pipeline per attempt is cheap.
  for (const quality of AVATAR_JPEG_QUALITIES) {
    const { data } = await render(square().jpeg({ quality }), purpose, info.type);
    if (data.length <= MAX_AVATAR_BYTES) return { bytes: data, contentType: 'image/jpeg', width: AVATAR_SIDE, height: AVATAR_SIDE };
  }
  // Unreachable in practice: 512 x 512 x 3 bytes is 786 KB even uncompressed.
  throw refuse(purpose, 'too_large', `could not be compressed to ${describeBytes(MAX_AVATAR_BYTES)}; try a simpler image`);
}

/** One photos[] item from a report body, from base64 to a checked header; no pixel decoded. */
export async function checkReportPhoto(input: unknown): Promise<CheckedImage> {
  const bytes = decodeBase64Image(input, { purpose: 'photo', maxBytes: MAX_PHOTO_BYTES });
  return { bytes, info: await inspectImage(bytes, { purpose: 'photo' }), purpose: 'photo' };
}

/** The `image` of an avatar upload, from base64 to a checked header; no pixel decoded. */
export async function checkAvatar(input: unknown): Promise<CheckedImage> {
  const bytes = decodeBase64Image(input, { purpose: 'avatar', maxBytes: MAX_AVATAR_INPUT_BYTES });
  return { bytes, info: await inspectImage(bytes, { purpose: 'avatar' }), purpose: 'avatar' };
}

/** One photos[] item from a report body, decoded, checked and re-encoded. */
export async function readReportPhoto(input: unknown): Promise<ProcessedImage> {
  return renderReportPhoto(await checkReportPhoto(input));
}

/** The `image` of an avatar upload, decoded, checked and re-encoded. */
export async function readAvatar(input: unknown): Promise<ProcessedImage> {
  return renderAvatar(await checkAvatar(input));
}

// ---------------------------------------------------------------------------------------
// Answering: the routes' side of uploads and image reads
// ---------------------------------------------------------------------------------------

const IMAGE_CACHE_CONTROL = `public, max-age=${7 * 24 * 60 * 60}, immutable`;

/** An ImageError as the contract's 400 (invalid_photo / invalid_image), naming the field at fault. */
export async function readImage<T>(read: () => Promise<T>, param: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ImageError) throw new ApiError(400, error.code, error.message, { param });
    throw error;
  }
}

/** Answers with a stored image's bytes (a report photo, an avatar), or 404 when there is none to serve. */
export function sendImage(ctx: RouteContext, image: StoredImage | null, what: string): void {
  if (!image) throw notFound(what);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', IMAGE_CACHE_CONTROL);
  ctx.type = image.contentType;
  ctx.body = image.bytes;
}
