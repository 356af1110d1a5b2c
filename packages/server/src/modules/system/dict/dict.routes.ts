import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../app.ts';

const tags = ['数据字典'];

export async function dictRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sys/dict/getDictItems/:dictCode',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '按字典编码取字典项',
        description: '字典编码，或已登记的表字典 `表,文本字段,编码字段`；未登记的表字典一律拒绝。',
        params: z.object({ dictCode: z.string().min(1).max(200) }),
      },
    },
    async (request) => ok(await deps.dicts.items(request.params.dictCode), Msg.ok, 200),
  );

  r.get(
    '/sys/dict/queryAllDictItems',
    { config: { signedIn: true }, schema: { tags, summary: '全部启用的字典项', description: '字典编码 → [{value, text, title}]，按排序号排列。' } },
    async () => ok(await deps.dicts.allItems(), Msg.ok, 200),
  );

  r.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/sys/dict/refleshCache',
    config: { signedIn: true },
    schema: { tags, summary: '刷新字典缓存', description: '清除服务端字典缓存（配置 Redis 时所有服务进程一起清除）。' },
    handler: async () => {
      await deps.dicts.invalidate();
      return ok(null, Msg.ok, 200);
    },
  });
}
