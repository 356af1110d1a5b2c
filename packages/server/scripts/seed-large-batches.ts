/**
 * The clue-batch part of `npm run seed:large`: 40 enrolled organisations (one per branch of the large
 * department tree, so the branch's users are its users), a pool, 100,000 batches in every state over two
 * years and about 1,000,000 items. Rows are made in the database (INSERT … SELECT generate_series), which
 * takes seconds where sending them would take minutes, on PGlite and PostgreSQL alike.
 *
 * Money: the batches that hold money (核定 − 已解冻 of 待维权 … 已结案) hold it in the large pool, which
 * books the sum through the ledger once (deposit, then one freeze under `large-seed`), so the pool's
 * amounts and its log agree (reconcile) without 100,000 ledger rows nobody measures.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../src/platform/db/client.ts';
import { fromCents, toCents } from '@sbwq/contracts';
import * as ledger from '../src/modules/core/ledger/pool-ledger.service.ts';

export const LARGE_BATCHES = Number(process.env.LARGE_BATCHES ?? 100_000);
/** The batch of the detail budget: 2,000 items (MAX_BATCH_ITEMS), 维权中. */
export const LARGE_DETAIL_BATCH = 'large-bt1';
const ORGS = 40;
const POOL = 'large-pool';
const SUBSIDY = '200.00';

/** g → status: 10 % 草稿, 10 % 待审核, 5 % 待复审, 10 % 待维权, 15 % 维权中, 5 % 待结案审核, 25 % 已结案, 5 % 驳回, 5 % 撤销, 10 % 退回补正. */
const STATUS_CYCLE = `array['1','1','2','2','3','4','4','5','5','5','6','7','7','7','7','7','8','9','10','10']`;

export async function seedLargeBatches(db: Db, branches: { id: string; code: string }[], batches = LARGE_BATCHES): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from rights_batch where id like 'large-bt%'`);
  if (n > 0) return;
  const orgs = branches.slice(0, ORGS).map((b, k) => ({ id: `large-org${k}`, org_name: `大数据量测试机构${k + 1}`, depart_id: b.id, sys_org_code: b.code }));
  await db.execute(sql`
    insert into rights_org (id, org_name, org_type, enter_status, certify_status, depart_id, sys_org_code, create_by, create_time)
    select id, org_name, '1', '2', '2', depart_id, sys_org_code, 'seed', now() - interval '3 years'
      from jsonb_to_recordset(${JSON.stringify(orgs)}::jsonb) as x(id text, org_name text, depart_id text, sys_org_code text)`);
  await db.execute(sql`
    insert into fin_capital_pool (id, pool_code, pool_name, fund_source, pool_year, subsidy_per_case, status, create_by, create_time)
    values (${POOL}, 'LARGE-POOL', '大数据量测试资金池', '1', 2025, ${SUBSIDY}, '2', 'seed', now() - interval '3 years')`);

  // One batch every 631 s going back from now: 100,000 of them span two years.
  await db.execute(sql`
    insert into rights_batch (id, batch_no, batch_name, org_id, org_name, right_ids, right_names, infringe_type, clue_source, platform,
                              rights_method, description, item_count, apply_amount, approved_amount, released_amount, pool_id, pool_name,
                              status, submit_time, approve_time, audit_opinion, start_time, closure_summary, closure_apply_time, closed_time,
                              closure_result, success_rate, success_count, failed_count, not_infringing_count, sys_org_code, del_flag,
                              create_by, create_time)
    select b.id, 'XS' || to_char(created, 'YYYYMMDD') || lpad(g::text, 6, '0'),
           '测试商标' || (g % 97) || (array['淘宝假冒店铺集中投诉','拼多多近似商标商品','抖音直播间售假','京东第三方店铺侵权','线下批发市场售假'])[g % 5 + 1],
           o.id, o.org_name, 'large-right' || o.k, '测试商标' || o.k || '（第25类 ' || (30000000 + o.k) || '）',
           (g % 5 + 1)::text, (g % 6 + 1)::text, (g % 7 + 1)::text, (g % 5 + 1)::text, '日常监测发现的侵权线索，已完成截图取证',
           cnt, cnt * ${SUBSIDY}::numeric,
           case when approved then cnt * ${SUBSIDY}::numeric end,
           case when status = '7' then failed * ${SUBSIDY}::numeric else 0 end,
           ${POOL}, '大数据量测试资金池', status,
           case when status <> '1' then created + interval '1 day' end,
           case when approved then created + interval '3 days' end,
           case when approved then '同意' when status = '8' then '证据不足，无法认定侵权' when status = '10' then '请补充侵权商品购买公证材料' end,
           case when status in ('5','6','7') then created + interval '4 days' end,
           case when closing then '各线索已处理完毕，详见明细处理结果' end,
           case when closing then created + interval '20 days' end,
           case when status = '7' then created + interval '22 days' end,
           case when closing then (case when failed = 0 then '1' when failed < cnt then '2' else '3' end) end,
           case when closing then round((cnt - failed) * 100.0 / cnt, 2) end,
           case when closing then cnt - failed else 0 end,
           case when closing then failed else 0 end,
           0, o.sys_org_code, '0', 'large.' || g, created
      from (select g, 'large-bt' || g as id, status, now() - g * interval '631 seconds' as created,
                   case when g = 1 then 2000 else 1 + (g * 7) % 19 end as cnt,
                   case when g = 1 then 0 else ((g * 7) % 19 + 1) / 4 end as failed,
                   status in ('4','5','6','7') as approved, status in ('6','7') as closing
              from (select g, (case when g = 1 then '5' else (${sql.raw(STATUS_CYCLE)})[g % 20 + 1] end) as status
                      from generate_series(1, ${batches}) g) s) b
      join (select id, org_name, sys_org_code, (row_number() over (order by id) - 1)::int as k from rights_org where id like 'large-org%') o
        on o.k = b.g % ${ORGS}`);

  // Items: 待处理 before enforcement, a mix while 维权中, the counted outcome once closure was applied.
  await db.execute(sql`
    insert into rights_batch_item (id, batch_id, seq, link_url, shop_name, operator, location, goods_name, price, status, complaint_no,
                                   handle_time, create_by, create_time)
    select 'large-it' || substr(b.id, 9) || '-' || k, b.id, k,
           (array['https://item.taobao.com/item.htm?id=','https://detail.tmall.com/item.htm?id=','https://item.jd.com/','https://mobile.yangkeduo.com/goods.html?goods_id=',
                  'https://haohuo.jinritemai.com/views/product/item2?id=','https://detail.1688.com/offer/','https://www.example-market.cn/stall/'])[b.platform::int]
             || (substr(b.id, 9)::bigint * 10000 + k),
           (array['潮流优选','品质生活馆','名品折扣','优购精选','特价工厂店','旗舰直营','好物集合','尚品汇'])[k % 8 + 1] || k || '店',
           (array['王','李','陈','刘'])[k % 4 + 1] || '某',
           (array['浙江义乌','广东广州','福建莆田','江苏苏州','河北石家庄','山东临沂'])[k % 6 + 1],
           '测试商标同款商品', (39 + k % 300) + 0.9,
           st, case when st in ('3','4') then 'TS' || substr(b.id, 9) || '-' || k end,
           case when st in ('3','4') then (b.create_time + interval '15 days')::date end,
           b.create_by, b.create_time
      from rights_batch b
     cross join lateral generate_series(1, b.item_count) k
     cross join lateral (select case when b.status in ('6','7') then (case when k <= b.failed_count then '4' else '3' end)
                                     when b.status = '5' then (array['2','3','1'])[k % 3 + 1]
                                     else '1' end as st) s
     where b.id like 'large-bt%'`);

  const [{ held }] = await rows<{ held: string | null }>(
    db,
    sql`select sum(approved_amount - released_amount)::text as held from rights_batch where pool_id = ${POOL} and status in ('4','5','6','7')`,
  );
  const req = { poolId: POOL, bizRef: 'large-seed', bizNo: 'LARGE', orgId: null, orgName: null };
  await ledger.deposit(db, null, { ...req, amount: fromCents(toCents(held ?? '0') + 1_000_000_000n), opKey: 'large-seed:deposit', remark: '大数据量测试注资' });
  if (held && toCents(held) > 0n)
    await ledger.freeze(db, null, { ...req, amount: held, opKey: 'large-seed:freeze', remark: '大数据量测试批次核定金额合计冻结' });

  for (const table of ['rights_org', 'rights_batch', 'rights_batch_item']) await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
}
