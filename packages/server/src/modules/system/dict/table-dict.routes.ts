import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DictMsg, Msg, TableDictPerm, tableDictResource, tableDictSourceSchema } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import * as tables from './table-dict.service.ts';
import { tableDictSources } from './table-dict.registry.ts';

const tags = ['表字典登记'];

/** 表字典登记: the registry of the table dictionaries the dictionary calls may read (registered by dictRoutes). */
export async function tableDictRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResource(app, deps, tableDictResource, {
    tags,
    listResource: tables.tableDictWhitelist,
    docs: {
      list: { summary: '已登记的表字典' },
      add: { summary: '登记表字典', description: '表、文本字段、编码字段与过滤条件须在白名单内；编码 `表,文本字段,编码字段` 自动生成。' },
    },
    service: {
      list: (c, query) => tables.listTableDicts(c.db, query),
      byId: (c, id) => tables.tableDictById(c.db, id),
      add: (c, body) => tables.addTableDict(c.deps, c.user, body),
      edit: (c, body) => tables.editTableDict(c.deps, c.user, body),
      remove: (c, ids) => tables.deleteTableDicts(c.deps, ids),
    },
    messages: { added: DictMsg.added, edited: DictMsg.edited, deleted: DictMsg.deleted, idsRequired: DictMsg.idsRequired, queriedById: Msg.ok },
    echoMessage: true,
  });

  r.get(
    '/sys/tableDict/sources',
    {
      config: { permission: TableDictPerm.list },
      schema: { tags, summary: '可登记的表、字段与过滤条件', description: '服务端白名单：只有这些表的这些字段可以登记为表字典，凭据类字段永不可选。', response: { 200: envelopeSchema(z.array(tableDictSourceSchema)) } },
    },
    async () => ok(tableDictSources(), Msg.ok, 200),
  );
}
