import { funDefault } from '../../domain/community/devices';
import { canRenameAt } from '../../domain/community/usernames';
import type { DeviceRow } from './store';
import type { DeviceProfile } from './types';

/** The profile a device sees; a device without a row (never wrote, or erased) gets its defaults. */
export function profileOf(deviceHash: string, row: DeviceRow | null, now: Date): DeviceProfile {
  const fun = funDefault(deviceHash);
  const next = row ? canRenameAt(row.renamed_at, now) : null;
  return {
    username: row?.username ?? null,
    funDefault: fun,
    displayName: row?.username ?? fun,
    avatarId: row?.avatar_id ?? null,
    createdAt: row ? row.created_at.toISOString() : null,
    renamedAt: row?.renamed_at ? row.renamed_at.toISOString() : null,
    canRenameAt: next ? next.toISOString() : null,
  };
}
