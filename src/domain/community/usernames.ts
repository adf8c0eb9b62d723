/**
 * Username rules for PATCH /profile and GET /profile/username-check.
 *
 * Renames: a username can change once per 14 days (canRenameAt).
 *
 * Shape: 3-20 characters from ASCII letters, digits, underscore, space, period and hyphen,
 * with at least one letter or digit, no leading or trailing space and no two spaces in a
 * row (they would render as one and let two handles look identical). Letters are ASCII
 * only: accented and non-Latin letters would open homoglyph impersonation ("аdmin" with a
 * Cyrillic а) that no fixed list can catch. Case is preserved as typed.
 *
 * Uniqueness: case-insensitive, exactly as the spec says; `usernameKey` is the unique key
 * the store indexes ("Joe.Smith" and "joe.smith" collide; "joe_smith" is a different handle).
 *
 * Reserved (see RESERVED_TERMS for the lists): matched case- and separator-insensitively
 * (docs/decisions.md, Community and devices: "SupportTeam", "supportteam" and "support_team" are the same answer).
 * A handle is refused when, after folding (lowercase, digit look-alikes 0→o 1→i/l 3→e 4→a
 * 5→s 7→t read as letters, trailing digits also tried without),
 *   1. the whole handle, separators dropped, is a reserved term ("Admin", "r00t", "N.Y.C. Health", "mod42", "nu11"); or
 *   2. any word of it (split at separators only: case never matters) is a reserved term, or
 *      is made of reserved terms and a few everyday handle words only (team, squad, user,
 *      the, set, crew, desk, bot...: "joe_admin", "Official.NYC", "API bot", "SupportTeam" =
 *      "supportteam", "themodsquad", "nullset"); the whole handle without separators is read
 *      the same way; or
 *   3. an official-sounding term (admin, moderator, official, inspector, security,
 *      verified...) occurs anywhere in the handle without separators ("adminjoe",
 *      "joeadminnyc", "securityteam"), except inside a few innocent words that hold one
 *      (badminton, unofficial, insecurity, unverified); short or everyday terms (mod,
 *      staff, support, system, root, api, null...) are matched only by rules 1 and 2, so
 *      "modern", "staffy", "Supporter of Pizza", "systematic", "rooted", "apiary" and
 *      "nullarbor" stay available; or
 *   4. it contains a term that never occurs inside an innocent word ("thedohmhguy",
 *      "bestnychealthfan").
 * Handles shaped like a generated display name ("Curious Pigeon 4821") are reserved too,
 * so nobody can pose as another device that has not claimed a username.
 * Known, accepted false positive: "NullSet" (null + set reads as a reserved compound, in any case).
 */
import { looksLikeFunDefault } from './devices';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;

/** The rename throttle: a username can change once per 14 days. */
export const RENAME_INTERVAL_MS = 14 * 24 * 60 * 60 * 1000;

/** When the next rename is allowed, or null when it is allowed now. */
export function canRenameAt(renamedAt: Date | null, now: Date): Date | null {
  if (!renamedAt) return null;
  const next = new Date(renamedAt.getTime() + RENAME_INTERVAL_MS);
  return next.getTime() > now.getTime() ? next : null;
}

export type UsernameCheck =
  | { ok: true; key: string }
  | { ok: false; reason: 'invalid' | 'reserved'; message: string };

const ALLOWED_CHARACTERS = /^[A-Za-z0-9_ .-]*$/;
const HAS_LETTER_OR_DIGIT = /[A-Za-z0-9]/;
const SEPARATORS = /[_ .-]+/;
const ALLOWED_DESCRIPTION = 'letters A-Z, digits, underscore, space, period and hyphen';

/** Official-sounding terms matched as the whole handle, as a word, and at either end. */
const OFFICIAL_TERMS = [
  'admin', 'administrator', 'admins', 'sysadmin', 'superuser', 'webmaster',
  'moderator', 'moderators', 'moderation',
  'helpdesk', 'official', 'officials', 'verified',
  'inspector', 'inspectors', 'inspection', 'dohmh', 'nycdoh', 'nycdohmh', 'nychealth', 'healthdept', 'healthdepartment', 'nycgov',
  'security',
] as const;

/** Short or everyday terms matched only as the whole handle or as a word. */
const WORD_ONLY_TERMS = ['mod', 'mods', 'staff', 'support', 'system', 'root', 'null', 'undefined', 'api', 'doh', 'deleted'] as const;

/** Terms refused wherever they occur in the folded handle. */
const ANYWHERE_TERMS = ['administrator', 'moderator', 'dohmh', 'nycdoh', 'nychealth', 'healthdept', 'sysadmin', 'superuser'] as const;

export const RESERVED_TERMS = { official: OFFICIAL_TERMS, wordOnly: WORD_ONLY_TERMS, anywhere: ANYWHERE_TERMS } as const;

const WORD_TERMS = new Set<string>([...OFFICIAL_TERMS, ...WORD_ONLY_TERMS]);

/** The unique key of a username: usernames are unique case-insensitively. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/**
 * The readings of a handle to compare with reserved terms: lowercase, with and without
 * trailing digits ("admin2024"), with digit look-alikes read as letters ("r00t", "nu11"),
 * a "1" read both as i and as l.
 */
function foldings(text: string): string[] {
  const lower = text.toLowerCase();
  const readings = new Set<string>([lower, lower.replace(/\d+$/, '')]);
  for (const reading of [...readings]) {
    const common = reading.replace(/0/g, 'o').replace(/3/g, 'e').replace(/4/g, 'a').replace(/5/g, 's').replace(/7/g, 't');
    readings.add(common.replace(/1/g, 'i'));
    readings.add(common.replace(/1/g, 'l'));
  }
  return [...readings];
}

/** Words of a handle: split at separators only, so the answer never depends on case. */
function words(username: string): string[] {
  return username
    .split(SEPARATORS)
    .filter((word) => word.length > 0);
}

/** Everyday handle words that, joined to a reserved term, still make an official-sounding compound. */
const COMPANION_WORDS = new Set([
  'the', 'team', 'squad', 'user', 'users', 'set', 'crew', 'desk', 'bot', 'bots', 'account', 'help', 'center', 'centre',
  'hq', 'main', 'real', 'nyc', 'ny', 'guy', 'page', 'dept', 'office', 'service', 'services', 'group', 'info', 'news', 'line', 'pick', 'picks',
]);

/** Words holding an official term that are innocent (badminton holds admin); blanked before rule 3. */
const INNOCENT_WORDS = ['badminton', 'unofficial', 'insecurity', 'insecure', 'unverified'];

/** Whether a folded word is made of reserved terms and companion words only, at least one term among them. */
function isReservedCompound(word: string): boolean {
  // reachable[i]: the first i letters split into pieces; the value says whether a term was among them.
  const reachable: Array<boolean | undefined> = [false];
  for (let end = 1; end <= word.length; end++) {
    for (let start = 0; start < end; start++) {
      const before = reachable[start];
      if (before === undefined) continue;
      const piece = word.slice(start, end);
      const term = WORD_TERMS.has(piece);
      if (!term && !COMPANION_WORDS.has(piece)) continue;
      reachable[end] = (reachable[end] ?? false) || before || term;
    }
  }
  return reachable[word.length] === true;
}

const reservedWord = (word: string) => foldings(word).some((folded) => WORD_TERMS.has(folded) || isReservedCompound(folded));

/** Whether a (shape-valid) handle is reserved or impersonates an official role. */
export function isReservedUsername(username: string): boolean {
  const compact = username.replace(new RegExp(SEPARATORS.source, 'g'), '');
  if (reservedWord(compact)) return true;
  if (words(username).some(reservedWord)) return true;
  const compacts = foldings(compact).map((reading) => INNOCENT_WORDS.reduce((text, innocent) => text.split(innocent).join('#'), reading));
  if (compacts.some((reading) => OFFICIAL_TERMS.some((term) => reading.includes(term)))) return true;
  if (compacts.some((reading) => ANYWHERE_TERMS.some((term) => reading.includes(term)))) return true;
  return looksLikeFunDefault(username);
}

/** Shape problems of a handle, as a message, or null when the shape is fine. */
function shapeProblem(username: string): string | null {
  const length = username.length;
  if (length < USERNAME_MIN_LENGTH || length > USERNAME_MAX_LENGTH) {
    return `username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters long`;
  }
  if (!ALLOWED_CHARACTERS.test(username)) return `username may contain only ${ALLOWED_DESCRIPTION}`;
  if (!HAS_LETTER_OR_DIGIT.test(username)) return 'username must contain at least one letter or digit';
  if (username !== username.trim()) return 'username must not begin or end with a space';
  if (username.includes('  ')) return 'username must not contain two spaces in a row';
  return null;
}

/**
 * Judges a requested username. `key` is the case-insensitive unique key to look up and
 * store; whether it is taken is the store's question, not this function's.
 */
export function checkUsername(username: unknown): UsernameCheck {
  if (typeof username !== 'string') return { ok: false, reason: 'invalid', message: 'username must be a string' };
  const problem = shapeProblem(username);
  if (problem) return { ok: false, reason: 'invalid', message: `${problem}; a username is ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters of ${ALLOWED_DESCRIPTION}` };
  if (isReservedUsername(username)) {
    return {
      ok: false,
      reason: 'reserved',
      message: `username "${username}" is reserved: handles that sound official (admin, moderator, support, staff, inspector, health department and the like) or look like a generated display name cannot be claimed`,
    };
  }
  return { ok: true, key: usernameKey(username) };
}
