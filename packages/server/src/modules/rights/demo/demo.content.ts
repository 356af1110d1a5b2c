import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { announcementAddBody, AuditStatus, CertifyStatus, EnterStatus, RightsOrgType, type AnnouncementAddBody } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { SocketHub } from '../../../platform/socket/hub.ts';
import { storeUpload, type FileKind } from '../../../platform/storage/storage.ts';
import { sha256Of } from '../../../platform/storage/file-store.ts';
import { createAnnouncement } from '../../messaging/announcement/announcement.service.ts';
import { publishNotice, releaseAnnouncement } from '../../core/notice/delivery.ts';
import { markRead } from '../../messaging/announcement/announcement.inbox.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { sysPosition } from '../../identity/position/position.table.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { BANK_FILE_BIZ } from '../bank/bank.service.ts';
import { sbFileInfo } from '../../core/files/file-info.table.ts';
import { ORG_FILE_BIZ } from '../org/org.service.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { RIGHT_FILE_BIZ } from '../right/right.service.ts';
import { rightsRight } from '../right/right.table.ts';
import { FileType } from '../../core/files/attachments.ts';
import { documentPdf, documentPng, markImagePng, type DocumentKind } from '../../core/demo/demo.images.ts';

/** The organisation the demo seed (demo.seed.ts) gives the demo user `agency`: present only in a demo database. */
const DEMO_AGENCY = { name: '示例知识产权代理有限公司', orgCode: 'A02A01' };

/**
 * What the first start of a demo shows beyond the records: a mark image on every protected
 * right, licence and certification files on the organisations (so that 认证中 has something to check)
 * and proofs on the bank accounts, all stored like uploads and listed in 文件信息; 职务; announcements
 * and system messages in the demo users' bells and 我的消息, some read. Runs on a demo database only.
 */
export async function seedDemoContent(db: Db, dataDir: string | null): Promise<void> {
  const [demo] = await db
    .select({ id: rightsOrg.id })
    .from(rightsOrg)
    .where(and(eq(rightsOrg.orgName, DEMO_AGENCY.name), eq(rightsOrg.sysOrgCode, DEMO_AGENCY.orgCode)));
  if (!demo) return;
  if (dataDir) await seedDemoFiles(db, dataDir);
  await seedDemoPositions(db);
  await seedDemoMessages(db);
}

type FileRow = typeof sbFileInfo.$inferInsert;

async function seedDemoFiles(db: Db, dataDir: string): Promise<void> {
  const orgs = await db.select().from(rightsOrg);
  const users = new Map(
    (
      await db
        .select({ id: sysUser.id, username: sysUser.username, orgCode: sysUser.orgCode })
        .from(sysUser)
        .where(
          inArray(
            sysUser.id,
            orgs.map((o) => o.applicantId).filter((id): id is string => !!id),
          ),
        )
    ).map((u) => [u.id, u]),
  );
  const orgById = new Map(orgs.map((o) => [o.id, o]));
  const files: FileRow[] = [];
  /** Stores one file like an upload and records its 文件信息 row; answers the stored path. */
  const store = async (biz: string, ext: FileKind, bytes: Buffer, row: Omit<FileRow, 'id' | 'filePath' | 'fileSize' | 'fileExt' | 'mimeType'>) => {
    const filePath = await storeUpload(dataDir, biz, ext, bytes);
    files.push({
      id: newId(),
      filePath,
      fileSize: bytes.length,
      fileExt: ext,
      mimeType: ext === 'pdf' ? 'application/pdf' : 'image/png',
      sha256: sha256Of(bytes),
      ...row,
    });
    return filePath;
  };
  const uploaderOf = (orgId: string) => {
    const org = orgById.get(orgId);
    const user = org?.applicantId ? users.get(org.applicantId) : undefined;
    return user ? { uploaderId: user.id, createBy: user.username, sysOrgCode: org?.sysOrgCode ?? user.orgCode } : null;
  };

  // Organisations: the 营业执照 of every submitted enrolment; 执业许可证 (PDF) and, for agencies, the
  // 备案证明 of every certification handed in. The files of each kind are written side by side: one
  // after the other, the writes would dominate the first start.
  const orgFiles = await Promise.all(
    orgs.map(async (org) => {
      const who = uploaderOf(org.id);
      if (!who || org.enterStatus === EnterStatus.draft || org.licenseFile) return null;
      const number = org.creditCode ?? org.id.slice(0, 18).toUpperCase();
      const base = { bizType: ORG_FILE_BIZ, bizId: org.id, ...who, createTime: org.submitTime ?? org.createTime };
      const doc = (kind: DocumentKind) => documentPng(kind, kind === 'filing' ? (org.agentFilingNo ?? number) : number);
      const licenseFile = await store(ORG_FILE_BIZ, 'png', doc('licence'), { ...base, fileName: `营业执照-${org.orgName}.png`, fileType: FileType.licence });
      let practiceFile: string | null = null;
      let filingFile: string | null = null;
      if (org.certifyStatus !== CertifyStatus.none) {
        const certified = { ...base, createTime: org.certifySubmitTime ?? base.createTime };
        practiceFile = await store(ORG_FILE_BIZ, 'pdf', documentPdf('practice', number), {
          ...certified,
          fileName: `执业许可证-${org.orgName}.pdf`,
          fileType: FileType.practice,
        });
        if (org.orgType === RightsOrgType.agency) {
          filingFile = await store(ORG_FILE_BIZ, 'png', doc('filing'), {
            ...certified,
            fileName: `商标代理备案证明-${org.orgName}.png`,
            fileType: FileType.filing,
          });
        }
      }
      return { id: org.id, licenseFile, practiceFile, filingFile };
    }),
  );

  // Bank accounts: the 开户许可证 each was submitted with.
  const banks = await db
    .select()
    .from(rightsBankAccount)
    .where(and(isNull(rightsBankAccount.proofFile), eq(rightsBankAccount.delFlag, '0')));
  const bankFiles = await Promise.all(
    banks.map(async (bank) => {
      const who = uploaderOf(bank.orgId);
      if (!who) return null;
      const path = await store(BANK_FILE_BIZ, 'png', documentPng('bank', `J${bank.bankCode ?? bank.accountNo}`.slice(0, 16)), {
        ...who,
        fileName: `开户许可证-${bank.bankName}尾号${bank.accountNo.slice(-4)}.png`,
        fileType: FileType.bankProof,
        bizType: BANK_FILE_BIZ,
        bizId: bank.id,
        createTime: bank.submitTime ?? bank.createTime,
      });
      return { id: bank.id, path };
    }),
  );

  // Protected rights: a 商标图样 on every record; the picture is drawn once per mark name.
  const drawn = new Map<string, Buffer>();
  const rights = await db
    .select({
      id: rightsRight.id,
      orgId: rightsRight.orgId,
      name: rightsRight.trademarkName,
      sysOrgCode: rightsRight.sysOrgCode,
      createTime: rightsRight.createTime,
    })
    .from(rightsRight)
    .where(and(isNull(rightsRight.markImage), eq(rightsRight.delFlag, '0')));
  const rightFiles = await Promise.all(
    rights.map(async (right) => {
      const who = uploaderOf(right.orgId);
      if (!who) return null;
      let bytes = drawn.get(right.name);
      if (!bytes) drawn.set(right.name, (bytes = markImagePng(right.name)));
      const path = await store(RIGHT_FILE_BIZ, 'png', bytes, {
        ...who,
        sysOrgCode: right.sysOrgCode ?? who.sysOrgCode,
        fileName: `商标图样-${right.name}.png`,
        fileType: FileType.markImage,
        bizType: RIGHT_FILE_BIZ,
        bizId: right.id,
        createTime: right.createTime,
      });
      return { id: right.id, path };
    }),
  );

  for (let i = 0; i < files.length; i += 200) await db.insert(sbFileInfo).values(files.slice(i, i + 200));
  const setFrom = async (table: string, column: string, found: ({ id: string; path: string } | null)[]) => {
    const pairs = found.filter((p) => p !== null);
    for (let i = 0; i < pairs.length; i += 200) {
      const values = sql.join(
        pairs.slice(i, i + 200).map((p) => sql`(${p.id}, ${p.path})`),
        sql`, `,
      );
      await db.execute(sql`update ${sql.identifier(table)} t set ${sql.identifier(column)} = v.path from (values ${values}) as v(id, path) where t.id = v.id`);
    }
  };
  await setFrom('rights_right', 'mark_image', rightFiles);
  await setFrom('rights_bank_account', 'proof_file', bankFiles);
  for (const o of orgFiles.filter((f) => f !== null)) {
    await db.update(rightsOrg).set({ licenseFile: o.licenseFile, practiceFile: o.practiceFile, filingFile: o.filingFile }).where(eq(rightsOrg.id, o.id));
  }
}

/** 职务 of the association and its member organisations, ranked by the position_rank dictionary (1 员级 … 5 正高级). */
const POSITIONS: [code: string, name: string, rank: string][] = [
  ['XH-MSZ', '协会秘书长', '5'],
  ['XH-FMSZ', '协会副秘书长', '4'],
  ['XH-WQBZ', '维权工作部部长', '4'],
  ['XH-FWGW', '法务顾问', '4'],
  ['XH-SHZY', '审核专员', '3'],
  ['XH-CWZG', '财务主管', '3'],
  ['XH-XXGL', '信息管理员', '3'],
  ['XH-WQZY', '维权专员', '2'],
  ['XH-CN', '出纳', '2'],
  ['XH-WY', '办公室文员', '1'],
];

async function seedDemoPositions(db: Db): Promise<void> {
  await db
    .insert(sysPosition)
    // a second apart, so that the newest-first list shows them from 秘书长 down
    .values(
      POSITIONS.map(([code, name, postRank], i) => ({
        id: newId(),
        code,
        name,
        postRank,
        tenantId: 0,
        sysOrgCode: 'A01',
        createBy: 'admin',
        createTime: new Date(Date.now() - i * 1000),
      })),
    )
    .onConflictDoNothing();
}

const DAY = 86_400_000;

/**
 * Announcements (published through the announcement service, dated over the past weeks) and system
 * messages to the demo users about their own records, so that the bell and 我的消息 show content;
 * each demo user has read the oldest notice.
 */
async function seedDemoMessages(db: Db): Promise<void> {
  const everyone = await db.select({ id: sysUser.id, username: sysUser.username }).from(sysUser).where(eq(sysUser.delFlag, 0));
  const idOf = new Map(everyone.map((u) => [u.username, u.id]));
  const admin = idOf.get('admin');
  if (!admin) return;
  const actor = { id: admin, username: 'admin' };
  // Nobody is connected while the seed runs: the pushes reach no socket, the delivery rows are what counts.
  const hub = new SocketHub();
  const customers = everyone.filter((u) => /^(agency|holder)\d*$/.test(u.username)).map((u) => u.id);
  const staff = ['reviewer', 'finance'].map((u) => idOf.get(u)).filter((id): id is string => !!id);
  const now = Date.now();

  const publish = async (daysAgo: number, body: Partial<AnnouncementAddBody> & { titile: string }) => {
    const id = await createAnnouncement(db, actor, announcementAddBody.parse(body), []);
    const created = new Date(now - daysAgo * DAY);
    await db.update(sysAnnouncement).set({ createTime: created }).where(eq(sysAnnouncement.id, id));
    await releaseAnnouncement(db, hub, actor, id);
    await db
      .update(sysAnnouncement)
      .set({ sendTime: new Date(created.getTime() + 3_600_000) })
      .where(eq(sysAnnouncement.id, id));
    return id;
  };
  const oldest = await publish(30, {
    titile: '关于开展2026年度商标权益保护专项行动的通知',
    msgAbstract: '协会将于本季度联合各入驻服务机构开展商标权益保护专项行动，请各机构及时备案受保护权利。',
    msgContent:
      '<p>各入驻服务机构、会员企业：</p><p>为加强会员商标权益保护，协会决定于本季度开展商标权益保护专项行动。请各机构：</p><ol><li>在“受保护权利”中核对并备案本机构代理或持有的注册商标；</li><li>发现侵权线索及时提交线索批次；</li><li>按要求保存公证书、购买凭证等证据材料。</li></ol><p>特此通知。</p>',
    priority: 'H',
    msgCategory: '1',
    msgType: 'ALL',
  });
  await publish(12, {
    titile: '维权费用报销提醒：请于每月25日前提交上月报销单',
    msgAbstract: '上月发生的公证费、取证购买费、律师代理费等维权费用，请于本月25日前提交报销单并上传发票及凭证。',
    msgContent:
      '<p>各服务机构：</p><p>上月发生的公证费、取证购买费、律师代理费等维权费用，请于<strong>本月25日前</strong>提交报销单，并上传发票及付款凭证。逾期提交的，顺延至下一结算周期处理。</p>',
    priority: 'M',
    msgCategory: '1',
    msgType: 'ALL',
  });
  await publish(6, {
    titile: '受保护权利到期续展提醒',
    msgAbstract: '部分受保护权利即将到期或已进入宽展期，请在“受保护权利”中按到期标记筛选并及时办理续展。',
    msgContent: '<p>部分受保护权利即将到期或已进入宽展期。请在“受保护权利”列表中按“即将到期”“宽展期”筛选，及时办理续展并更新有效期。</p>',
    priority: 'M',
    msgCategory: '1',
    msgType: 'ALL',
    openType: 'url',
    openPage: '/rights/right/list',
  });
  await publish(3, {
    titile: '系统维护通知：本周六 22:00—24:00 升级',
    msgContent: '<p>本周六 22:00—24:00 系统升级维护，期间可能无法登录，请提前保存正在填写的内容。</p>',
    priority: 'L',
    msgCategory: '1',
    msgType: 'ALL',
  });
  if (customers.length) {
    await publish(9, {
      titile: '服务机构年度资质复核安排',
      msgContent: '<p>请各入驻服务机构于下月底前在“认证”中核对营业执照、执业许可证等资质文件，过期证件请及时更新。</p>',
      priority: 'M',
      msgCategory: '1',
      msgType: 'USER',
      userIds: customers.join(','),
    });
  }
  if (staff.length) {
    await publish(2, {
      titile: '本月审核工作安排',
      msgContent: '<p>本月入驻、认证与权利备案审核请在收到后3个工作日内完成；银行账户由财务审核。</p>',
      priority: 'H',
      msgCategory: '1',
      msgType: 'USER',
      userIds: staff.join(','),
    });
  }

  // System messages about each demo user's own records, as the decisions would have sent them.
  const notice = (username: string, titile: string, msgContent: string, openPage?: string) => {
    const userId = idOf.get(username);
    return userId
      ? publishNotice(db, hub, {
          titile,
          msgContent,
          userIds: [userId],
          sender: 'system',
          msgCategory: '2',
          ...(openPage ? { openType: 'component' as const, openPage } : {}),
        })
      : null;
  };
  const rightOf = async (username: string, status: string) => {
    const [row] = await db
      .select({ name: rightsRight.trademarkName, regNo: rightsRight.regNo, opinion: rightsRight.auditOpinion })
      .from(rightsRight)
      .innerJoin(rightsOrg, eq(rightsOrg.id, rightsRight.orgId))
      .innerJoin(sysUser, eq(sysUser.id, rightsOrg.applicantId))
      .where(and(eq(sysUser.username, username), eq(rightsRight.auditStatus, status)))
      .orderBy(rightsRight.regNo)
      .limit(1);
    return row;
  };
  for (const username of ['agency', 'holder']) {
    const passed = await rightOf(username, AuditStatus.approved);
    const rejected = await rightOf(username, AuditStatus.rejected);
    if (passed)
      await notice(
        username,
        `受保护权利「${passed.name}」审核通过`,
        `<p>注册号 ${passed.regNo} 的受保护权利已审核通过。审核意见：${passed.opinion ?? '无'}</p>`,
        '/rights/right/list',
      );
    if (rejected)
      await notice(
        username,
        `受保护权利「${rejected.name}」被驳回`,
        `<p>注册号 ${rejected.regNo} 的受保护权利被驳回。审核意见：${rejected.opinion ?? '无'}。请修改后重新提交。</p>`,
        '/rights/right/list',
      );
  }
  await notice('holder', '银行账户审核通过', '<p>您提交的收款银行账户已通过财务审核，可用于维权费用报销收款。</p>', '/rights/org/bank');
  const [{ waiting }] = await db
    .select({ waiting: sql<number>`count(*)::int` })
    .from(rightsRight)
    .where(eq(rightsRight.auditStatus, AuditStatus.pending));
  await notice('reviewer', `有 ${waiting} 项受保护权利待审核`, '<p>请在“待我审批”中按提交时间处理。</p>', '/rights/approval/todo');
  const [{ banks }] = await db
    .select({ banks: sql<number>`count(*)::int` })
    .from(rightsBankAccount)
    .where(eq(rightsBankAccount.auditStatus, AuditStatus.pending));
  await notice('finance', `有 ${banks} 个银行账户待财务审核`, '<p>请在“待我审批”中核对开户许可证后审核。</p>', '/rights/approval/todo');
  const [pendingOrg] = await db.select({ name: rightsOrg.orgName }).from(rightsOrg).where(eq(rightsOrg.enterStatus, EnterStatus.pending)).limit(1);
  if (pendingOrg) await notice('admin', `新的入驻申请：${pendingOrg.name}`, '<p>有新的服务机构提交了入驻申请，等待审核员审核。</p>');
  for (const [username, title, text] of [
    ['agency05', '认证资料已提交', '<p>您的认证资料已提交，审核员将在3个工作日内完成审核。</p>'],
    ['agency08', '认证未通过', '<p>认证未通过。审核意见：执业许可证已过有效期，请上传有效证件后重新提交。</p>'],
    ['agency11', '入驻申请被驳回', '<p>入驻申请被驳回，请按审核意见修改后重新提交。</p>'],
  ] as const) {
    await notice(username, title, text);
  }

  // Every demo user has read the oldest announcement; the rest stay unread.
  for (const username of ['admin', 'reviewer', 'finance', 'agency', 'holder']) {
    const userId = idOf.get(username);
    if (userId) await markRead(db, userId, oldest);
  }
}
