import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { Msg } from '@sbwq/contracts';
import { rows, type Db } from '../db/client.ts';
import { dataVersion, underVersion } from '../db/versioned-cache.ts';
import { fail } from '../http/envelope.ts';
import { resolveSession, type SessionPolicy, type SessionUser } from '../auth/session.ts';

/**
 * Every route says who may call it, in its `config`:
 * - `public: true` — anyone;
 * - `signedIn: true` — any signed-in user (their own session, password, departments);
 * - `permission: 'module:resource:action'` — a signed-in user granted that code through a role (a comma
 *   list means any one of them);
 * - `adminOnly: true` — a signed-in user with the `admin` role.
 * One hook enforces it; a route that declares none of them is refused (and a test fails on it).
 *
 * An account whose organisation still awaits enrolment (self-registered, not yet vetted by the
 * association) reaches only the routes that also declare `onboarding: true` — its own account and
 * enrolment; every other route refuses it as it refuses a missing permission.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    signedIn?: boolean;
    permission?: string;
    adminOnly?: boolean;
    /** open to an account awaiting its organisation's enrolment (see above) */
    onboarding?: boolean;
    /** open to an account that must set a new password before anything else (issue 40) */
    passwordChange?: boolean;
    /**
     * How the route was built: by `registerResource` (a standard route) or `registerFlow` (a declared
     * action); a hand-written route has none and must be one of the documented special routes.
     */
    kind?: 'resource' | 'flow';
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** the tenant the `tenant_id` header selected and the user may use (0 = the default tenant) */
    tenantId: number;
    /** the signed-in account awaits its organisation's enrolment: a route open to it serves it its own data only */
    unvetted: boolean;
  }
}

export type AccessDeclaration = 'public' | 'signedIn' | 'permission' | 'adminOnly';

/** A route's config as the access check reads it (Fastify's config type has no index signature). */
export type AccessConfig = Partial<Record<AccessDeclaration, unknown>>;

export function declaredAccess(config: AccessConfig | undefined): AccessDeclaration[] {
  if (!config) return [];
  const found: AccessDeclaration[] = [];
  if (config.public === true) found.push('public');
  if (config.signedIn === true) found.push('signedIn');
  if (typeof config.permission === 'string' && config.permission.length > 0) found.push('permission');
  if (config.adminOnly === true) found.push('adminOnly');
  return found;
}

export const ACCESS_TOKEN_HEADER = 'x-access-token';

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.trim() !== '' ? value.trim() : null;
}

/**
 * Whether the user holds `code` through a role or a department role. Answers are remembered per
 * version of the `access` tables, so a grant or revocation applies to the very next request; pass
 * the session's `accessVersion` to save reading it again.
 */
export async function hasPermission(db: Db, userId: string, code: string, version?: number): Promise<boolean> {
  const v = version ?? (await dataVersion(db, 'access'));
  return underVersion(db, `perm\n${userId}\n${code}`, v, async () => {
    const found = await rows<{ ok: number }>(
      db,
      sql`select 1 as ok from sys_permission p
           where p.del_flag = 0 and coalesce(p.status, '1') = '1'
             and regexp_split_to_array(p.perms, '\\s*,\\s*') && regexp_split_to_array(${code}, '\\s*,\\s*')
             and (p.id in (select rp.permission_id from sys_role_permission rp
                             join sys_user_role ur on ur.role_id = rp.role_id where ur.user_id = ${userId})
               or p.id in (select drp.permission_id from sys_depart_role_permission drp
                             join sys_depart_role_user dru on dru.drole_id = drp.role_id where dru.user_id = ${userId}))
           limit 1`,
    );
    return found.length > 0;
  });
}

export async function hasRole(db: Db, userId: string, roleCode: string, version?: number): Promise<boolean> {
  const v = version ?? (await dataVersion(db, 'access'));
  return underVersion(db, `role\n${userId}\n${roleCode}`, v, async () => {
    const found = await rows<{ ok: number }>(
      db,
      sql`select 1 as ok from sys_user_role ur join sys_role r on r.id = ur.role_id
           where ur.user_id = ${userId} and r.role_code = ${roleCode} limit 1`,
    );
    return found.length > 0;
  });
}

/**
 * The tenant a request works in: the `tenant_id` header (JeecgBoot clients send 0 by default). A
 * non-zero tenant must exist, be enabled and be one of the user's (`rel_tenant_ids`); an administrator
 * may use any enabled tenant. Null means refused.
 */
export async function tenantOf(db: Db, request: FastifyRequest, user: SessionUser): Promise<number | null> {
  const raw = request.headers.tenant_id ?? request.headers['tenant-id'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (value === '' || value === '0' || value === 'undefined' || value === 'null') return 0;
  if (!/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  const found = await rows<{ allowed: boolean }>(
    db,
    sql`select (${id}::text = any(string_to_array(coalesce(u.rel_tenant_ids, ''), ','))
               or exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id and r.role_code = 'admin')) as allowed
          from sys_user u join sys_tenant t on t.id = ${id} and t.status = 1
         where u.id = ${user.id}`,
  );
  return found[0]?.allowed ? id : null;
}

/** What the JeecgBoot client expects for a bad token: Spring's error body with HTTP 500 (JEECG-API §1.2). */
export function sendTokenInvalid(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(500).send({
    ...fail(Msg.tokenInvalid, 500),
    status: 500,
    error: 'Internal Server Error',
    path: request.url.split('?')[0],
  });
}

export function installAccessControl(
  app: FastifyInstance,
  deps: {
    db: Db;
    policy: SessionPolicy;
    tokenFrom?: (request: FastifyRequest) => string | null;
    /** whether the account awaits its organisation's enrolment (the organisation module knows) */
    unvetted?: (user: SessionUser) => Promise<boolean>;
  },
) {
  const routes: RouteOptions[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('tenantId', 0);
  app.decorateRequest('unvetted', false);
  app.addHook('onRoute', (route) => {
    routes.push(route as RouteOptions);
  });
  const readToken = deps.tokenFrom ?? tokenOf;

  app.addHook('onRequest', async (request, reply) => {
    // Unknown paths reach the not-found handler, which answers 404 or the SPA and needs no one.
    if (request.is404) return;
    const config = request.routeOptions.config;
    const declared = declaredAccess(config);
    if (declared.length !== 1) {
      request.log.error({ url: request.routeOptions.url }, 'route without an access declaration');
      return reply.status(403).send(fail(Msg.noPermission, 510));
    }
    const kind = declared[0];
    const token = readToken(request);
    if (kind === 'public') {
      if (token) request.user = await resolveSession(deps.db, deps.policy, token);
      return;
    }
    if (!token) return reply.status(401).send(fail(Msg.unauthorized, 401));
    const user = await resolveSession(deps.db, deps.policy, token);
    if (!user) return sendTokenInvalid(request, reply);
    request.user = user;
    if (user.passwordMustChange && config.passwordChange !== true) return reply.status(403).send(fail(Msg.passwordMustChange, 510));
    const tenant = await tenantOf(deps.db, request, user);
    if (tenant === null) return reply.status(403).send(fail('无权访问该租户', 510));
    request.tenantId = tenant;
    request.unvetted = (await deps.unvetted?.(user)) ?? false;
    if (request.unvetted && config.onboarding !== true) return reply.status(403).send(fail(Msg.noPermission, 510));
    if (kind === 'signedIn') return;
    const allowed =
      kind === 'adminOnly'
        ? await hasRole(deps.db, user.id, 'admin', user.accessVersion)
        : await hasPermission(deps.db, user.id, config.permission ?? '', user.accessVersion);
    if (!allowed) return reply.status(403).send(fail(Msg.noPermission, 510));
  });

  return { routes };
}
