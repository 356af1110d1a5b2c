import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { approveBody, type ApproveBody } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { ok } from '../../../platform/http/envelope.ts';

/**
 * `${basePath}/approve` of an audited record (bank account, protected right): 待审核 → 已通过 | 已驳回.
 * The record's resource declaration has no approve route, so each record registers this beside it.
 */
export function registerApprove(
  app: FastifyInstance,
  deps: AppDeps,
  def: {
    basePath: string;
    permission: string;
    tags: string[];
    summary: string;
    description: string;
    approve: (db: Db, sockets: SocketHub, user: SessionUser, body: ApproveBody) => Promise<void>;
    messages: { approved: string; rejected: string };
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${def.basePath}/approve`,
    { config: { permission: def.permission }, schema: { tags: def.tags, summary: def.summary, description: def.description, body: approveBody } },
    async (request) => {
      await def.approve(deps.db, deps.sockets, request.user!, request.body);
      return ok(null, request.body.result === 'pass' ? def.messages.approved : def.messages.rejected, 200);
    },
  );
}
