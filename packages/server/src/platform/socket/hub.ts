import { RedisChannel } from '../redis/channel.ts';
import type { RedisLink } from '../redis/link.ts';
import type { WebSocket } from 'ws';

/**
 * Which socket family a connection belongs to: `notice` is `{API_BASE}/websocket/{userId}` (the bell),
 * `vxe` is `{API_BASE}/vxeSocket/{userId}/{pageId}` (live table rows).
 */
export type SocketChannel = 'notice' | 'vxe';

export type SocketMessage = Record<string, unknown>;

/** What travels between processes: who gets it and what. `to: null` means every connected user. */
type Delivery = {
  channel: SocketChannel;
  to: string[] | null;
  msg: SocketMessage;
  /** add the recipient's own id as `userId` to each copy */
  stampUserId?: boolean;
  /** with `to: null`: the users left out */
  except?: string[];
};

const OPEN = 1;

/**
 * The sockets this process holds, by channel and user, and delivery to them. A user may hold several
 * (one per browser tab). With Redis configured, every delivery is also published, and every other
 * server process delivers it to the sockets it holds, so a message reaches the user wherever their
 * socket landed behind the load balancer. This process delivers its own share directly and at once and
 * never again from Redis (the channel drops a process's own messages), so it is never duplicated here.
 *
 * A Redis outage (issue #24): the cross-process part is kept in a bounded queue (1000 deliveries, at most
 * 10 minutes old) and published when Redis returns (platform/redis/channel.ts), so a notice released
 * meanwhile still reaches sockets on the other processes; nothing waits for Redis.
 */
export class SocketHub {
  private readonly sockets: Record<SocketChannel, Map<string, Set<WebSocket>>> = { notice: new Map(), vxe: new Map() };
  private redis: RedisChannel | null = null;

  constructor(private readonly opts: { maxPerUser?: number } = {}) {}

  /** `prefix` (config REDIS_PREFIX) names the channel, so deployments sharing one Redis do not hear each other. */
  connect(link: RedisLink | null, prefix = 'sbwq'): void {
    if (!link) return;
    // `:v2`: framed messages (platform/redis/channel.ts); an older process would fail on them, so it listens elsewhere.
    this.redis = new RedisChannel(link, `${prefix}:socket:v2`, { maxKept: 1000, maxAgeMs: 10 * 60_000 });
    this.redis.listen((text) => {
      let delivery: Delivery;
      try {
        delivery = JSON.parse(text) as Delivery;
      } catch {
        return;
      }
      // A message this version cannot read is dropped, not thrown inside the Redis client.
      if (!delivery || !Object.hasOwn(this.sockets, delivery.channel)) return;
      this.deliverLocal(delivery);
    });
  }

  /**
   * Registers a connection; the returned function unregisters it (call it on close). Past the per-user
   * limit the oldest connection of that user is closed with `closeCode`.
   */
  add(channel: SocketChannel, userId: string, socket: WebSocket, closeCode = 4409): () => void {
    const byUser = this.sockets[channel];
    let set = byUser.get(userId);
    if (!set) byUser.set(userId, (set = new Set()));
    set.add(socket);
    const max = this.opts.maxPerUser ?? 20;
    if (set.size > max) {
      const oldest = set.values().next().value as WebSocket;
      set.delete(oldest);
      oldest.close(closeCode, 'too many connections');
    }
    return () => {
      const current = byUser.get(userId);
      if (!current) return;
      current.delete(socket);
      if (current.size === 0) byUser.delete(userId);
    };
  }

  /** Sends `msg` to every notification socket of these users, in this and every other process. */
  sendToUsers(userIds: string[], msg: SocketMessage, opts: { stampUserId?: boolean } = {}): Promise<void> {
    return this.deliver({ channel: 'notice', to: [...new Set(userIds)], msg, stampUserId: opts.stampUserId });
  }

  /** Sends `msg` to every notification socket of every user, but those of `except`. */
  broadcast(msg: SocketMessage, opts: { except?: string[] } = {}): Promise<void> {
    return this.deliver({ channel: 'notice', to: null, msg, ...(opts.except?.length ? { except: opts.except } : {}) });
  }

  /** Sends `msg` to these users' sockets of one channel, in this and every other process. */
  sendOn(channel: SocketChannel, userIds: string[], msg: SocketMessage): Promise<void> {
    return this.deliver({ channel, to: [...new Set(userIds)], msg });
  }

  /** Open connections this process holds (of one user, or of everyone). */
  count(channel: SocketChannel, userId?: string): number {
    const byUser = this.sockets[channel];
    if (userId !== undefined) return byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of byUser.values()) n += set.size;
    return n;
  }

  /** Every connection this process holds on a channel, with its user. */
  *connections(channel: SocketChannel): Iterable<[string, WebSocket]> {
    for (const [userId, set] of this.sockets[channel]) for (const socket of set) yield [userId, socket];
  }

  async close(): Promise<void> {
    for (const channel of Object.keys(this.sockets) as SocketChannel[]) {
      for (const [, socket] of this.connections(channel)) socket.terminate();
      this.sockets[channel].clear();
    }
    this.redis?.close();
  }

  /** Resolves at once: the other processes' share goes through Redis in the background. */
  private deliver(delivery: Delivery): Promise<void> {
    this.deliverLocal(delivery);
    this.redis?.send(JSON.stringify(delivery));
    return Promise.resolve();
  }

  private deliverLocal({ channel, to, msg, stampUserId, except }: Delivery): void {
    const byUser = this.sockets[channel];
    const shared = stampUserId ? null : JSON.stringify(msg);
    const sendTo = (userId: string, set: Set<WebSocket>) => {
      const text = shared ?? JSON.stringify({ ...msg, userId });
      for (const socket of set) if (socket.readyState === OPEN) socket.send(text);
    };
    if (to === null) {
      const skip = new Set(except);
      for (const [userId, set] of byUser) if (!skip.has(userId)) sendTo(userId, set);
      return;
    }
    // Walk whichever side is smaller: a release to 10,000 users usually finds a few hundred online.
    if (to.length <= byUser.size) {
      for (const userId of to) {
        const set = byUser.get(userId);
        if (set) sendTo(userId, set);
      }
    } else {
      const wanted = new Set(to);
      for (const [userId, set] of byUser) if (wanted.has(userId)) sendTo(userId, set);
    }
  }
}
