import { bigint, index, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** 文件信息 (DOMAIN.md file info): one row per stored file; visibility follows sys_org_code and the uploader. */
export const sbFileInfo = pgTable(
  'sb_file_info',
  {
    id: idColumn(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    filePath: varchar('file_path', { length: 255 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileExt: varchar('file_ext', { length: 10 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    /** dictionary file_type (商标注册证, 授权委托书, 营业执照 …) */
    fileType: varchar('file_type', { length: 10 }),
    bizType: varchar('biz_type', { length: 64 }),
    bizId: varchar('biz_id', { length: 36 }),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    uploaderId: varchar('uploader_id', { length: 36 }).notNull(),
    /** SHA-256 of the bytes as received (issue 39 evidence fingerprints); null only for files stored before fingerprints */
    sha256: varchar('sha256', { length: 64 }),
    /** where the bytes are: local (DATA_DIR/upload) or s3 (the bucket); the move command switches it file by file */
    storage: varchar('storage', { length: 8 }).notNull().default('local'),
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [
    uniqueIndex('uniq_sb_file_info_path').on(t.filePath),
    index('idx_sb_file_info_biz').on(t.bizType, t.bizId),
    index('idx_sb_file_info_org').on(t.sysOrgCode),
  ],
);
