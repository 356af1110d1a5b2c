import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actionMethod, actionUrl, FILE_REPLY, Msg, type FlowActionDecl, type FlowRoutes } from '@sbwq/contracts';
import type { AppDeps } from '../deps.ts';
import { BizError, ok } from '../http/envelope.ts';
import { fileReply } from '../http/route-kinds.ts';
import { envelopeSchema } from '../http/reply-schema.ts';
import { sendExcel, type ExcelFile, type ResourceCtx } from '../resource/resource-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a declared query sent as POST (`readOnly` in contracts): it only reads, so it is no operation in 操作日志 */
    readOnly?: boolean;
  }
}

/**
 * What an action's handler is called with: the resource's context, the request for what the schema does
 * not carry (an upload), and the reply for a header the answer needs (a cookie).
 */
export type FlowCtx = ResourceCtx & { request: FastifyRequest; reply: FastifyReply };

/** A success answer whose message (or code) depends on what happened: `answer(null, BatchMsg.rejected)`. */
export class Answer<T> {
  constructor(
    readonly result: T,
    readonly message: string,
    readonly code = 200,
  ) {}
}
export const answer = <T>(result: T, message: string, code = 200) => new Answer(result, message, code);

type OwnInput<A> = A extends { body: infer B extends z.ZodType } ? z.output<B> : A extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
type Input<A> = A extends { params: infer P extends z.ZodType } ? z.output<P> & (OwnInput<A> extends undefined ? unknown : OwnInput<A>) : OwnInput<A>;
type Result<A> = A extends { reply: infer R } ? (R extends z.ZodType ? z.input<R> : ExcelFile) : never;

export type FlowHandler<A> = (ctx: FlowCtx, input: Input<A>) => Promise<Result<A> | Answer<Result<A>>>;

/** One handler per action the flow serves (an action on a standard route is the resource's). */
export type FlowHandlers<Acts> = { [K in keyof Acts as Acts[K] extends { standard: string } ? never : K]: FlowHandler<Acts[K]> };

/** An action's OpenAPI text beyond its declaration, and its tags where they differ from the flow's. */
type Doc = { summary?: string; description?: string; tags?: string[] };

export type FlowImpl<Acts> = {
  tags: string[];
  handlers: FlowHandlers<Acts>;
  /**
   * The server's own query schema of an action, in place of the declaration's: a list's, built from its
   * whitelist (which only the server holds); the declaration's stays what the web sends.
   */
  queries?: Partial<Record<keyof Acts, z.ZodType>>;
  /** OpenAPI text beyond the declaration's summary */
  docs?: Partial<Record<keyof Acts, Doc>>;
  /** Requests an address may make per window (@fastify/rate-limit), for actions whose work is costly */
  rateLimits?: Partial<
    Record<keyof Acts, { max: number; timeWindow: string; hook?: 'onRequest' | 'preHandler'; keyGenerator?: (request: FastifyRequest) => string }>
  >;
};

/** The permission declaration the access hook checks, from the action's (and whether an unvetted account may call it). */
function accessOf(action: FlowActionDecl) {
  const onboarding = { ...(action.onboarding ? { onboarding: true } : {}), ...(action.passwordChange ? { passwordChange: true } : {}) };
  if (action.permission) return { permission: action.permission, ...onboarding };
  if (action.signedIn) return { signedIn: true, ...onboarding };
  if (action.adminOnly) return { adminOnly: true, ...onboarding };
  throw new Error(`${action.path}: an action declares who may call it`);
}

/** The uploaded Excel file of a multipart request, refused with the skeleton's words when missing or not .xlsx. */
export async function uploadedXlsx(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file();
  if (!file) throw new BizError('请上传 Excel 文件');
  if (!/\.xlsx$/i.test(file.filename)) throw new BizError('只支持 .xlsx 格式的 Excel 文件');
  return file.toBuffer();
}

/**
 * Registers a flow's actions declared in contracts (`defineFlow`): each route with its input schema,
 * its reply schema inside the envelope, and the permission declaration; `config.kind = 'flow'` tells
 * the route walk it was declared. An action without a handler is a startup error.
 */
export function registerFlow<Acts extends Record<string, FlowActionDecl<never>>>(
  app: FastifyInstance,
  deps: AppDeps,
  flow: FlowRoutes<Acts>,
  impl: FlowImpl<Acts>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const handlers = impl.handlers as Record<string, FlowHandler<unknown> | undefined>;
  for (const [key, action] of Object.entries(flow.actions) as [string, FlowActionDecl][]) {
    if (action.standard) continue;
    const handler = handlers[key];
    if (!handler) throw new Error(`${flow.basePath}: the flow declares ${key} but no handler serves it`);
    const file = action.reply === FILE_REPLY;
    const doc = impl.docs?.[key as keyof Acts];
    const query = impl.queries?.[key as keyof Acts] ?? action.query;
    const rateLimit = impl.rateLimits?.[key as keyof Acts];
    r.route({
      method: [actionMethod(action), ...(action.alsoMethods ?? [])],
      url: actionUrl(flow, action),
      config: { kind: 'flow', ...accessOf(action), ...(action.readOnly ? { readOnly: true } : {}), ...(rateLimit ? { rateLimit } : {}) },
      schema: {
        tags: doc?.tags ?? impl.tags,
        summary: doc?.summary ?? action.summary ?? action.label ?? key,
        ...(doc?.description ? { description: doc.description } : {}),
        ...(action.params ? { params: action.params } : {}),
        ...(action.body ? { body: action.body } : {}),
        ...(query ? { querystring: query } : {}),
        response: { 200: file ? fileReply(action.label ?? action.summary ?? key) : envelopeSchema(action.reply as z.ZodType) },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const ctx: FlowCtx = { db: deps.db, deps, user: request.user!, tenantId: request.tenantId, request, reply };
        const own = action.body ? request.body : request.query;
        const done = await handler(ctx, (action.params ? { ...(request.params as object), ...(own as object) } : own) as never);
        if (file) return sendExcel(reply, done as unknown as ExcelFile);
        if (done instanceof Answer) return ok(done.result ?? null, done.message, done.code);
        return ok(done ?? null, action.done ?? Msg.ok, 200);
      },
    });
  }
}
