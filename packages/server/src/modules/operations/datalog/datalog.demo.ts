import { sql } from 'drizzle-orm';
import { AuditStatus, BatchStatus, CertifyStatus, ClaimStatus, EnterStatus, ItemStatus, PoolStatus } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { DataTable, snapshot, type DataTableName } from '../../core/datalog/datalog.service.ts';

type Raw = Record<string, unknown>;

/**
 * What each business table's records are created as (their status columns), and the column that says when a
 * record last moved. The configuration tables get versions from their changes on, not a made-up history.
 */
const CREATED: Partial<Record<DataTableName, Raw>> = {
  [DataTable.org]: { enterStatus: EnterStatus.pending, certifyStatus: CertifyStatus.none },
  [DataTable.right]: { auditStatus: AuditStatus.draft },
  [DataTable.bank]: { auditStatus: AuditStatus.pending },
  [DataTable.batch]: { status: BatchStatus.draft },
  [DataTable.item]: { status: ItemStatus.waiting },
  [DataTable.claim]: { status: ClaimStatus.draft },
  [DataTable.pool]: { status: PoolStatus.preparing },
};

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** A raw timestamp (`…+00`) as the live versions write it, in Beijing time (snapshot()); issue 36: the demo showed UTC. */
const ZONED = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d(:?\d\d)?)$/;
const camelRow = (row: Raw): Raw => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v]));
const inBeijingTime = (row: Raw): Raw =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && ZONED.test(v) ? (formatDateTime(v) ?? v) : v]));
const time = (v: unknown) => (v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null);

/**
 * What a record cannot hold yet when it is created (issue 36: demo version 1 held values of later
 * versions): whatever a submission, a review, a payment, the enforcement or the closure writes, and the
 * last writer. Version 1 has them empty; version 2 brings them with the present status.
 */
const LATER =
  /^(submit|audit|certify(?!Status)|approve|approved|bizReview|financeReview|paid|pay|closure|closed|start|success|failed|notInfringing|released|firstReviewer|update|serialNo|payDate|frozen|used|logSeq|itemCount)/;
const asCreated = (row: Raw, createdAs: Raw): Raw => ({
  ...Object.fromEntries(Object.entries(row).map(([k, v]) => [k, LATER.test(k) ? null : v])),
  ...createdAs,
});

type DemoVersion = {
  id: string;
  data_table: string;
  data_id: string;
  data_version: number;
  op: string;
  fields: string[];
  old_values: Raw | null;
  new_values: Raw | null;
  data_content: Raw;
  create_by: string | null;
  create_name: string | null;
  create_time: string;
};

/**
 * The demo's business records get the versions their story implies (issue #25): the creation, by its
 * creator at its creation time, with the record as it was then (its first status, nothing a later step
 * writes); then, when the record has moved on, the change to its present content, by the last approver
 * (or the last writer) at that approval's time. Records that already have versions are left alone. Run after every business demo.
 */
export async function seedDataLogDemo(db: Db): Promise<number> {
  const names = new Map(
    (await rows<{ username: string; realname: string | null }>(db, sql`select username, realname from sys_user`)).map((u) => [
      u.username,
      u.realname ?? u.username,
    ]),
  );
  const approvals = new Map<string, { time: Date; by: string | null }>();
  for (const a of await rows<{ biz_id: string; approve_time: Date | string; create_by: string | null }>(
    db,
    sql`select biz_id, approve_time, create_by from rights_approval order by approve_time`,
  ))
    approvals.set(a.biz_id, { time: time(a.approve_time)!, by: a.create_by });
  let total = 0;
  for (const [table, createdAs] of Object.entries(CREATED) as [DataTableName, Raw][]) {
    const found = await rows<Raw>(
      db,
      sql`select * from ${sql.raw(table)} r where not exists (select 1 from sys_data_log l where l.data_table = ${table} and l.data_id = r.id)`,
    );
    const versions: DemoVersion[] = [];
    for (const raw of found) {
      const row = camelRow(raw);
      const id = row.id as string;
      const now = inBeijingTime(snapshot(row));
      const first = asCreated(now, createdAs);
      const created = time(row.createTime) ?? new Date();
      const creator = (row.createBy as string | null) ?? 'admin';
      versions.push({
        id: newId(),
        data_table: table,
        data_id: id,
        data_version: 1,
        op: 'add',
        fields: Object.keys(first),
        old_values: null,
        new_values: first,
        data_content: first,
        create_by: creator,
        create_name: names.get(creator) ?? creator,
        create_time: created.toISOString(),
      });
      const fields = Object.keys(now).filter((k) => JSON.stringify(now[k] ?? null) !== JSON.stringify(first[k] ?? null));
      if (!fields.length) continue;
      const approval = approvals.get(id);
      const when = approval?.time ?? time(row.updateTime) ?? time(row.submitTime) ?? new Date(created.getTime() + 60_000);
      const who = approval?.by ?? (row.updateBy as string | null) ?? creator;
      const pick = (v: Raw) => Object.fromEntries(fields.map((k) => [k, v[k] ?? null]));
      versions.push({
        id: newId(),
        data_table: table,
        data_id: id,
        data_version: 2,
        op: 'edit',
        fields,
        old_values: pick(first),
        new_values: pick(now),
        data_content: now,
        create_by: who,
        create_name: names.get(who) ?? who,
        create_time: (when < created ? created : when).toISOString(),
      });
    }
    for (let i = 0; i < versions.length; i += 1000) {
      await db.execute(sql`
        insert into sys_data_log (id, data_table, data_id, data_version, op, fields, old_values, new_values, data_content, create_by, create_name, create_time)
        select id, data_table, data_id, data_version, op, fields, old_values, new_values, data_content, left(create_by, 32), left(create_name, 100), create_time
        from jsonb_to_recordset(${JSON.stringify(versions.slice(i, i + 1000))}::jsonb)
          as x(id text, data_table text, data_id text, data_version int, op text, fields jsonb, old_values jsonb, new_values jsonb, data_content jsonb, create_by text, create_name text, create_time timestamptz)`);
    }
    total += versions.length;
  }
  return total;
}
