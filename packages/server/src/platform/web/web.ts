import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Msg } from '@sbwq/contracts';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { fail } from '../http/envelope.ts';

/** The browser's runtime configuration, as a script file because the CSP forbids inline scripts. */
function appConfigScript(config: Config): string {
  const value = {
    apiBase: config.apiBase,
    staticDomain: `${config.apiBase}/sys/common/static`,
    footer: config.footer,
    // what the login page offers: the CAS server to send the user to, the OIDC providers' buttons
    sso: {
      casServerUrl: config.sso.cas?.serverUrl ?? null,
      publicUrl: config.sso.publicUrl,
      providers: config.sso.oidc.map(({ name, label }) => ({ name, label })),
    },
  };
  return `window.__APP_CONFIG__ = ${JSON.stringify(value).replaceAll('<', '\\u003c')};\n`;
}

/**
 * Stock JeecgBoot calls this server deliberately does not answer (README, JEECG-API differences). They get
 * 501 and the reason: the stock client shows the message of any status but 401/403/404/500/504, where
 * its own text would say only 很抱歉，资源未找到!.
 */
const UNSERVED_STOCK_PREFIXES: readonly (readonly [string, string])[] = [
  ['/actuator/', Msg.actuatorUnserved],
  ['/sys/actuator/', Msg.actuatorUnserved],
  ['/sys/sysUserAgent/', Msg.userAgentUnserved],
  ['/sys/sysDepartPermission/datarule', Msg.departDataRuleUnserved],
  ['/sys/sysDepartRole/datarule', Msg.departDataRuleUnserved],
];

/**
 * Serves the built SPA: real files from the build folder, index.html for every other GET outside the
 * API (client-side routes survive a reload), and the API's 404 envelope for unknown API paths.
 */
export async function installWeb(app: FastifyInstance, config: Config) {
  const script = appConfigScript(config);
  app.get(
    '/app-config.js',
    { config: { public: true, special: 'web' }, schema: { hide: true, response: { 200: z.string().describe('JavaScript：window 上的运行配置') } } },
    async (_request, reply) => reply.header('content-type', 'application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );

  const hasBuild = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: config.webDist, serve: false });
  }
  const apiPrefix = `${config.apiBase}/`;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = config.apiBase === '' ? false : pathname === config.apiBase || pathname.startsWith(apiPrefix);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const apiPath = isApi ? pathname.slice(config.apiBase.length) : pathname;
      const unserved = UNSERVED_STOCK_PREFIXES.find(([prefix]) => apiPath.startsWith(prefix));
      if (unserved) return reply.status(501).send(fail(unserved[1], 501));
      return reply.status(404).send(fail(Msg.pathNotFound, 404));
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain; charset=utf-8').send('前端尚未构建，请先运行 npm run build（npm start 会自动构建）。');
    }
    const relative = decodeURIComponent(pathname).replace(/^\/+/, '');
    if (relative && !relative.includes('..') && !relative.includes('\0') && path.extname(relative)) {
      const file = path.join(config.webDist, relative);
      if (file.startsWith(config.webDist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        const immutable = relative.startsWith('assets/');
        return reply.sendFile(relative, { maxAge: immutable ? '365d' : 0, immutable });
      }
      if (relative.startsWith('assets/')) return reply.status(404).send('Not Found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 });
  });
}
