/**
 * A 500-row page written by the reply serializer (fast-json-stringify compiled from the route's zod
 * reply schema, as production runs it: without the zod check) against `JSON.stringify` of the same
 * answer, and against what fastify-type-provider-zod's serializer did with a reply schema (zod check, then
 * `JSON.stringify`). Rows are shaped like a user list row: texts, nulls, numbers, a `*_dictText` and two columns
 * the schema does not name (which the serializer drops and `JSON.stringify` would send).
 */
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { ok } from '../src/platform/http/envelope.ts';
import { envelopeSchema } from '../src/platform/http/reply-schema.ts';
import { replySerializerCompiler } from '../src/platform/http/reply-serializer.ts';
import { userInfoFields } from '../src/modules/identity/auth/auth.replies.ts';

const text = z.string().nullable();
const row = z.object({ ...userInfoFields, sex_dictText: text, orgCode_dictText: text, status_dictText: text, balance: z.string() });
const page = envelopeSchema(z.object({ records: z.array(row), total: z.number(), size: z.number(), current: z.number(), pages: z.number() }));

function answer() {
  const records = Array.from({ length: 500 }, (_, i) => ({
    id: `1${String(i).padStart(18, '0')}`,
    username: `user${i}`,
    realname: `测量用户${i}`,
    avatar: i % 4 ? null : `temp/avatar_${i}.png`,
    birthday: i % 3 ? null : '1990-01-01',
    sex: i % 2 ? 1 : 2,
    sex_dictText: i % 2 ? '男' : '女',
    email: `user${i}@example.com`,
    phone: `1380000${String(i).padStart(4, '0')}`,
    orgCode: 'A01A01',
    orgCode_dictText: '维权部',
    status: 1,
    status_dictText: '正常',
    delFlag: 0,
    userIdentity: 1,
    relTenantIds: null,
    workNo: null,
    post: null,
    telephone: null,
    departIds: null,
    balance: `${i}1234.50`,
    createBy: 'admin',
    createTime: '2026-11-20 10:00:00',
    updateBy: null,
    updateTime: null,
    password: 'argon2id$…',
    salt: 'unnamed',
  }));
  return ok({ records, total: 100_000, size: 500, current: 1, pages: 200 });
}

const perSecond = (write: () => unknown, ms: number) => {
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) {
    write();
    n++;
  }
  return (n * 1000) / ms;
};

export function repliesBench(record: (what: string, value: string, budget?: string) => void) {
  const data = answer();
  const serialize = replySerializerCompiler({ check: false })({ schema: page, method: 'GET', url: '/bench', httpStatus: '200' });
  if (JSON.parse(serialize(data)).result.records[0].password !== undefined) throw new Error('the serializer sent a column its schema does not name');
  // Warm both up (JIT), then alternate so a drifting machine load affects both alike.
  perSecond(() => serialize(data), 500);
  perSecond(() => JSON.stringify(data), 500);
  const viaZod = zodSerializerCompiler({ schema: page, method: 'GET', url: '/bench' });
  const writers = { schema: () => serialize(data), json: () => JSON.stringify(data), zod: () => viaZod(data) };
  const rates = { schema: [] as number[], json: [] as number[], zod: [] as number[] };
  for (const which of ['schema', 'json', 'zod', 'zod', 'json', 'schema'] as const) rates[which].push(perSecond(writers[which], 1500));
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const [fast, plain, zod] = [mean(rates.schema), mean(rates.json), mean(rates.zod)];
  const each = (rate: number) => `${rate.toFixed(0)} 次/秒（${((1000 / rate) * 1000).toFixed(0)} µs/次）`;
  record('500 行列表回复：按结构输出（fast-json-stringify）', each(fast));
  record('500 行列表回复：JSON.stringify（含未声明的列）', `${each(plain)}，按结构输出为其 ${(fast / plain).toFixed(2)} 倍`);
  record('500 行列表回复：zod 校验后 JSON.stringify（原 serializerCompiler）', `${each(zod)}，按结构输出为其 ${(fast / zod).toFixed(2)} 倍`);
}
