import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.ts';
import { keyFor } from '../../../platform/secrets/app-secret.ts';

/**
 * The hash chain over the data log and the approval records (issue #25): one chain across both kinds,
 * so one sequence orders every entry and one head names the newest. Each entry carries its place
 * (`chain_seq`), the previous entry's hash (`prev_hash`) and `hash` = HMAC-SHA256, under the server
 * secret's `datalog-chain` key, of the previous hash and the entry's canonical content (its kind, place and
 * every column but the chain's own). Keyed, because whoever can write the database could otherwise edit an
 * entry and re-hash everything after it; the key lives outside the database (platform/secrets).
 *
 * Entries linked before the chain was keyed (places below the head's `keyed_from`, set by the upgrade to
 * the head's place + 1 then) keep their plain SHA-256 links and are checked as such; the head row also
 * carries `mac`, an HMAC of its place, hash and `keyed_from`, so once signed the head cannot be moved
 * without the key (and a trigger refuses changing the boundary or removing the head). The one unsigned
 * state, just after the upgrade, cannot be told from a head whose signature was wiped by someone who
 * could bypass the triggers: the sealer therefore announces every first signature (`onFirstSignature`),
 * and that announcement, outside the database, should be seen once per installation.
 *
 * Entries are written by business transactions without a hash; `sealChain` links them afterwards, one
 * sealer at a time (an advisory lock), in the order it finds them. A transaction that commits late is
 * simply sealed later: the chain's order is the seal order, never the id or the time, so concurrent
 * writers can neither fork the chain nor wait on one another (no lock in the business path: an advisory
 * lock held until each business transaction's commit would serialise every write of the system and
 * could deadlock against the row locks those transactions take in their own order).
 */
export const GENESIS = '0'.repeat(64);

// Arbitrary constant: the advisory lock every sealer takes (the migration lock is 72_410_001).
const SEAL_LOCK = 72_410_025;
const BATCH = 1000;

export type ChainKind = 'datalog' | 'approval';
type Row = Record<string, unknown>;

const CHAIN_COLUMNS = new Set(['chain_seq', 'prev_hash', 'hash']);

/** Key-sorted JSON, dates as ISO text: the same content always gives the same text. */
export function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Row).filter(([, v]) => v !== undefined && v !== null);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * An entry's content as hashed: its kind and every column but the chain's, nulls left out (so a column
 * added later with nothing in it leaves the hashes of older entries valid).
 */
function contentOf(kind: ChainKind, seq: number, row: Row): string {
  const content: Row = { kind, seq };
  for (const [k, v] of Object.entries(row)) if (!CHAIN_COLUMNS.has(k)) content[k] = v;
  return canonical(content);
}

/** An entry's hash: keyed from the head's `keyed_from` on, plain SHA-256 for the entries linked before. */
export const entryHash = (prev: string, kind: ChainKind, seq: number, row: Row, keyed = true) =>
  (keyed ? createHmac('sha256', keyFor('datalog-chain')) : createHash('sha256'))
    .update(prev)
    .update('\n')
    .update(contentOf(kind, seq, row))
    .digest('hex');

/** The head's signature: its place, hash and keyed boundary, under the chain's key. */
export const headMac = (h: { seq: number; hash: string; keyedFrom: number }) =>
  createHmac('sha256', keyFor('datalog-chain')).update(`head\n${h.seq}\n${h.hash}\n${h.keyedFrom}`).digest('hex');

const TABLE: Record<ChainKind, string> = { datalog: 'sys_data_log', approval: 'rights_approval' };
// Oldest first: the entries written before the chain existed (and the demo seed's) keep their order.
const TIME: Record<ChainKind, string> = { datalog: 'create_time', approval: 'approve_time' };

type Head = { seq: number; hash: string };
type HeadRow = Head & { keyedFrom: number; mac: string | null };

// No head yet: nothing is linked, so every entry will be keyed.
async function headOf(t: Db): Promise<HeadRow> {
  const [head] = await rows<{ seq: string | number; hash: string; keyed_from: string | number | null; mac: string | null }>(
    t,
    sql`select seq, hash, keyed_from, mac from sys_chain_head where id = 'main'`,
  );
  return head
    ? { seq: Number(head.seq), hash: head.hash, keyedFrom: Number(head.keyed_from ?? 1), mac: head.mac }
    : { seq: 0, hash: GENESIS, keyedFrom: 1, mac: null };
}

/**
 * Whether the head is as the last sealer left it: signed once any keyed entry exists (before that, just
 * upgraded, it has no signature yet). A sealer never extends a head that fails this: it would sign
 * over an edit.
 */
const headSigned = (h: HeadRow) => (h.mac === null ? h.seq < h.keyedFrom : h.mac === headMac(h));

/** The sealer's refusal to extend a head whose signature fails; `verifyChain` then says where the chain breaks. */
export class ChainHeadError extends Error {
  constructor() {
    super('数据日志哈希链的链头签名不符（链头被改动，或服务器密钥 APP_SECRET 与链接时不同），暂停链接新条目；请运行 npm run datalog:verify 查明');
  }
}

export type SealOptions = {
  /** the head is signed for the first time; the places up to `legacyUpTo` keep their unkeyed links */
  onFirstSignature?: (legacyUpTo: number) => void;
};

/**
 * Links every entry not yet in the chain, approval records then data-log rows, oldest first; returns
 * how many it linked. Safe to call from any process at any time: sealers queue on the advisory lock.
 */
export async function sealChain(db: Db, opts: SealOptions = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (t) => {
      await t.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK})`);
      const found = await headOf(t);
      if (!headSigned(found)) throw new ChainHeadError();
      const { keyedFrom } = found;
      let head: Head = { seq: found.seq, hash: found.hash };
      let linked = 0;
      let more = false;
      for (const kind of ['approval', 'datalog'] as const) {
        const table = sql.raw(TABLE[kind]);
        const pending = await rows<Row>(t, sql`select * from ${table} where chain_seq is null order by ${sql.raw(TIME[kind])}, id limit ${BATCH}`);
        if (!pending.length) continue;
        if (pending.length === BATCH) more = true;
        const links = pending.map((row) => {
          const seq = head.seq + 1;
          const hash = entryHash(head.hash, kind, seq, row, seq >= keyedFrom);
          const link = { id: row.id as string, seq, prev: head.hash, hash };
          head = { seq, hash };
          return link;
        });
        await t.execute(sql`
          update ${table} e set chain_seq = x.seq, prev_hash = x.prev, hash = x.hash
          from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as x(id text, seq bigint, prev text, hash text)
          where e.id = x.id`);
        linked += links.length;
      }
      if (linked)
        await t.execute(sql`
          insert into sys_chain_head (id, seq, hash, keyed_from, mac, update_time)
          values ('main', ${head.seq}, ${head.hash}, ${keyedFrom}, ${headMac({ ...head, keyedFrom })}, now())
          on conflict (id) do update set seq = excluded.seq, hash = excluded.hash, mac = excluded.mac, update_time = excluded.update_time`);
      return { linked, more, firstSignature: linked > 0 && found.mac === null ? keyedFrom - 1 : null };
    });
    if (n.firstSignature !== null) opts.onFirstSignature?.(n.firstSignature);
    total += n.linked;
    // a full page means there may be more; otherwise everything committed so far is linked
    if (!n.more) return total;
  }
}

export type ChainProblem = 'content' | 'missing' | 'link' | 'head' | 'signature';
export type ChainReport = {
  ok: boolean;
  /** entries checked */
  checked: number;
  /** the head's place (the newest entry) */
  headSeq: number;
  /** the first place linked with the key; the places before it were linked before the upgrade, with plain SHA-256 */
  keyedFrom: number;
  /** the first broken entry */
  broken: { seq: number; kind: ChainKind | null; id: string | null; problem: ChainProblem } | null;
  message: string;
};

const PROBLEM_TEXT: Record<ChainProblem, string> = {
  content: '内容或哈希被改动（若整条链从此处起都不符，也可能是服务器密钥 APP_SECRET 与链接时不同）',
  missing: '条目缺失（被删除）',
  link: '与前一条的链接不符（被删除或调换顺序）',
  head: '链尾与链头记录不符（最新条目被删除或链头被改动）',
  signature: '链头签名不符（链头或升级分界被改动，或服务器密钥 APP_SECRET 与链接时不同）',
};

const KIND_TEXT: Record<ChainKind, string> = { datalog: '数据日志', approval: '审批记录' };

/**
 * Walks the chain from its first entry: each entry's place must follow the previous one's, its
 * `prev_hash` must be the previous entry's hash, and its hash must be that of its content; the last
 * entry must be the head, and the head's signature must hold. Reports the first entry that fails (an
 * edited row, a removed row, rows swapped, an edited hash, a re-hash without the key), or OK. Reads in
 * pages of both tables by place, never the whole log at once.
 */
export async function verifyChain(db: Db): Promise<ChainReport> {
  const head = await headOf(db);
  let prev: Head = { seq: 0, hash: GENESIS };
  let checked = 0;
  const fail = (seq: number, kind: ChainKind | null, id: string | null, problem: ChainProblem): ChainReport => ({
    ok: false,
    checked,
    headSeq: head.seq,
    keyedFrom: head.keyedFrom,
    broken: { seq, kind, id, problem },
    message: `第 ${seq} 条${kind ? `（${KIND_TEXT[kind]} ${id}）` : ''}：${PROBLEM_TEXT[problem]}`,
  });
  for (;;) {
    const page: { kind: ChainKind; row: Row }[] = [];
    for (const kind of ['approval', 'datalog'] as const) {
      const found = await rows<Row>(db, sql`select * from ${sql.raw(TABLE[kind])} where chain_seq > ${prev.seq} order by chain_seq limit ${BATCH}`);
      for (const row of found) page.push({ kind, row });
    }
    if (!page.length) break;
    page.sort((a, b) => Number(a.row.chain_seq) - Number(b.row.chain_seq));
    // Only the first BATCH places are complete in both tables' pages.
    const upTo = Number(page[0]!.row.chain_seq) + BATCH;
    for (const { kind, row } of page) {
      const seq = Number(row.chain_seq);
      if (seq >= upTo) break;
      if (seq !== prev.seq + 1) return fail(prev.seq + 1, null, null, 'missing');
      if (row.prev_hash !== prev.hash) return fail(seq, kind, row.id as string, 'link');
      if (entryHash(row.prev_hash as string, kind, seq, row, seq >= head.keyedFrom) !== row.hash) return fail(seq, kind, row.id as string, 'content');
      prev = { seq, hash: row.hash as string };
      checked++;
    }
  }
  if (prev.seq !== head.seq || prev.hash !== head.hash) return fail(prev.seq + 1 > head.seq ? head.seq : prev.seq + 1, null, null, 'head');
  if (!headSigned(head)) return fail(head.seq, null, null, 'signature');
  const legacy = Math.min(head.keyedFrom - 1, head.seq);
  return {
    ok: true,
    checked,
    headSeq: head.seq,
    keyedFrom: head.keyedFrom,
    broken: null,
    message: `校验通过：共 ${checked} 条，链完整${legacy > 0 ? `（第 1–${legacy} 条为启用密钥前链接的，按原 SHA-256 核对）` : ''}`,
  };
}
