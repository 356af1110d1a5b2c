import { NOTICE_HEARTBEAT_TIMEOUT_MS, NOTICE_RECONNECT_MS, type NoticeSocketMessage } from '@sbwq/contracts';
import { parseFrame, ReconnectingSocket, socketUrl, type SocketFactory } from '../../platform/socket/reconnectingSocket.ts';

/**
 * The notification socket client (spec §4 Sockets, §7 Notifications, §9; JEECG-API §7.1), on the shared
 * reconnecting client:
 * - connects to `{API_BASE}/websocket/{userId}`;
 * - reports `topic` and `user` messages, which make the bell reload;
 * - after 20 s without any message it sends a heartbeat, and a connection that then stays silent
 *   another 20 s is lost (spec §9 "heartbeat timeout 20 s"), as is one that does not open within 20 s;
 * - a lost connection is opened again after 5 s; the server's refusals are final.
 */

/** Idle time after which a heartbeat is sent; the answer must come within NOTICE_HEARTBEAT_TIMEOUT_MS. */
export const NOTICE_HEARTBEAT_INTERVAL_MS = NOTICE_HEARTBEAT_TIMEOUT_MS;
/** What the client sends as a heartbeat; the server answers any text with `{cmd: 'heartcheck'}`. */
export const HEARTBEAT_TEXT = 'HeartBeat';
export { LOST_CLOSE_CODE } from '../../platform/socket/reconnectingSocket.ts';

export type NoticeSocketOptions = {
  url: string;
  token: string;
  /** a `topic` or `user` message arrived */
  onNotice: (message: Extract<NoticeSocketMessage, { cmd: 'topic' | 'user' }>) => void;
  /** business figures changed (`{cmd: 'monitor'}`): only 业务监控 listens */
  onMonitor?: () => void;
  /** a connection opened; `again` when it replaces a lost one (messages may have been missed meanwhile) */
  onOpen?: (again: boolean) => void;
  create?: SocketFactory;
};

/** `{API_BASE}/websocket/{userId}` as a ws(s) address; API_BASE may be a path or an absolute http(s) address. */
export function noticeSocketUrl(userId: string, apiBase?: string, location?: Pick<Location, 'protocol' | 'host'>): string {
  return socketUrl(`/websocket/${encodeURIComponent(userId)}`, apiBase, location);
}

export class NoticeSocket {
  private readonly socket: ReconnectingSocket;

  constructor(options: NoticeSocketOptions) {
    this.socket = new ReconnectingSocket({
      url: options.url,
      token: options.token,
      // any message answers: the heartbeat goes out only after a quiet spell
      heartbeat: { text: HEARTBEAT_TEXT, intervalMs: NOTICE_HEARTBEAT_INTERVAL_MS, timeoutMs: NOTICE_HEARTBEAT_TIMEOUT_MS, sendOnOpen: false },
      reconnectMs: NOTICE_RECONNECT_MS,
      stopReason: 'logout',
      onOpen: options.onOpen,
      create: options.create,
      onMessage: (data) => {
        const message = parseFrame(data) as NoticeSocketMessage | null;
        if (message?.cmd === 'topic' || message?.cmd === 'user') options.onNotice(message);
        else if (message?.cmd === 'monitor') options.onMonitor?.();
      },
    });
  }

  start(): void {
    this.socket.start();
  }

  /** Closes for good (logout, unmount): no reconnect. */
  stop(): void {
    this.socket.stop();
  }

  /** Whether a reconnect is waiting (for tests and diagnostics). */
  get reconnecting(): boolean {
    return this.socket.reconnecting;
  }
}
