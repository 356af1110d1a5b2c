import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SYSTEM_TITLE } from '@sbwq/contracts';
import type { Config } from '../config.ts';
import { tokenOf } from '../access/access.ts';
import { decodeComponent } from '../http/uri.ts';

const DOC_COOKIE = 'sbwq_doc_token';

export const docPrefix = (config: Config) => `${config.apiBase}/doc`;

/**
 * A browser opening the docs cannot send X-Access-Token, so in production the page accepts
 * `?token=` once and keeps it in an HttpOnly cookie limited to the docs path.
 */
export function docTokenOf(config: Config) {
  const prefix = docPrefix(config);
  return (request: FastifyRequest): string | null => {
    const header = tokenOf(request);
    if (header || !request.url.startsWith(prefix)) return header;
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (typeof query.token === 'string' && query.token) return query.token;
    const cookie = request.headers.cookie ?? '';
    const match = cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${DOC_COOKIE}=`));
    return match ? decodeComponent(match.slice(DOC_COOKIE.length + 1)) : null;
  };
}

export async function installDocs(app: FastifyInstance, config: Config) {
  const prefix = docPrefix(config);
  // The doc plugin's own routes get their access declaration here: open in development, admins in production.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(prefix)) {
      route.config = { ...(route.config ?? {}), ...(config.production ? { adminOnly: true } : { public: true }) };
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${SYSTEM_TITLE} API`, description: 'JeecgBoot 2.3 兼容接口', version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: prefix,
    uiConfig: { docExpansion: 'list', deepLinking: false },
    uiHooks: {
      onRequest: (request, reply, done) => {
        const query = (request.query ?? {}) as Record<string, unknown>;
        if (typeof query.token === 'string' && query.token) {
          reply.header(
            'set-cookie',
            `${DOC_COOKIE}=${encodeURIComponent(query.token)}; Path=${prefix}; HttpOnly; SameSite=Strict${config.production ? '' : ''}`,
          );
        }
        done();
      },
    },
  });
}
