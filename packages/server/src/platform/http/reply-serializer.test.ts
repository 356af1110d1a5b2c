import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { BizError, ok } from './envelope.ts';
import { installErrorHandling } from './errors.ts';
import { envelopeSchema } from './reply-schema.ts';
import { replySerializerCompiler } from './reply-serializer.ts';

type Node = { id: string; title: string; children?: Node[] };
const node: z.ZodType<Node> = z.object({
  id: z.string(),
  title: z.string(),
  get children() {
    return z.array(node).optional();
  },
});
const user = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  sex: z.number().nullable(),
  sex_dictText: z.string().nullable(),
  createTime: z.string().nullable(),
  loginAt: z.date().nullable(),
  balance: z.string(),
  visits: z.bigint(),
  depart: z.object({ id: z.string(), name: z.string() }).nullable(),
  extra: z.unknown(),
});

async function appWith(check: boolean, answer: () => unknown, result: z.ZodType = user) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ check }));
  installErrorHandling(app);
  app.get('/r', { schema: { response: { 200: envelopeSchema(result) } } }, async () => answer());
  app.get('/free', async () => answer());
  await app.ready();
  return app;
}

const pageOf = (record: z.ZodType) => z.object({ records: z.array(record), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

const row = (i: number) => ({
  id: `u${i}`,
  username: `user${i}`,
  realname: i % 2 ? null : `名字${i}`,
  sex: i % 3 === 0 ? null : 1,
  sex_dictText: i % 3 === 0 ? null : '男',
  createTime: '2026-01-02 03:04:05',
  loginAt: null,
  balance: '12345678901234.56',
  visits: 9007199254740993n,
  depart: null,
  extra: { any: ['thing', 1] },
  password: 'argon2-hash',
  salt: 'leak',
});

describe('replies are written from their schema (fast-json-stringify), not JSON.stringify', () => {
  for (const check of [true, false]) {
    it(`a column the schema does not name never reaches the wire (check ${check})`, async () => {
      const app = await appWith(check, () => ok(row(1)));
      const body = (await app.inject({ url: '/r' })).body;
      expect(body).not.toContain('password');
      expect(body).not.toContain('salt');
      const reply = JSON.parse(body);
      expect(reply.result.username).toBe('user1');
      expect(reply.result.sex_dictText).toBe('男');
      expect(reply.success).toBe(true);
    });
  }

  it('nulls stay null (scalars and objects), dates go out as ISO text, bigints as exact digits', async () => {
    const app = await appWith(true, () => ok({ ...row(3), loginAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), depart: null }));
    const { result } = JSON.parse((await app.inject({ url: '/r' })).body);
    expect(result).toMatchObject({
      realname: null,
      sex: null,
      sex_dictText: null,
      depart: null,
      loginAt: '2026-01-02T03:04:05.000Z',
      visits: '9007199254740993',
    });
    expect(result.balance).toBe('12345678901234.56');
    expect(result.extra).toEqual({ any: ['thing', 1] });
    const withDepart = await appWith(true, () => ok({ ...row(2), depart: { id: 'd', name: '部门', secret: 1 } }));
    expect(JSON.parse((await withDepart.inject({ url: '/r' })).body).result.depart).toEqual({ id: 'd', name: '部门' });
  });

  it('a tree of any depth (a recursive schema) keeps its children and drops unnamed fields at every level', async () => {
    const tree = [{ id: '1', title: 'a', key: 'x', children: [{ id: '2', title: 'b', key: 'y', children: [{ id: '3', title: 'c', key: 'z' }] }] }];
    const app = await appWith(true, () => ok(tree), z.array(node));
    const { result } = JSON.parse((await app.inject({ url: '/r' })).body);
    expect(result).toEqual([{ id: '1', title: 'a', children: [{ id: '2', title: 'b', children: [{ id: '3', title: 'c' }] }] }]);
  });

  it('a large page is written whole, each row by the schema', async () => {
    const records = Array.from({ length: 2000 }, (_, i) => row(i));
    const app = await appWith(false, () => ok({ records, total: 2000, size: 2000, current: 1, pages: 1 }), pageOf(user));
    const { result } = JSON.parse((await app.inject({ url: '/r' })).body);
    expect(result.records).toHaveLength(2000);
    expect(result.records[1999]).toEqual({ ...JSON.parse(JSON.stringify({ ...row(1999), visits: '9007199254740993' })), password: undefined, salt: undefined });
    expect(Object.keys(result.records[5])).not.toContain('password');
  });

  it('a refusal answers its envelope whatever result the route declares, and a route without schema is JSON.stringify as before', async () => {
    const refused = await appWith(true, () => {
      throw new BizError('不行', 500, 200, { reason: 'x' });
    });
    const reply = JSON.parse((await refused.inject({ url: '/r' })).body);
    expect(reply).toMatchObject({ success: false, message: '不行', code: 500, result: { reason: 'x' } });
    const free = await appWith(true, () => ok({ anything: 1, password: 'p' }));
    expect(JSON.parse((await free.inject({ url: '/free' })).body).result).toEqual({ anything: 1, password: 'p' });
  });

  it('outside production a reply that does not match its schema fails instead of being coerced', async () => {
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const wrong = () => ok({ ...row(1), sex: '1' });
      const checked = await appWith(true, wrong);
      expect(JSON.parse((await checked.inject({ url: '/r' })).body)).toMatchObject({ success: false, code: 500 });
      const missing = await appWith(true, () => ok({ id: 'x' }));
      expect((await missing.inject({ url: '/r' })).json().success).toBe(false);
      // the schema's author reads why (tests run without a logger)
      expect(String(written.mock.calls[0]?.[0])).toContain('GET /r: reply does not match its schema');
      expect(String(written.mock.calls[0]?.[0])).toContain('sex');
    } finally {
      written.mockRestore();
    }
  });
});
