import { eq, inArray, sql } from 'drizzle-orm';
import { namedIn, type FileKind } from '../../core/files/file-kinds.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { ORG_FILE_BIZ } from './org.service.ts';

/** Files of an organisation's enrolment and certification: titled by 机构名称; an upload may name the organisation. */
export const orgFileKind: FileKind = {
  bizType: ORG_FILE_BIZ,
  titles: async (db, ids) =>
    (await db.select({ id: rightsOrg.id, orgName: rightsOrg.orgName }).from(rightsOrg).where(inArray(rightsOrg.id, ids))).map((o) => [o.id, o.orgName]),
  owner: async (db, id) => {
    const [found] = await db.select({ orgId: rightsOrg.id, sysOrgCode: rightsOrg.sysOrgCode }).from(rightsOrg).where(eq(rightsOrg.id, id));
    return found;
  },
  // An organisation's enrolment is never deleted, only refused or withdrawn: its papers stay on file.
  uses: namedIn({
    table: rightsOrg,
    columns: [rightsOrg.licenseFile, rightsOrg.practiceFile, rightsOrg.filingFile],
    live: sql`true`,
    title: sql<string>`${rightsOrg.orgName}`,
    what: '机构',
  }),
};
