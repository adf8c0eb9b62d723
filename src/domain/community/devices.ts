/**
 * Devices are known only by the app's per-install id (header X-Device-Id). The raw id is
 * never stored or logged: it is turned into a salted HMAC right away, and that hash is
 * the device's key everywhere (profile row, reports, caps). The hash is never served.
 */
import { createHash, createHmac } from 'crypto';

/** Longer than any real install id (UUIDs are 36, Android ids 16, FCM-style ids ~160). */
export const DEVICE_ID_MAX_LENGTH = 200;

// Visible ASCII plus interior spaces: header-safe, and unambiguous to type and log-redact.
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

export type DeviceIdCheck =
  | { ok: true; deviceId: string }
  | { ok: false; code: 'device_id_required' | 'invalid_device_id'; message: string };

/**
 * Judges a raw X-Device-Id header value. Absent, empty or blank is `device_id_required`
 * (the contract's 400 code); present but malformed is `invalid_device_id`, which the HTTP
 * layer answers as 400 invalid_parameter with param X-Device-Id. The id is used exactly as
 * sent (no trimming or case folding), so one install always hashes the same way; a value
 * with leading or trailing spaces is refused rather than silently changed.
 */
export function validateDeviceId(raw: unknown): DeviceIdCheck {
  // A header given twice arrives as an array; that is not one id.
  if (Array.isArray(raw)) return { ok: false, code: 'invalid_device_id', message: 'X-Device-Id must be sent once' };
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: false, code: 'device_id_required', message: 'X-Device-Id header is required: send the app\'s per-install device id' };
  }
  if (typeof raw !== 'string') return { ok: false, code: 'invalid_device_id', message: 'X-Device-Id must be a string' };
  if (raw.length > DEVICE_ID_MAX_LENGTH) {
    return { ok: false, code: 'invalid_device_id', message: `X-Device-Id must be at most ${DEVICE_ID_MAX_LENGTH} characters` };
  }
  if (!PRINTABLE_ASCII.test(raw)) {
    return { ok: false, code: 'invalid_device_id', message: 'X-Device-Id may contain only printable ASCII characters' };
  }
  if (raw !== raw.trim()) return { ok: false, code: 'invalid_device_id', message: 'X-Device-Id must not begin or end with a space' };
  return { ok: true, deviceId: raw };
}

/**
 * The stored identity of a device: HMAC-SHA256 of the raw id keyed by a server secret,
 * as 64 lowercase hex characters. A keyed hash rather than a plain one, because install
 * ids are often low-entropy enough to brute-force from a leaked table.
 */
export function hashDeviceId(deviceId: string, salt: string): string {
  if (salt.length === 0) throw new Error('device hash salt must not be empty');
  return createHmac('sha256', salt).update(deviceId, 'utf8').digest('hex');
}

/**
 * What a report keeps of the client address that filed it (clientOf: an IPv4 address or an
 * IPv6 /64): an HMAC keyed by the same server secret as device hashes, over the address, the
 * establishment and the UTC day, cut to 128 bits. The score counts one report per value
 * (score.ts), and that is all it is for: without the secret it cannot be turned back into an
 * address (a plain hash of IPv4's 2^32 addresses could be), and it cannot link one address's
 * reports at two restaurants or on two days. The label keeps it apart from device hashes.
 */
export function reportClientKey(client: string, camis: string, utcDay: string, salt: string): string {
  if (salt.length === 0) throw new Error('device hash salt must not be empty');
  return createHmac('sha256', salt).update(`report-client\n${client}\n${camis}\n${utcDay}`, 'utf8').digest('hex').slice(0, 32);
}

// Friendly, neutral words; no adjective may read as a judgement of a restaurant or a person.
const ADJECTIVES = [
  'Curious', 'Sunny', 'Brave', 'Cheerful', 'Jolly', 'Nimble', 'Plucky', 'Witty',
  'Gentle', 'Lucky', 'Mellow', 'Breezy', 'Cosmic', 'Dapper', 'Eager', 'Fearless',
  'Friendly', 'Gallant', 'Happy', 'Hearty', 'Humble', 'Keen', 'Lively', 'Merry',
  'Noble', 'Peppy', 'Quick', 'Quiet', 'Radiant', 'Snappy', 'Spry', 'Steady',
  'Swift', 'Thrifty', 'Upbeat', 'Vivid', 'Zesty', 'Bold', 'Calm', 'Clever',
  'Cozy', 'Daring', 'Dreamy', 'Frosty', 'Golden', 'Hungry', 'Jazzy', 'Rosy',
] as const;

// New York things: animals of the five boroughs and sights of the street.
const NOUNS = [
  'Pigeon', 'Squirrel', 'Raccoon', 'Hawk', 'Falcon', 'Seagull', 'Sparrow', 'Oyster',
  'Bagel', 'Pretzel', 'Knish', 'Cannoli', 'Dumpling', 'Pastrami', 'Cheesecake', 'Egg Cream',
  'Taxi', 'Ferry', 'Subway', 'Tram', 'Bridge', 'Stoop', 'Hydrant', 'Skyline',
  'Bodega', 'Deli', 'Boardwalk', 'Rooftop', 'Brownstone', 'Lamppost', 'Newsstand', 'Carousel',
  'Otter', 'Heron', 'Turtle', 'Egret', 'Starling', 'Cardinal', 'Robin', 'Beaver',
  'Pizza Slice', 'Hot Dog', 'Black Cookie', 'Empanada', 'Bialy', 'Borough', 'Avenue', 'Harbor',
] as const;

/** Unsigned 32-bit number from four bytes of a digest. */
function uint32(digest: Buffer, offset: number): number {
  return digest.readUInt32BE(offset);
}

/**
 * The stable generated display name of a device, e.g. "Curious Pigeon 4821": adjective,
 * New York noun and a number 1000-9999, picked from SHA-256 of the device hash (so any
 * string works as input and the same device always gets the same name). 48 x 48 x 9000
 * (about 20.7 million) names: not unique, and not meant to be; it is a display name only.
 */
export function funDefault(deviceHash: string): string {
  const digest = createHash('sha256').update(`fun-default:${deviceHash}`, 'utf8').digest();
  const adjective = ADJECTIVES[uint32(digest, 0) % ADJECTIVES.length];
  const noun = NOUNS[uint32(digest, 4) % NOUNS.length];
  const number = 1000 + (uint32(digest, 8) % 9000);
  return `${adjective} ${noun} ${number}`;
}

/** The name shown on a report: the author's current username, else the device's fun name. */
export function displayNameOf(deviceHash: string, username: string | null): string {
  return username ?? funDefault(deviceHash);
}

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const FUN_DEFAULT_SHAPE = new RegExp(`^(${ADJECTIVES.map(compact).join('|')})(${NOUNS.map(compact).join('|')})\\d{4}$`);

/**
 * Whether a text reads as a generated display name, ignoring case and separators
 * ("curious_pigeon_4821", "CuriousPigeon4821"). Such handles are reserved so nobody can
 * pose as a device that has not claimed a username.
 */
export function looksLikeFunDefault(text: string): boolean {
  return FUN_DEFAULT_SHAPE.test(compact(text));
}

export const FUN_DEFAULT_WORDS = { adjectives: ADJECTIVES, nouns: NOUNS } as const;
