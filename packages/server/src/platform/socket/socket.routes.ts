import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { Msg, SocketClose } from '@sbwq/contracts';
import { rows, type Db } from '../db/client.ts';
import { resolveSession, type SessionPolicy, type SessionUser } from '../auth/session.ts';
import type { SocketChannel, SocketHub } from './hub.ts';
import { socketReply } from '../http/route-kinds.ts';

const tags = ['实时消息'];
/** Tokens are checked again this often; a socket whose session has ended (logout, expiry, frozen user) is closed. */
const SWEEP_MS = 30_000;
/** A table socket relays at most this many messages a second; the rest are dropped. */
const VXE_MAX_PER_SECOND = 20;

type Auth = { user: SessionUser | null };
type Tracked = { tokenHash: string; alive: boolean };

/**
 * The token a browser can send with a WebSocket: as the subprotocol (`new WebSocket(url, [token])`, as
 * later JeecgBoot clients do; the first offered protocol is echoed back, which browsers require) or as
 * a `token` query parameter. A browser cannot set X-Access-Token on a WebSocket.
 */
export function socketTokenOf(request: FastifyRequest): string | null {
  const header = request.headers['sec-websocket-protocol'];
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (offered[0]) return offered[0];
  const query = (request.query ?? {}) as Record<string, unknown>;
  return typeof query.token === 'string' && query.token !== '' ? query.token : null;
}

const userIdParam = z.string().min(1).max(36);
const tokenQuery = z.object({ token: z.string().max(200).optional() }).loose();

/**
 * The notification socket `{API_BASE}/websocket/{userId}` (JEECG-API §7.1) and the table socket
 * `{API_BASE}/vxeSocket/{userId}/{pageId}` (§7.2). Unlike stock JeecgBoot, both are authenticated: the
 * token is checked before the handler runs, and a connection with a bad token (4401) or for another
 * user's id (4403) is accepted only to be closed at once with that code, so that the client can tell
 * why. Each user may hold several connections (tabs).
 *
 * Who hears a table row update (spec §4 Editable table; JEECG-API §7.2). Stock JeecgBoot relays every
 * `update_vxe_table` to every connected socket of every user. Here a client's update goes only to the
 * sender's own table sockets (its other tabs and windows, in any server process), never to another
 * user, because what a client sends is its own claim, not what was saved: relaying it further would let
 * any signed-in user put made-up rows into other users' open tables, and would hand rows to users whose
 * permissions or data scope exclude them (the server cannot check an opaque socketKey and row against
 * each recipient's rules). Other users see a saved row when the server itself pushes it, after the
 * save's transaction commits, from the route that saved it: that route knows the row as stored and who
 * may see it, and calls `sockets.sendOn('vxe', recipientIds, {type: 'update_vxe_table', data:
 * {socketKey, args: [row]}})` (no caseId, so every table with that socketKey merges it, the saver's
 * included). No feature does that yet; the first one that needs shared live editing adds it.
 */
export async function socketRoutes(app: FastifyInstance, deps: { db: Db; policy: SessionPolicy; sockets: SocketHub }, opts: { sweepMs?: number } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auths = new WeakMap<FastifyRequest, Auth>();
  const tracked = new Map<WebSocket, Tracked>();

  const authenticate = async (request: FastifyRequest) => {
    const token = socketTokenOf(request);
    auths.set(request, { user: token ? await resolveSession(deps.db, deps.policy, token) : null });
  };

  /** Checks the connection's token and path; on success registers the socket and returns its user id. */
  const admit = (socket: WebSocket, request: FastifyRequest, channel: SocketChannel, pathUserId: string): string | null => {
    const user = auths.get(request)?.user ?? null;
    if (!user) {
      socket.close(SocketClose.tokenInvalid, Msg.tokenInvalid);
      return null;
    }
    if (user.id !== pathUserId) {
      socket.close(SocketClose.wrongUser, 'forbidden');
      return null;
    }
    const remove = deps.sockets.add(channel, user.id, socket, SocketClose.tooMany);
    tracked.set(socket, { tokenHash: user.tokenHash, alive: true });
    socket.on('pong', () => {
      const t = tracked.get(socket);
      if (t) t.alive = true;
    });
    socket.on('close', () => {
      remove();
      tracked.delete(socket);
    });
    return user.id;
  };

  r.get(
    '/websocket/:userId',
    {
      websocket: true,
      // Public to the access hook because a browser's WebSocket cannot send X-Access-Token: the token
      // travels as the subprotocol or ?token= and is checked right here, in preValidation and admit().
      config: { public: true, special: 'sockets' },
      schema: {
        tags,
        summary: '通知 WebSocket',
        params: z.object({ userId: userIdParam }),
        querystring: tokenQuery,
        response: socketReply('升级为 WebSocket；服务端推送通知 JSON，客户端任何文本都得到心跳回复 {"cmd":"heartcheck","msgTxt":"心跳响应"}'),
      },
      preValidation: authenticate,
    },
    (socket, request) => {
      if (!admit(socket, request, 'notice', request.params.userId)) return;
      // JEECG-API §7.1: every client text is answered with the heartbeat reply.
      const reply = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });
      socket.on('message', () => {
        if (socket.readyState === socket.OPEN) socket.send(reply);
      });
    },
  );

  r.get(
    '/vxeSocket/:userId/:pageId',
    {
      websocket: true,
      // Public for the same reason as /websocket: the handler authenticates the token itself.
      config: { public: true, special: 'sockets' },
      schema: {
        tags,
        summary: '表格行实时同步 WebSocket',
        params: z.object({ userId: userIdParam, pageId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        querystring: tokenQuery,
        response: socketReply('升级为 WebSocket；收发 update_vxe_table 消息，只转发给发送者自己的其他表格连接'),
      },
      preValidation: authenticate,
    },
    (socket, request) => {
      const userId = admit(socket, request, 'vxe', request.params.userId);
      if (!userId) return;
      let windowStart = Date.now();
      let inWindow = 0;
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        let msg: { type?: unknown; data?: unknown };
        try {
          msg = JSON.parse(data.toString()) as typeof msg;
        } catch {
          return;
        }
        if (msg?.type === 'heart_beat') {
          socket.send(JSON.stringify({ type: 'heart_beat', data: true }));
          return;
        }
        if (msg?.type !== 'update_vxe_table') return;
        const payload = msg.data as { socketKey?: unknown; args?: unknown } | null;
        if (!payload || typeof payload.socketKey !== 'string' || !Array.isArray(payload.args)) return;
        const now = Date.now();
        if (now - windowStart >= 1000) [windowStart, inWindow] = [now, 0];
        if (++inWindow > VXE_MAX_PER_SECOND) return;
        // Same user only (see above). The sender gets its copy too, as in stock; the client skips its
        // own update by caseId.
        void deps.sockets.sendOn('vxe', [userId], { type: 'update_vxe_table', data: { socketKey: payload.socketKey, args: payload.args } });
      });
    },
  );

  // Keep-alive and session check: a socket that did not answer the last ping is dropped, and one whose
  // session has ended since it connected is closed with 4401.
  const sweep = async () => {
    const hashes = new Set<string>();
    for (const [socket, t] of tracked) {
      if (!t.alive) {
        socket.terminate();
        continue;
      }
      t.alive = false;
      socket.ping();
      hashes.add(t.tokenHash);
    }
    if (hashes.size === 0) return;
    const valid = await validTokenHashes(deps.db, deps.policy, [...hashes]);
    for (const [socket, t] of tracked) {
      if (!valid.has(t.tokenHash)) socket.close(SocketClose.tokenInvalid, Msg.tokenInvalid);
    }
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => app.log.warn({ err: error }, 'socket sweep failed'));
  }, opts.sweepMs ?? SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Which of these session hashes still belong to a live session of an active user (same rules as resolveSession, without touching it). */
async function validTokenHashes(db: Db, policy: SessionPolicy, hashes: string[]): Promise<Set<string>> {
  const valid = new Set<string>();
  for (let i = 0; i < hashes.length; i += 1000) {
    const chunk = hashes.slice(i, i + 1000);
    const found = await rows<{ token_hash: string }>(
      db,
      sql`select s.token_hash from sys_session s join sys_user u on u.id = s.user_id
           where s.token_hash in ${chunk} and s.revoked_at is null and s.expires_at > now()
             and s.last_seen_at > now() - make_interval(mins => ${policy.idleMinutes})
             and u.status = 1 and u.del_flag = 0`,
    );
    for (const row of found) valid.add(row.token_hash);
  }
  return valid;
}
