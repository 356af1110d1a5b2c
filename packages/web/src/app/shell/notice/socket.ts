import { NOTICE_HEARTBEAT_TIMEOUT_MS, NOTICE_RECONNECT_MS, SocketClose, type NoticeSocketMessage } from '@sbwq/contracts';
import { appConfig } from '../../../platform/config.ts';

/**
 * The notification socket client (spec §4 Sockets, §7 Notifications, §9; JEECG-API §7.1):
 * - connects to `{API_BASE}/websocket/{userId}` with the token as the only subprotocol (a browser
 *   cannot set X-Access-Token on a WebSocket);
 * - reports `topic` and `user` messages, which make the bell reload;
 * - after 20 s without any message it sends a heartbeat, and a connection that then stays silent
 *   another 20 s is lost (spec §9 "heartbeat timeout 20 s"), as is one that does not open within 20 s;
 * - a lost, failed or closed connection is opened again after 5 s, one attempt at a time: an error
 *   and the close that follows it, or a timeout, schedule a single attempt;
 * - the server's refusals (bad token 4401, another user's id 4403, too many tabs 4409) are final:
 *   trying again would be refused again, or would push out another tab.
 */

/** Idle time after which a heartbeat is sent; the answer must come within NOTICE_HEARTBEAT_TIMEOUT_MS. */
export const NOTICE_HEARTBEAT_INTERVAL_MS = NOTICE_HEARTBEAT_TIMEOUT_MS;
/** What the client sends as a heartbeat; the server answers any text with `{cmd: 'heartcheck'}`. */
export const HEARTBEAT_TEXT = 'HeartBeat';
/** Close code this client uses when it gives a connection up as lost. */
export const LOST_CLOSE_CODE = 4000;

const CONNECTING = 0;
const OPEN = 1;
const FINAL_CLOSE_CODES: number[] = [SocketClose.tokenInvalid, SocketClose.wrongUser, SocketClose.tooMany];

/** The part of the browser WebSocket this client uses (a test passes a stand-in). */
export type SocketLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
};

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

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

const browserSocket: SocketFactory = (url, protocols) => new WebSocket(url, protocols);

/** `{API_BASE}/websocket/{userId}` as a ws(s) address; API_BASE may be a path or an absolute http(s) address. */
export function noticeSocketUrl(userId: string, apiBase = appConfig().apiBase, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const path = `/websocket/${encodeURIComponent(userId)}`;
  if (/^https?:\/\//i.test(apiBase)) return `${apiBase.replace(/^http/i, 'ws')}${path}`;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${apiBase}${path}`;
}

export class NoticeSocket {
  private socket: SocketLike | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private deadlineTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private opened = false;
  private readonly create: SocketFactory;

  constructor(private readonly options: NoticeSocketOptions) {
    this.create = options.create ?? browserSocket;
  }

  start(): void {
    this.stopped = false;
    if (!this.socket && !this.reconnectTimer) this.connect();
  }

  /** Closes for good (logout, unmount): no reconnect. */
  stop(): void {
    this.stopped = true;
    this.clearTimer('reconnectTimer');
    this.clearHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) this.release(socket, 1000, 'logout');
  }

  /** Whether a reconnect is waiting (for tests and diagnostics). */
  get reconnecting(): boolean {
    return this.reconnectTimer !== null;
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.create(this.options.url, [this.options.token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearTimer('deadlineTimer');
      const again = this.opened;
      this.opened = true;
      this.armHeartbeat();
      this.options.onOpen?.(again);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.armHeartbeat();
      const message = parse(event.data);
      if (message && (message.cmd === 'topic' || message.cmd === 'user')) this.options.onNotice(message);
      else if (message?.cmd === 'monitor') this.options.onMonitor?.();
    };
    socket.onerror = () => {
      if (this.socket === socket) this.lose(socket);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (FINAL_CLOSE_CODES.includes(event.code)) {
        this.socket = null;
        this.clearHeartbeat();
        return;
      }
      this.lose(socket);
    };
    // A connection that neither opens nor fails (a proxy swallowing the upgrade) is lost too.
    this.deadlineTimer = setTimeout(() => this.lose(socket), NOTICE_HEARTBEAT_TIMEOUT_MS);
  }

  /** Drops a connection and schedules the one next attempt. */
  private lose(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearHeartbeat();
    this.release(socket, LOST_CLOSE_CODE, 'lost');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, NOTICE_RECONNECT_MS);
  }

  /** After any traffic: a heartbeat after the idle interval, then the answer deadline. */
  private armHeartbeat(): void {
    this.clearHeartbeat();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const socket = this.socket;
      if (!socket || socket.readyState !== OPEN) return;
      socket.send(HEARTBEAT_TEXT);
      this.deadlineTimer = setTimeout(() => this.lose(socket), NOTICE_HEARTBEAT_TIMEOUT_MS);
    }, NOTICE_HEARTBEAT_INTERVAL_MS);
  }

  private clearHeartbeat(): void {
    this.clearTimer('idleTimer');
    this.clearTimer('deadlineTimer');
  }

  private clearTimer(name: 'reconnectTimer' | 'idleTimer' | 'deadlineTimer'): void {
    const timer = this[name];
    if (timer !== null) clearTimeout(timer);
    this[name] = null;
  }

  /** Detaches a socket and closes it; one still connecting is closed once it opens (closing it earlier makes the browser log an error). */
  private release(socket: SocketLike, code: number, reason: string): void {
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    if (socket.readyState === CONNECTING) {
      socket.onopen = () => socket.close(code, reason);
      return;
    }
    socket.onopen = null;
    if (socket.readyState === OPEN) socket.close(code, reason);
  }
}

function parse(data: unknown): NoticeSocketMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' && 'cmd' in value ? (value as NoticeSocketMessage) : null;
  } catch {
    return null;
  }
}
