import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Msg } from '@sbwq/contracts';
import { BizError, fail } from './envelope.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, rootMessage } from '../db/errors.ts';

/**
 * The multipart parser (busboy, under @fastify/multipart) throws plain errors without a status when a
 * body has no boundary or ends early; they are the client's fault, so they answer 400.
 */
const BUSBOY_ERRORS = /^(Multipart: Boundary not found|Unexpected end of (multipart data|form|file)|Malformed part header|Malformed content type)/;

export function isBrokenMultipart(contentType: string | undefined, error: { code?: string; message?: string; statusCode?: number }): boolean {
  if (!contentType?.toLowerCase().startsWith('multipart/')) return false;
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return true;
  return error.statusCode === undefined && BUSBOY_ERRORS.test(error.message ?? '');
}

const UNIQUE_VIOLATION = '23505';

/** The PostgreSQL error code of a failed query (Drizzle wraps the driver's error as `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * One place turns every failure into the envelope: business errors keep their message, bad input gets
 * a 400 with a Chinese message, and nothing unplanned leaks a stack trace.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BizError) {
      return reply.status(error.httpStatus).send(fail(error.message, error.code, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const params = (first?.params ?? {}) as { issue?: { code?: string; keys?: string[] } };
      let text = first?.message ?? Msg.badRequest;
      if (params.issue?.code === 'unrecognized_keys') text = `不支持的字段：${(params.issue.keys ?? []).join(', ')}`;
      const custom = /[\u4e00-\u9fff]/.test(text) && !text.includes('：');
      const message = field && params.issue?.code !== 'unrecognized_keys' && !custom ? `${field}：${text}` : text;
      return reply.status(400).send(fail(message, 400));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
      return reply.status(400).send(fail(Msg.badJson, 400));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send(fail(Msg.bodyTooLarge, 413));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.status(415).send(fail('不支持的请求内容类型', 415));
    }
    if (sqlStateOf(error) === UNIQUE_VIOLATION) {
      // Two requests adding the same code at once both pass the service's own check; the second
      // meets the unique index. That is the client's duplicate, not a server fault.
      return reply.status(200).send(fail(Msg.duplicate, 500));
    }
    if (isBrokenMultipart(request.headers['content-type'], error)) {
      return reply.status(400).send(fail(Msg.badMultipart, 400));
    }
    if (status === 429) {
      return reply.status(429).send(fail(Msg.tooManyRequests, 429));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(Msg.badRequest, status));
    }
    if (isDatabaseUnavailable(error)) {
      // A restarting or hung database (client timeouts in platform/db/client.ts): the request can be
      // retried in a moment, so it is a 503 with a message the page shows, not an internal error.
      request.log.warn(`数据库不可用：${rootMessage(error)}`);
      return reply.status(503).send(fail(DATABASE_UNAVAILABLE, 503));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(Msg.serverError, 500));
  });
}
