import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { availableActions, defineFlow, FILE_REPLY } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../test/harness.ts';
import { installAccessControl } from '../access/access.ts';
import { installErrorHandling } from '../http/errors.ts';
import { seedButtons } from '../../seed/buttons.ts';
import { answer, registerFlow } from './flow-routes.ts';
import { assertAction, canTake } from './flow-guard.ts';

/*
 * A test-only flow written the way a feature writes one: the declaration (contracts), a service that
 * guards by it, one registerFlow call. It proves the routes, their access, their reply schemas and the
 * state guard all come from the declaration, and that the web's buttons read the same rules.
 */

const Perm = { list: 'test:ticket:list', submit: 'test:ticket:submit', decide: 'test:ticket:decide' } as const;
const Status = { draft: '1', pending: '2', done: '3' } as const;
type Ticket = { id: string; title: string; status: string; mine: boolean };
const ticketSchema = z.object({ id: z.string(), title: z.string(), status: z.string() });

const ticketFlow = defineFlow<Ticket, string>()({
  basePath: '/test/ticket',
  stateField: 'status',
  actions: {
    remove: {
      standard: 'delete',
      path: 'delete',
      method: 'DELETE',
      permission: Perm.submit,
      query: z.object({ id: z.string() }),
      reply: z.null(),
      from: [Status.draft],
      refusal: '只有草稿可以删除',
      label: '删除',
      tone: 'danger',
      confirm: () => '确定删除吗?',
    },
    submit: {
      path: 'submit',
      permission: Perm.submit,
      body: z.object({ id: z.string() }),
      reply: ticketSchema,
      done: '已提交',
      from: [Status.draft],
      to: Status.pending,
      refusal: '只有草稿可以提交',
      who: 'owner',
      label: '提交',
      offered: (t) => t.mine,
    },
    decide: {
      path: 'decide',
      permission: Perm.decide,
      body: z.object({ id: z.string(), pass: z.boolean() }),
      reply: z.null(),
      from: [Status.pending],
      to: Status.done,
      refusal: '该单据不是待审核状态',
      who: 'notSubmitter',
      decision: { bizType: '3', node: '1' },
      label: '审核',
    },
    list: { path: 'list', method: 'GET', permission: Perm.list, query: z.object({ title: z.string().optional() }), reply: z.array(ticketSchema) },
    template: { path: 'template', method: 'GET', signedIn: true, reply: FILE_REPLY },
  },
});

describe('§ flows declared once: defineFlow → registerFlow, the state guard and the buttons', async () => {
  const t = await createTestApp();
  await seedButtons(
    t.database.db,
    Object.values(Perm).map((code) => ({ code, name: code })),
    [RoleId.admin],
  );
  const tickets = new Map<string, Ticket & { secret: string }>([['a', { id: 'a', title: '甲', status: Status.draft, mine: true, secret: 'x' }]]);

  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const { routes } = installAccessControl(app, { db: t.database.db, policy: t.deps.policy });
  registerFlow(app, t.deps, ticketFlow, {
    tags: ['示例'],
    handlers: {
      submit: async (_c, body) => {
        const row = tickets.get(body.id)!;
        assertAction(ticketFlow, 'submit', row);
        row.status = Status.pending;
        return row;
      },
      decide: async (_c, body) => {
        const row = tickets.get(body.id)!;
        assertAction(ticketFlow, 'decide', row);
        row.status = Status.done;
        return answer(null, body.pass ? '审核通过' : '已驳回');
      },
      list: async (_c, query) => [...tickets.values()].filter((r) => !query.title || r.title === query.title),
      template: async () => ({ body: Buffer.from('xlsx'), fileName: '模板.xlsx', asciiName: 'template.xlsx' }),
    },
  });
  await app.ready();
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { 'X-Access-Token': admin }, ...(payload ? { payload } : {}) });

  it('builds one route per served action with its access declaration and kind; the standard one is left to the resource', () => {
    const declared = routes
      .filter((r) => String(r.url).startsWith('/test/ticket') && r.method !== 'HEAD')
      .map((r) => {
        const config = r.config as { kind?: string; permission?: string; signedIn?: boolean };
        return `${String(r.method)} ${r.url} ${config.kind} ${config.permission ?? (config.signedIn ? 'signedIn' : '')}`;
      });
    expect(declared.sort()).toEqual(
      [
        'POST /test/ticket/submit flow test:ticket:submit',
        'POST /test/ticket/decide flow test:ticket:decide',
        'GET /test/ticket/list flow test:ticket:list',
        'GET /test/ticket/template flow signedIn',
      ].sort(),
    );
  });

  it('answers the declared reply in the envelope, with the declared message; a column the reply does not name is not sent', async () => {
    const listed = json(await call('GET', '/test/ticket/list'));
    expect(listed).toMatchObject({ success: true, message: '操作成功！', result: [{ id: 'a', title: '甲', status: Status.draft }] });
    expect((listed.result as object[])[0]).not.toHaveProperty('secret');
    expect(json(await call('POST', '/test/ticket/submit', { id: 'a' }))).toMatchObject({
      success: true,
      message: '已提交',
      result: { id: 'a', status: Status.pending },
    });
    expect(json(await call('POST', '/test/ticket/decide', { id: 'a', pass: true }))).toMatchObject({ success: true, message: '审核通过', result: null });
    const file = await call('GET', '/test/ticket/template');
    expect(String(file.headers['content-disposition'])).toContain('template.xlsx');
  });

  it("the guard refuses with the declaration's words when the state does not allow the action", async () => {
    expect(json(await call('POST', '/test/ticket/submit', { id: 'a' }))).toMatchObject({ success: false, message: '只有草稿可以提交' });
    expect(json(await call('POST', '/test/ticket/decide', { id: 'a', pass: false }))).toMatchObject({ success: false, message: '该单据不是待审核状态' });
    expect(canTake(ticketFlow, 'submit', { status: Status.draft })).toBe(true);
  });

  it("the web's buttons come from the same rules: state, record flags and codes, in the declaration's order", () => {
    const all = () => true;
    expect(availableActions(ticketFlow, { id: 'b', title: '乙', status: Status.draft, mine: true }, all)).toEqual(['remove', 'submit']);
    expect(availableActions(ticketFlow, { id: 'b', title: '乙', status: Status.draft, mine: false }, all)).toEqual(['remove']);
    expect(availableActions(ticketFlow, { id: 'b', title: '乙', status: Status.pending, mine: true }, (code) => code !== Perm.decide)).toEqual([]);
  });

  it('a declaration without a handler for an action fails at startup', () => {
    const probe = Fastify();
    expect(() => registerFlow(probe, t.deps, ticketFlow, { tags: [], handlers: {} as never })).toThrow(/submit/);
  });
});
