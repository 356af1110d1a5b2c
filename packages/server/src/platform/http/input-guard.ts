import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTROL_CHARS, Msg } from '@sbwq/contracts';
import { fail } from './envelope.ts';

/** How deep a JSON body is searched; deeper nesting than any of our schemas is refused as well. */
const MAX_DEPTH = 32;

/**
 * The path (e.g. `body.items.0.name`) of the first string, key included, that carries a control
 * character, or null. A key that itself carries one is named by its parent, so the answer never
 * echoes the character.
 */
export function controlCharAt(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? where : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return where;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharAt(value[i], `${where}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARS.test(key)) return where;
    const found = controlCharAt(item, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuse(reply: FastifyReply, at: string) {
  const field = at.replace(/^(query|params|body|headers)\.?/, '');
  const message = field ? `${field}：${Msg.controlChars}` : Msg.controlChars;
  return reply.status(400).send(fail(message, 400));
}

/**
 * One guard for every route: a string with a control character in the query,
 * the path, a header (the token and tenant headers reach SQL) or the body is refused with a 400 before
 * any handler or database sees it. Registered before access control, so the token is checked too.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const at =
      controlCharAt(request.query, 'query') ?? controlCharAt(request.params, 'params') ?? (controlCharAt(request.headers, 'headers') ? 'headers' : null);
    if (at) return refuse(reply, at);
  });
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const at = controlCharAt(request.body, 'body');
    if (at) return refuse(reply, at);
  });
}
