/**
 * Semantic checks of a POST /restaurants/{camis}/reports body, beyond what a JSON schema
 * says. Every problem is reported at once, each naming its field, so a client can fix a
 * form in one round trip. Photo contents are judged later (src/community/images.ts); here
 * only their number and item shape.
 *
 * Decisions:
 *   - kind is one of the five kinds, exactly as spelled (lowercase).
 *   - pestSubtype is required for pest (rats, mice, roaches, flies, other) and must be
 *     absent or null for every other kind: a subtype on praise is a client bug, so 400
 *     rather than silently dropped.
 *   - body is trimmed of surrounding whitespace, then must be 20-500 characters counted
 *     as Unicode code points (an emoji is one character, not two UTF-16 units). Inside the
 *     text nothing is changed ("shown verbatim"). Control characters other than tab, line
 *     feed and carriage return are refused (NUL cannot even be stored in Postgres text).
 *   - photos is optional (absent or null means none), an array of at most 3 items, each a
 *     base64 string, a data URL or {"data": "<base64>"}.
 *   - Other properties are left to the JSON schema layer and ignored here.
 *   - code: invalid_photo when every problem is about photos, invalid_body otherwise.
 */
import { imagePayload } from './images';
import { REPORT_KINDS, type ReportKind } from './score';

export const PEST_SUBTYPES = ['rats', 'mice', 'roaches', 'flies', 'other'] as const;
export type PestSubtype = (typeof PEST_SUBTYPES)[number];

export const REPORT_BODY_MIN_CHARS = 20;
export const REPORT_BODY_MAX_CHARS = 500;
export const MAX_PHOTOS_PER_REPORT = 3;

export interface ReportInput {
  kind: ReportKind;
  pestSubtype: PestSubtype | null;
  /** Trimmed. */
  body: string;
  /** Raw photos[] items, shape-checked, not yet decoded. */
  photos: unknown[];
}

export interface FieldError {
  param: string;
  message: string;
}

export type ReportValidation =
  | { ok: true; value: ReportInput }
  | { ok: false; code: 'invalid_body' | 'invalid_photo'; errors: FieldError[] };

// C0 controls except \t \n \r, DEL, and the C1 range.
const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** Length in Unicode code points, the way a person counts characters (mostly). */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

function checkKind(kind: unknown, errors: FieldError[]): void {
  if (kind === undefined || kind === null) errors.push({ param: 'kind', message: `kind is required: one of ${REPORT_KINDS.join(', ')}` });
  else if (!isOneOf(REPORT_KINDS, kind)) errors.push({ param: 'kind', message: `kind must be one of ${REPORT_KINDS.join(', ')}` });
}

function checkPestSubtype(kind: unknown, subtype: unknown, errors: FieldError[]): void {
  const given = subtype !== undefined && subtype !== null;
  if (kind === 'pest') {
    if (!given) errors.push({ param: 'pestSubtype', message: `pestSubtype is required for pest reports: one of ${PEST_SUBTYPES.join(', ')}` });
    else if (!isOneOf(PEST_SUBTYPES, subtype)) errors.push({ param: 'pestSubtype', message: `pestSubtype must be one of ${PEST_SUBTYPES.join(', ')}` });
  } else if (given && isOneOf(REPORT_KINDS, kind)) {
    errors.push({ param: 'pestSubtype', message: `pestSubtype is only for pest reports; omit it or send null for ${kind}` });
  }
}

function checkBody(body: unknown, errors: FieldError[]): string {
  const rule = `body must be ${REPORT_BODY_MIN_CHARS}-${REPORT_BODY_MAX_CHARS} characters describing what you saw`;
  if (typeof body !== 'string') {
    errors.push({ param: 'body', message: body === undefined || body === null ? `body is required: ${rule}` : `body must be a string: ${rule}` });
    return '';
  }
  const trimmed = body.trim();
  const length = codePointLength(trimmed);
  if (length < REPORT_BODY_MIN_CHARS || length > REPORT_BODY_MAX_CHARS) {
    errors.push({ param: 'body', message: `${rule} (not counting surrounding spaces); it has ${length}` });
  } else if (FORBIDDEN_CONTROLS.test(trimmed)) {
    errors.push({ param: 'body', message: 'body must not contain control characters (tabs and line breaks are fine)' });
  }
  return trimmed;
}

function checkPhotos(photos: unknown, errors: FieldError[]): unknown[] {
  if (photos === undefined || photos === null) return [];
  const shape = 'each photo is a base64 JPEG or PNG: a base64 string, a data URL or {"data": "<base64>"}';
  if (!Array.isArray(photos)) {
    errors.push({ param: 'photos', message: `photos must be an array of at most ${MAX_PHOTOS_PER_REPORT} images; ${shape}` });
    return [];
  }
  if (photos.length > MAX_PHOTOS_PER_REPORT) {
    errors.push({ param: 'photos', message: `at most ${MAX_PHOTOS_PER_REPORT} photos per report; ${photos.length} were sent` });
  }
  photos.forEach((photo, index) => {
    if (imagePayload(photo) === null) errors.push({ param: `photos[${index}]`, message: `photos[${index}] has the wrong shape: ${shape}` });
  });
  return photos;
}

const isPhotoParam = (param: string) => param === 'photos' || param.startsWith('photos[');

/** Validates a parsed JSON report body; on success returns the values to store. */
export function validateReportBody(input: unknown): ReportValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, code: 'invalid_body', errors: [{ param: '(root)', message: 'the request body must be a JSON object with kind, body and optionally pestSubtype and photos' }] };
  }
  const fields = input as Record<string, unknown>;
  const errors: FieldError[] = [];
  checkKind(fields.kind, errors);
  checkPestSubtype(fields.kind, fields.pestSubtype, errors);
  const body = checkBody(fields.body, errors);
  const photos = checkPhotos(fields.photos, errors);
  if (errors.length > 0) {
    return { ok: false, code: errors.every((error) => isPhotoParam(error.param)) ? 'invalid_photo' : 'invalid_body', errors };
  }
  return {
    ok: true,
    value: { kind: fields.kind as ReportKind, pestSubtype: (fields.pestSubtype ?? null) as PestSubtype | null, body, photos },
  };
}
