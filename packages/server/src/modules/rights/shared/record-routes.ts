import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approveBody, Msg, RightsMsg, type ApproveBody } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { ok } from '../../../platform/http/envelope.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { DictService } from '../../system/dict/dict.service.ts';
import { idQuery, idsQuery, splitIds } from '../../../platform/http/ids.ts';

type Doc = { summary: string; description?: string };

/**
 * The routes every audited rights record (bank account, protected right) has: `list`, `queryById`,
 * `add`, `edit` (PUT or POST), `delete`, `deleteBatch` and `approve`, under one base path. The
 * summaries differ in what they say about each record's states, so each route's doc is given whole.
 * A record's own routes (submit, set default, Excel) stay in its routes file. Every route still
 * declares its permission in `config`, as the access hook and the route walk test expect.
 */
export type RecordRoutes<Body extends z.ZodType> = {
  /** e.g. `/rights/bank` */
  basePath: string;
  tags: string[];
  perm: { list: string; add: string; edit: string; delete: string; approve: string };
  docs: { list: Doc; queryById: Doc; add: Doc; edit: Doc; delete: Doc; deleteBatch: Doc; approve: Doc };
  /** the query of `list`: `listQuerySchema` over the whitelist the service's list reads */
  listQuery: z.ZodType<ListParams>;
  /** the body of `add` and `edit` */
  body: Body;
  service: {
    list: (db: Db, dicts: DictService, user: SessionUser, query: ListParams) => Promise<unknown>;
    byId: (db: Db, dicts: DictService, user: SessionUser, id: string) => Promise<unknown>;
    /** returns the new record's id */
    add: (db: Db, user: SessionUser, body: z.output<Body>) => Promise<string>;
    edit: (db: Db, user: SessionUser, body: z.output<Body>) => Promise<void>;
    remove: (db: Db, user: SessionUser, ids: string[]) => Promise<void>;
    approve: (db: Db, sockets: SocketHub, user: SessionUser, body: ApproveBody) => Promise<void>;
  };
  /** the answers to `approve` */
  messages: { approved: string; rejected: string };
};


export function registerRecordRoutes<Body extends z.ZodType>(app: FastifyInstance, deps: AppDeps, def: RecordRoutes<Body>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts } = deps;
  const { basePath, tags, perm, docs, service } = def;

  r.get(
    `${basePath}/list`,
    { config: { permission: perm.list }, schema: { tags, ...docs.list, querystring: def.listQuery } },
    async (request) => ok(await service.list(db, dicts, request.user!, request.query), Msg.ok, 200),
  );

  r.get(
    `${basePath}/queryById`,
    { config: { permission: perm.list }, schema: { tags, ...docs.queryById, querystring: idQuery } },
    async (request) => ok(await service.byId(db, dicts, request.user!, request.query.id), Msg.ok, 200),
  );

  // The body was validated against def.body; TypeScript cannot resolve the provider's type for a generic schema.
  r.post(
    `${basePath}/add`,
    { config: { permission: perm.add }, schema: { tags, ...docs.add, body: def.body } },
    async (request) => ok(await service.add(db, request.user!, request.body as z.output<Body>), RightsMsg.added, 200),
  );

  r.route({
    method: ['PUT', 'POST'],
    url: `${basePath}/edit`,
    config: { permission: perm.edit },
    schema: { tags, ...docs.edit, body: def.body },
    handler: async (request) => {
      await service.edit(db, request.user!, request.body as z.output<Body>);
      return ok(null, RightsMsg.edited, 200);
    },
  });

  r.delete(
    `${basePath}/delete`,
    { config: { permission: perm.delete }, schema: { tags, ...docs.delete, querystring: idQuery } },
    async (request) => {
      await service.remove(db, request.user!, [request.query.id]);
      return ok(null, RightsMsg.deleted, 200);
    },
  );

  r.delete(
    `${basePath}/deleteBatch`,
    { config: { permission: perm.delete }, schema: { tags, ...docs.deleteBatch, querystring: idsQuery() } },
    async (request) => {
      await service.remove(db, request.user!, splitIds(request.query.ids, '请选择记录'));
      return ok(null, RightsMsg.batchDeleted, 200);
    },
  );

  r.post(
    `${basePath}/approve`,
    { config: { permission: perm.approve }, schema: { tags, ...docs.approve, body: approveBody } },
    async (request) => {
      await service.approve(db, deps.sockets, request.user!, request.body);
      return ok(null, request.body.result === 'pass' ? def.messages.approved : def.messages.rejected, 200);
    },
  );
}
