import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DictMsg, Msg } from '@sbwq/contracts';
import type { Db } from '../db/client.ts';
import type { SessionUser } from '../auth/session.ts';
import type { ListResource } from '../list/list-query.ts';
import { listQuerySchema } from '../list/list-schema.ts';
import { idQuery, idsQuery, splitIds } from './ids.ts';
import { ok } from './envelope.ts';

/**
 * The six JeecgBoot-style routes a plain system-data resource (fill rules, check rules) exposes:
 * `list`, `queryById`, `add`, `edit`, `delete`, `deleteBatch` under one base path. The resource's own
 * routes (e.g. `checkByCode`) stay in its routes file; this only removes the copy of the common part.
 * Every route still declares its permission in `config`, so the access hook and the route walk test
 * see them exactly as if they were written out.
 */
export type CrudRoutes<AddBody extends z.ZodType, EditBody extends z.ZodType> = {
  /** e.g. `/sys/checkRule`; the routes are `${basePath}/list` and so on */
  basePath: string;
  tags: string[];
  /** the entity in the OpenAPI summaries: `${entity}分页列表`, `按 id 取${entity}`, `添加${entity}`… */
  entity: string;
  perm: { list: string; add: string; edit: string; delete: string };
  /** the whitelist `service.list` reads: `list` documents and checks its paging, sorting and filters */
  listResource: ListResource;
  addBody: AddBody;
  editBody: EditBody;
  addDescription?: string;
  editDescription?: string;
  service: {
    list: (db: Db, query: Record<string, unknown>) => Promise<unknown>;
    byId: (db: Db, id: string) => Promise<unknown>;
    add: (db: Db, user: SessionUser | null, body: z.output<AddBody>) => Promise<void>;
    edit: (db: Db, user: SessionUser | null, body: z.output<EditBody>) => Promise<void>;
    remove: (db: Db, ids: string[]) => Promise<void>;
  };
  /** success messages; JeecgBoot also returns them as `result` */
  messages: { added: string; edited: string; deleted: string };
};


/** Leave `description` out entirely when there is none, so the OpenAPI document stays as it was. */
const describedAs = (description: string | undefined) => (description ? { description } : {});

export function registerCrudRoutes<AddBody extends z.ZodType, EditBody extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  def: CrudRoutes<AddBody, EditBody>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { basePath, tags, entity, perm, service, messages } = def;

  r.get(
    `${basePath}/list`,
    {
      config: { permission: perm.list },
      schema: {
        tags,
        summary: `${entity}分页列表`,
        querystring: listQuerySchema(def.listResource),
      },
    },
    async (request) => ok(await service.list(db, request.query), Msg.querySuccess, 200),
  );

  r.get(
    `${basePath}/queryById`,
    { config: { permission: perm.list }, schema: { tags, summary: `按 id 取${entity}`, querystring: idQuery } },
    async (request) => ok(await service.byId(db, request.query.id), Msg.ok, 200),
  );

  r.post(
    `${basePath}/add`,
    { config: { permission: perm.add }, schema: { tags, summary: `添加${entity}`, ...describedAs(def.addDescription), body: def.addBody } },
    async (request) => {
      // Validated against def.addBody; TypeScript cannot resolve the provider's type for a generic schema.
      await service.add(db, request.user, request.body as z.output<AddBody>);
      return ok(messages.added, messages.added, 200);
    },
  );

  r.put(
    `${basePath}/edit`,
    { config: { permission: perm.edit }, schema: { tags, summary: `编辑${entity}`, ...describedAs(def.editDescription), body: def.editBody } },
    async (request) => {
      await service.edit(db, request.user, request.body as z.output<EditBody>);
      return ok(messages.edited, messages.edited, 200);
    },
  );

  r.delete(
    `${basePath}/delete`,
    { config: { permission: perm.delete }, schema: { tags, summary: `删除${entity}`, querystring: idQuery } },
    async (request) => {
      await service.remove(db, [request.query.id]);
      return ok(messages.deleted, messages.deleted, 200);
    },
  );

  r.delete(
    `${basePath}/deleteBatch`,
    { config: { permission: perm.delete }, schema: { tags, summary: `批量删除${entity}`, querystring: idsQuery(DictMsg.idsRequired) } },
    async (request) => {
      await service.remove(db, splitIds(request.query.ids, DictMsg.idsRequired));
      return ok(messages.deleted, messages.deleted, 200);
    },
  );
}
