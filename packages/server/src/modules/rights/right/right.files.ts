import { and, eq, inArray, sql } from 'drizzle-orm';
import { namedIn, type FileKind } from '../../core/files/file-kinds.ts';
import { RIGHT_FILE_BIZ } from './right.service.ts';
import { rightsRight } from './right.table.ts';

const rightTitle = (r: { trademarkName: string; regNo: string; niceClass: string }) => `${r.trademarkName}（注册号 ${r.regNo}，第${r.niceClass}类）`;

/** Files of a protected right: titled by 商标名称 and 注册号; an upload may name the right. */
export const rightFileKind: FileKind = {
  bizType: RIGHT_FILE_BIZ,
  titles: async (db, ids) => {
    const found = await db
      .select({ id: rightsRight.id, trademarkName: rightsRight.trademarkName, regNo: rightsRight.regNo, niceClass: rightsRight.niceClass })
      .from(rightsRight)
      .where(and(inArray(rightsRight.id, ids), eq(rightsRight.delFlag, '0')));
    return found.map((r) => [r.id, rightTitle(r)]);
  },
  owner: async (db, id) => {
    const [found] = await db
      .select({ orgId: rightsRight.orgId, sysOrgCode: rightsRight.sysOrgCode })
      .from(rightsRight)
      .where(and(eq(rightsRight.id, id), eq(rightsRight.delFlag, '0')));
    return found;
  },
  uses: namedIn({
    table: rightsRight,
    columns: [rightsRight.markImage, rightsRight.authLetter, rightsRight.proofFile],
    live: eq(rightsRight.delFlag, '0'),
    title: sql<string>`${rightsRight.trademarkName} || '（注册号 ' || ${rightsRight.regNo} || '）'`,
    what: '受保护权利',
  }),
};
