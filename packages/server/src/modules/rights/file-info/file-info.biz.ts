import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { findMyOrg, isStaff } from '../../core/org/org-context.ts';
import { uploadKind } from '../../core/files/file-kinds.ts';

export const FileBizMsg = {
  typeBad: '所属业务类型不正确',
  recordMissing: '所属业务记录不存在或无权查看',
  fileTypeBad: '文件类型不正确',
} as const;

/**
 * An upload that names its record: the type must be one of the rights records (a registered file kind
 * with an owner) and the record one the user may see (staff: any; an organisation: its own organisation,
 * rights records and bank accounts). Answers the department code of the record's organisation, which the
 * file then carries so that the organisation sees a file staff attached to its record.
 */
export async function checkBizLink(db: Db, user: SessionUser, bizType: string, bizId: string): Promise<string | null> {
  const kind = uploadKind(bizType);
  if (!kind?.owner) throw new BizError(FileBizMsg.typeBad);
  const staff = await isStaff(db, user.id, user.accessVersion);
  const mine = staff ? null : await findMyOrg(db, user);
  if (!staff && !mine) throw new BizError(FileBizMsg.recordMissing);
  const found = await kind.owner(db, bizId);
  if (!found || (mine && found.orgId !== mine.id)) throw new BizError(FileBizMsg.recordMissing);
  return found.sysOrgCode;
}
