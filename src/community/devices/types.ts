/** The Device profile resource. */
export interface DeviceProfile {
  username: string | null;
  funDefault: string;
  displayName: string;
  avatarId: string | null;
  createdAt: string | null;
  renamedAt: string | null;
  canRenameAt: string | null;
}
