import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SYSTEM_TITLE } from '@sbwq/contracts';
import type { Config } from '../config.ts';
import { declaredAccess, tokenOf } from '../access/access.ts';
import { decodeComponent } from '../http/uri.ts';

const DOC_COOKIE = 'sbwq_doc_token';

/** The page and its files are text or bytes, the document itself is free-form JSON: written as it is. */
const docsReply = z.unknown().describe('接口文档页面、其静态文件或 OpenAPI 文档');

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
    const match = cookie
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${DOC_COOKIE}=`));
    return match ? decodeComponent(match.slice(DOC_COOKIE.length + 1)) : null;
  };
}

/**
 * Each operation carries its route's access declaration as `x-permission` (exactly what the route's
 * `config` says: `{ permission: code }`, `{ public: true }`, `{ signedIn: true }` or `{ adminOnly: true }`),
 * a route open to an account awaiting enrolment says so (`x-onboarding`), and a public one says it needs
 * no token (`security: []`), so tools and tests read who may call what from the document itself.
 */
const withAccess: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const config = (document.route.config ?? {}) as Record<string, unknown>;
  const kinds = declaredAccess(config);
  if (!transformed.schema || transformed.schema.hide || kinds.length === 0) return transformed;
  const access = Object.fromEntries(kinds.map((kind) => [kind, config[kind]]));
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      'x-permission': access,
      // open to an account awaiting its organisation's enrolment, which every other route refuses
      ...(config.onboarding === true ? { 'x-onboarding': true } : {}),
      ...(kinds.includes('public') ? { security: [] } : {}),
    },
  };
};

export async function installDocs(app: FastifyInstance, config: Config) {
  const prefix = docPrefix(config);
  // The doc plugin's own routes get their access declaration here: open in development, admins in
  // production; they are the special route `docs`, answering a page, its files or the document itself.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(prefix)) {
      route.config = { ...route.config, special: 'docs', ...(config.production ? { adminOnly: true } : { public: true }) };
      route.schema = { ...route.schema, response: { 200: docsReply } };
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${SYSTEM_TITLE} API`, description: 'JeecgBoot 2.3 兼容接口', version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
      security: [{ token: [] }],
    },
    transform: withAccess,
    // A recursive reply (a tree) names its node schema with `.meta({ id })`; the components hold it.
    transformObject: jsonSchemaTransformObject,
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
