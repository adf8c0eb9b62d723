import type { PestSubtype } from '../../domain/community/reports';
import type { ReportKind, ReportStatus } from '../../domain/community/score';

/** A report as public surfaces show it (CommunityReport). */
export interface PublicReport {
  id: string;
  kind: ReportKind;
  pestSubtype: PestSubtype | null;
  body: string;
  createdAt: string;
  photoIds: string[];
  author: { displayName: string; avatarId: string | null };
}

/** A report in its device's own history (OwnCommunityReport). */
export interface OwnReport extends PublicReport {
  camis: string;
  status: ReportStatus;
}
