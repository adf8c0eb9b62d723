import { randomBytes } from 'node:crypto';

/**
 * Ids of reports, photos and avatars: 128 random bits as base64url (22 characters).
 * Unguessable, so knowing one photo id tells nothing about any other.
 */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}
