import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SameType } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { loginInfo, visitInfo, type LoginInfo, type VisitDay } from './log-stats.service.ts';

const tags = ['系统日志'];

// Statistics for the stock dashboard (special routes: neither a resource nor a flow); the web does not call them.
const loginInfoSchema = z.object({ todayVisitCount: z.number(), todayIp: z.number(), totalVisitCount: z.number() });
const visitDaySchema = z.object({ visit: z.number(), ip: z.number(), tian: z.string(), type: z.string() });
true satisfies SameType<z.infer<typeof loginInfoSchema>, LoginInfo> & SameType<z.infer<typeof visitDaySchema>, VisitDay>;

/** The stock JeecgBoot 2.3 dashboard's visit figures (LoginController loginfo/visitInfo), from the login log. */
export async function logRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/sys/loginfo',
    {
      config: { signedIn: true, special: 'statistics' },
      schema: { tags, summary: '访问量（首页）', description: '登录日志（log_type 1）条数：todayVisitCount 今日、totalVisitCount 累计；todayIp 今日不同 IP 数。按北京时间计日。', response: { 200: envelopeSchema(loginInfoSchema) } },
    },
    async () => ok(await loginInfo(db), '登录成功', 200),
  );

  r.get(
    '/sys/visitInfo',
    {
      config: { signedIn: true, special: 'statistics' },
      schema: {
        tags,
        summary: '近 7 日访问量（首页图表）',
        description: '最近 7 天（含今天，北京时间）每天一项，日期升序：visit 登录日志条数、ip 不同 IP 数、tian 日期 YYYY-MM-DD、type 月-日 MM-DD；无记录的日子为 0。',
        response: { 200: envelopeSchema(z.array(visitDaySchema)) },
      },
    },
    async () => ok(await visitInfo(db), '登录成功', 200),
  );
}
