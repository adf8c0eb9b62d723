import { randomBytes } from 'crypto';
import sharp from 'sharp';
import {
  AVATAR_SIDE,
  ImageError,
  MAX_AVATAR_BYTES,
  MAX_INPUT_SIDE,
  MAX_JPEG_SCANS,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_SIDE,
  checkAvatar,
  checkReportPhoto,
  decodeBase64Image,
  detectImageType,
  inspectImage,
  jpegScanCount,
  processAvatar,
  processReportPhoto,
  readAvatar,
  readReportPhoto,
} from './images';
import { canvas, expectNoMetadataBytes, hugeJpeg, hugePng, manyScanJpeg, metadataPng, phoneJpeg, plainJpeg, PNG_SIGNATURE, solidPng, XMP } from '../../test/support/images';

// ---- fixtures: generated images from test/support/images.ts ---------------------------

/** Expect a promise or a call to fail with an ImageError and return it. */
async function refusal(action: () => unknown): Promise<ImageError> {
  try {
    await action();
  } catch (error) {
    expect(error).toBeInstanceOf(ImageError);
    return error as ImageError;
  }
  throw new Error('expected an ImageError');
}

async function expectNoMetadata(bytes: Buffer): Promise<void> {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.comments).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  expectNoMetadataBytes(bytes);
}

// ---- decodeBase64Image -------------------------------------------------------------

describe('decodeBase64Image', () => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]);
  const base64 = bytes.toString('base64');

  it.each([
    ['a bare base64 string', base64],
    ['a data URL', `data:image/jpeg;base64,${base64}`],
    ['a data URL with parameters and odd case', `DATA:image/png;name=x.png;BASE64,${base64}`],
    ['an object with data', { data: base64 }],
    ['an object with a data URL and ignored extra properties', { data: `data:image/png;base64,${base64}`, contentType: 'image/gif', name: 'x.gif' }],
    ['line-wrapped base64', `${base64.slice(0, 4)}\r\n${base64.slice(4, 8)}\n ${base64.slice(8)}`],
    ['unpadded base64', base64.replace(/=+$/, '')],
  ])('accepts %s', (_label, input) => {
    expect(decodeBase64Image(input)).toEqual(bytes);
  });

  it.each([
    ['a number', 42, 'shape'],
    ['null', null, 'shape'],
    ['undefined', undefined, 'shape'],
    ['an array', [base64], 'shape'],
    ['an object without data', { image: base64 }, 'shape'],
    ['an object whose data is not a string', { data: 7 }, 'shape'],
    ['an empty string', '', 'empty'],
    ['only whitespace', ' \n ', 'empty'],
    ['an empty data URL', 'data:image/png;base64,', 'empty'],
    ['characters outside base64', '!!!!', 'base64'],
    ['base64url characters', 'ab-_', 'base64'],
    ['padding in the middle', 'ab==cd==', 'base64'],
    ['too much padding', 'a===', 'base64'],
    ['an impossible length (4n+1)', 'abcde', 'base64'],
    ['padded text that is not whole quads', 'abcdab=', 'base64'],
    ['a non-base64 data URL', 'data:image/png,rawbytes', 'base64'],
  ])('refuses %s', async (_label, input, reason) => {
    const error = await refusal(() => decodeBase64Image(input));
    expect(error.reason).toBe(reason);
    expect(error.code).toBe('invalid_photo');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^photo /);
  });

  it('refuses more than 4 MB decoded by default, judged before decoding', async () => {
    const justOver = 'A'.repeat(Math.ceil((MAX_PHOTO_BYTES + 1) / 3) * 4);
    const error = await refusal(() => decodeBase64Image(justOver));
    expect(error.reason).toBe('too_large');
    expect(error.message).toContain('4 MB');
    const exactly = Buffer.alloc(MAX_PHOTO_BYTES).toString('base64');
    expect(decodeBase64Image(exactly)).toHaveLength(MAX_PHOTO_BYTES);
  });

  it('takes the size limit as a parameter', async () => {
    expect(decodeBase64Image(base64, { maxBytes: bytes.length })).toHaveLength(bytes.length);
    const error = await refusal(() => decodeBase64Image(base64, { maxBytes: bytes.length - 1 }));
    expect(error.reason).toBe('too_large');
  });

  it('answers avatar uploads with invalid_image', async () => {
    const error = await refusal(() => decodeBase64Image('%%%%', { purpose: 'avatar' }));
    expect(error.code).toBe('invalid_image');
    expect(error.message).toMatch(/^avatar image /);
  });
});

// ---- type and dimensions -----------------------------------------------------------

describe('detectImageType', () => {
  it('reads JPEG and PNG magic bytes and nothing else', async () => {
    expect(detectImageType(await plainJpeg(8, 8))).toBe('jpeg');
    expect(detectImageType(await canvas(8, 8).png().toBuffer())).toBe('png');
    expect(detectImageType(await canvas(8, 8).gif().toBuffer())).toBeNull();
    expect(detectImageType(await canvas(8, 8).webp().toBuffer())).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('inspectImage', () => {
  it('judges a PNG declared as JPEG by its bytes', async () => {
    const png = await canvas(40, 30).png().toBuffer();
    const bytes = decodeBase64Image(`data:image/jpeg;base64,${png.toString('base64')}`);
    expect(await inspectImage(bytes)).toEqual({ type: 'png', contentType: 'image/png', width: 40, height: 30 });
    const processed = await processReportPhoto(bytes);
    expect(processed.contentType).toBe('image/png');
    expect(detectImageType(processed.bytes)).toBe('png');
  });

  it('refuses other formats', async () => {
    for (const bytes of [await canvas(8, 8).gif().toBuffer(), await canvas(8, 8).webp().toBuffer(), Buffer.from('hello world')]) {
      const error = await refusal(() => inspectImage(bytes));
      expect(error.reason).toBe('unsupported_type');
      expect(error.message).toContain('JPEG or PNG');
    }
  });

  it('refuses garbage behind a valid magic number', async () => {
    for (const bytes of [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(200)]), Buffer.concat([PNG_SIGNATURE, randomBytes(200)])]) {
      expect((await refusal(() => processReportPhoto(bytes))).reason).toBe('undecodable');
    }
  });

  it.each([
    ['a PNG header', () => Promise.resolve(hugePng())],
    ['a JPEG header', hugeJpeg],
  ])('refuses 20,000 x 20,000 pixels from %s quickly and without decoding', async (_label, make) => {
    const bomb = await make();
    expect(bomb.length).toBeLessThan(2000);
    const heapBefore = process.memoryUsage().rss;
    const started = Date.now();
    for (const action of [() => inspectImage(bomb), () => processReportPhoto(bomb), () => processAvatar(bomb)]) {
      const error = await refusal(action);
      expect(error.reason).toBe('too_many_pixels');
      expect(error.message).toContain('20000 x 20000');
    }
    expect(Date.now() - started).toBeLessThan(1000);
    // Decoding would need 1.2 GB; header reads need next to nothing.
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('takes the pixel cap as a parameter', async () => {
    const jpeg = await plainJpeg(100, 100);
    expect((await inspectImage(jpeg, { maxPixels: 10_000 })).width).toBe(100);
    expect((await refusal(() => inspectImage(jpeg, { maxPixels: 9_999 }))).reason).toBe('too_many_pixels');
  });
});

describe('degenerate shapes', () => {
  it.each([
    ['1 x 39,999,999', 1, 39_999_999],
    ['39,999,999 x 1', 39_999_999, 1],
    ['65,536 x 610', MAX_INPUT_SIDE + 1, 610],
  ])('refuses a %s PNG by its header, under the pixel cap, before decoding it', async (_label, width, height) => {
    // The header's pixels stand on 64 zero bytes: decoding them would answer undecodable.
    const strip = hugePng(width, height);
    for (const action of [() => checkReportPhoto(strip.toString('base64')), () => processReportPhoto(strip), () => processAvatar(strip)]) {
      const error = await refusal(action);
      expect(error.reason).toBe('side_too_long');
      expect(error.message).toContain(`${width} x ${height} pixels`);
      expect(error.message).toContain(`at most ${MAX_INPUT_SIDE} pixels`);
    }
    expect((await refusal(() => checkAvatar(strip.toString('base64')))).code).toBe('invalid_image');
  });

  it('refuses the real 39 KB strip of 1 x 10,000,000 pixels, which decodes', async () => {
    const strip = solidPng(1, 10_000_000);
    expect(strip.length).toBeLessThan(64 * 1024);
    expect((await refusal(() => checkReportPhoto(strip.toString('base64')))).reason).toBe('side_too_long');
  });

  it('accepts the longest side allowed, both ways', async () => {
    for (const [width, height] of [[MAX_INPUT_SIDE, 1], [1, MAX_INPUT_SIDE]]) {
      const out = await processReportPhoto(solidPng(width, height));
      expect(Math.max(out.width, out.height)).toBe(MAX_PHOTO_SIDE);
    }
  });
});

describe('JPEG scans', () => {
  it('counts the scans of baseline and progressive JPEGs, not those of an EXIF thumbnail', async () => {
    expect(jpegScanCount(await plainJpeg(64, 64))).toBe(1);
    const progressive = await canvas(64, 64).jpeg({ progressive: true }).toBuffer();
    const scans = jpegScanCount(progressive);
    expect(scans).toBeGreaterThan(1);
    expect(scans).toBeLessThanOrEqual(MAX_JPEG_SCANS);
    // An APP1 segment carrying a whole progressive JPEG, as EXIF thumbnails are carried.
    const thumbnail = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), progressive]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (thumbnail.length + 2) >> 8, (thumbnail.length + 2) & 0xff]), thumbnail]);
    const baseline = await plainJpeg(64, 64);
    const withThumbnail = Buffer.concat([baseline.subarray(0, 2), app1, baseline.subarray(2)]);
    expect(jpegScanCount(withThumbnail)).toBe(1);
    expect((await processReportPhoto(withThumbnail)).contentType).toBe('image/jpeg');
    expect(jpegScanCount(manyScanJpeg(64, 64, 200))).toBe(200);
  });

  it(`accepts ${MAX_JPEG_SCANS} scans and refuses more before decoding`, async () => {
    expect((await processReportPhoto(manyScanJpeg(64, 64, MAX_JPEG_SCANS))).width).toBe(64);
    // The format's longest progression: 2,649 scans of one 40-megapixel image in 409 KB.
    const longest = manyScanJpeg(6320, 6320, 3 * 883);
    expect(longest.length).toBeLessThan(512 * 1024);
    for (const bytes of [manyScanJpeg(64, 64, MAX_JPEG_SCANS + 1), longest]) {
      for (const action of [() => checkReportPhoto(bytes.toString('base64')), () => processAvatar(bytes)]) {
        const error = await refusal(action);
        expect(error.reason).toBe('too_many_scans');
        expect(error.message).toContain(`at most ${MAX_JPEG_SCANS}`);
      }
    }
  });
});

// ---- processReportPhoto ------------------------------------------------------------

describe('processReportPhoto', () => {
  it('applies EXIF orientation, then strips EXIF, GPS, ICC and XMP from a JPEG', async () => {
    const input = await phoneJpeg(300, 200);
    const before = await sharp(input).metadata();
    // The fixture really carries what must go: orientation, GPS IFD pointer (tag 0x8825), ICC, XMP.
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(input.includes(Buffer.from('Exif'))).toBe(true);
    expect(input.includes(Buffer.from('SecretCamMaker'))).toBe(true);

    const out = await processReportPhoto(input);
    expect(out.contentType).toBe('image/jpeg');
    expect(detectImageType(out.bytes)).toBe('jpeg');
    // Orientation 6 is a quarter turn: the stored pixels are upright, portrait.
    expect([out.width, out.height]).toEqual([200, 300]);
    const after = await sharp(out.bytes).metadata();
    expect([after.width, after.height]).toEqual([200, 300]);
    await expectNoMetadata(out.bytes);
  });

  it('keeps a PNG a PNG and strips EXIF, XMP and text comments', async () => {
    const input = await metadataPng();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.comments?.[0]?.text).toBe('png-secret-comment');

    const out = await processReportPhoto(input);
    expect(out.contentType).toBe('image/png');
    expect(detectImageType(out.bytes)).toBe('png');
    expect((await sharp(out.bytes).metadata()).hasAlpha).toBe(true);
    await expectNoMetadata(out.bytes);
  });

  it('caps the longest side at 2048 px and keeps the aspect ratio', async () => {
    const wide = await processReportPhoto(await plainJpeg(3000, 1500));
    expect([wide.width, wide.height]).toEqual([MAX_PHOTO_SIDE, 1024]);
    const tall = await processReportPhoto(await canvas(1000, 4096).png().toBuffer());
    expect([tall.width, tall.height]).toEqual([500, MAX_PHOTO_SIDE]);
    const meta = await sharp(tall.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([500, MAX_PHOTO_SIDE]);
  });

  it('never enlarges a small photo', async () => {
    const out = await processReportPhoto(await plainJpeg(120, 80));
    expect([out.width, out.height]).toEqual([120, 80]);
  });

  it('refuses truncated JPEG and PNG data', async () => {
    const jpeg = await plainJpeg(200, 200);
    const png = await canvas(200, 200).png().toBuffer();
    for (const truncated of [jpeg.subarray(0, jpeg.length - 100), png.subarray(0, Math.floor(png.length / 2)), jpeg.subarray(0, 20)]) {
      const error = await refusal(() => processReportPhoto(truncated));
      expect(error.reason).toBe('undecodable');
      expect(error.code).toBe('invalid_photo');
    }
  });

  it('readReportPhoto goes from a photos[] item to clean bytes', async () => {
    const input = await phoneJpeg();
    const out = await readReportPhoto({ data: `data:image/png;base64,${input.toString('base64')}` });
    expect(out.contentType).toBe('image/jpeg');
    await expectNoMetadata(out.bytes);
    expect((await refusal(() => readReportPhoto('R0lGODlhAQABAAAAACw='))).reason).toBe('unsupported_type');
  });
});

// ---- processAvatar -----------------------------------------------------------------

describe('processAvatar', () => {
  async function expectAvatar(bytes: Buffer): Promise<void> {
    expect(detectImageType(bytes)).toBe('jpeg');
    expect(bytes.length).toBeLessThanOrEqual(MAX_AVATAR_BYTES);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', AVATAR_SIDE, AVATAR_SIDE]);
    await expectNoMetadata(bytes);
  }

  it('turns a phone JPEG into a clean 512 px square JPEG', async () => {
    const out = await processAvatar(await phoneJpeg(900, 600));
    expect(out.contentType).toBe('image/jpeg');
    await expectAvatar(out.bytes);
  });

  it('turns a transparent PNG into a JPEG, flattened onto white', async () => {
    const out = await processAvatar(await metadataPng(800, 400));
    await expectAvatar(out.bytes);
    expect((await sharp(out.bytes).metadata()).hasAlpha).toBe(false);
  });

  it('enlarges small images to 512 px', async () => {
    await expectAvatar((await processAvatar(await plainJpeg(64, 64))).bytes);
  });

  it('stays within 1 MB for incompressible noise', async () => {
    const noise = await sharp(randomBytes(1024 * 1024 * 3), { raw: { width: 1024, height: 1024, channels: 3 } }).png().toBuffer();
    await expectAvatar((await processAvatar(noise)).bytes);
  });

  it('refuses with invalid_image', async () => {
    const error = await refusal(() => readAvatar('aGVsbG8gd29ybGQ='));
    expect(error.code).toBe('invalid_image');
    expect(error.reason).toBe('unsupported_type');
  });

  it('readAvatar goes from an upload to a stored avatar', async () => {
    const png = await canvas(300, 300).png().toBuffer();
    await expectAvatar((await readAvatar(png.toString('base64'))).bytes);
  });
});
