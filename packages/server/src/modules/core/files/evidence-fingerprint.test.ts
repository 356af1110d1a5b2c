import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json, multipart } from '../../../test/harness.ts';
import { rows } from '../../../platform/db/client.ts';
import { sbFileInfo } from './file-info.table.ts';
import { sealChain, verifyChain } from '../datalog/datalog-chain.ts';
import { verifyFiles } from './files-verify.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

// issue 39 Evidence fingerprints: batch and claim evidence enters the data log's chain with its SHA-256;
// files:verify finds a file changed on disk, and a file swapped together with its recorded fingerprint.
describe('issue 39 evidence fingerprints in the data-log chain, and files:verify', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-evidence-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const upload = async (biz: string) => {
    const body = multipart({ filename: '公证书.pdf', content: PDF }, { biz });
    return json(
      await t.inject({ method: 'POST', url: t.api('/sys/common/upload'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': admin } }),
    );
  };
  const versionsOf = (id: string) =>
    rows<{ op: string; sha256: string | null; file_path: string }>(
      db,
      sql`select op, data_content->>'sha256' as sha256, data_content->>'filePath' as file_path from sys_data_log where data_table = 'sb_file_info' and data_id = ${id} order by data_version`,
    );

  let evidencePath = '';
  it('a clue batch attachment (rights_threaded) is logged as added with its fingerprint; an avatar is not evidence and is not logged', async () => {
    evidencePath = (await upload('rights_threaded')).message;
    const [row] = await db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, evidencePath));
    expect(row!.sha256).toBe(sha(PDF));
    expect(await versionsOf(row!.id)).toEqual([{ op: 'add', sha256: sha(PDF), file_path: evidencePath }]);
    const avatar = (await upload('avatar')).message;
    const [other] = await db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, avatar));
    expect(await versionsOf(other!.id)).toEqual([]);
    await sealChain(db);
    expect(await verifyChain(db)).toMatchObject({ ok: true });
    expect(await verifyFiles(db, t.config)).toEqual({ checked: 2, problems: [] });
  });

  it('files:verify reports a file changed on disk, and one swapped together with its fingerprint in sb_file_info (the chain still holds the original)', async () => {
    const [row] = await db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, evidencePath));
    const onDisk = path.join(dataDir, 'upload', evidencePath);
    const forged = Buffer.from(PDF.toString('latin1').replace('1 0 obj', '2 0 obj'), 'latin1');
    fs.writeFileSync(onDisk, forged);
    expect((await verifyFiles(db, t.config)).problems).toEqual([
      { id: row!.id, filePath: evidencePath, problem: 'changed', recorded: sha(PDF), actual: sha(forged) },
    ]);
    await db
      .update(sbFileInfo)
      .set({ sha256: sha(forged) })
      .where(eq(sbFileInfo.id, row!.id));
    expect((await verifyFiles(db, t.config)).problems).toEqual([
      { id: row!.id, filePath: evidencePath, problem: 'chain', recorded: sha(forged), actual: sha(PDF) },
    ]);
  });

  it('removing an evidence file is logged as removed, with the fingerprint it had', async () => {
    const [row] = await db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, evidencePath));
    const del = json(
      await t.inject({
        method: 'DELETE',
        url: t.api(`/rights/sbFileInfo/deleteFileFetch?fileUrl=${encodeURIComponent(evidencePath)}`),
        headers: { 'X-Access-Token': admin },
      }),
    );
    expect(del.success, del.message).toBe(true);
    expect((await versionsOf(row!.id)).map((v) => v.op)).toEqual(['add', 'delete']);
    await sealChain(db);
    expect(await verifyChain(db)).toMatchObject({ ok: true });
  });
});
