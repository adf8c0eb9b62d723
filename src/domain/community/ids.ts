import { randomBytes } from 'node:crypto';

/**
 * Ids of reports, photos and avatars: 128 random bits as base64url (22 characters).
 * Unguessable, so knowing one photo id tells nothing about any other.
 */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

const ISSUED_ID = /^[A-Za-z0-9_-]{22}$/;

/** Whether a text has the shape of an id randomId() issues; anything else is unknown without a lookup. */
export function isIssuedId(text: string): boolean {
  return ISSUED_ID.test(text);
}
