import { SocketClose } from '@sbwq/contracts';
import { appConfig } from '../config.ts';

/**
 * The connection machinery both sockets share (spec §4 Sockets, §9): the notice socket and the table
 * socket differ only in their address, heartbeat text and timings and in what a message means to them.
 * - connects with the token as the only subprotocol (a browser cannot set X-Access-Token on a WebSocket);
 * - a connection that does not open within the heartbeat timeout is lost, as is one whose heartbeat
 *   stays unanswered that long;
 * - a lost, failed or closed connection is opened again after `reconnectMs`, one attempt at a time: an
 *   error and the close that follows it, or a timeout, schedule a single attempt;
 * - the server's refusals (bad token 4401, another user's id 4403, too many connections 4409) are final:
 *   trying again would be refused again, or would push out another tab or table.
 */

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

/**
 * `connecting` first attempt, `open` heartbeat answered or pending, `reconnecting` waiting for or making
 * another attempt, `refused` the server refused for good, `stopped` closed by the owner.
 */
export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'refused' | 'stopped';

export type HeartbeatOptions = {
  /** what the client sends as a heartbeat */
  text: string;
  /** the wait before the next heartbeat, counted from the last answer */
  intervalMs: number;
  /** how long an answer (or the opening) may take before the connection counts as lost */
  timeoutMs: number;
  /** whether the first heartbeat goes out as soon as the connection opens, or after `intervalMs` */
  sendOnOpen: boolean;
  /** which messages answer a heartbeat; without it any message does */
  isAnswer?: (data: unknown) => boolean;
};

export type ReconnectingSocketOptions = {
  url: string;
  token: string;
  heartbeat: HeartbeatOptions;
  reconnectMs: number;
  /** the close reason stop() gives the server */
  stopReason: string;
  /** every message, answers to the heartbeat included */
  onMessage: (data: unknown) => void;
  /** a connection opened; `again` when it replaces a lost one (messages may have been missed meanwhile) */
  onOpen?: (again: boolean) => void;
  create?: SocketFactory;
};

const browserSocket: SocketFactory = (url, protocols) => new WebSocket(url, protocols);

/** `{API_BASE}{path}` as a ws(s) address; API_BASE may be a path or an absolute http(s) address. */
export function socketUrl(path: string, apiBase = appConfig().apiBase, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  if (/^https?:\/\//i.test(apiBase)) return `${apiBase.replace(/^http/i, 'ws')}${path}`;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${apiBase}${path}`;
}

/** Parses a text frame as a JSON object, or null. */
export function parseFrame(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class ReconnectingSocket {
  private readonly create: SocketFactory;
  private socket: SocketLike | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private beatTimer: ReturnType<typeof setTimeout> | null = null;
  private deadlineTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private opened = false;
  private current: SocketStatus = 'connecting';
  private readonly statusListeners = new Set<() => void>();

  constructor(private readonly options: ReconnectingSocketOptions) {
    this.create = options.create ?? browserSocket;
  }

  get status(): SocketStatus {
    return this.current;
  }

  /** Whether a reconnect is waiting (for tests and diagnostics). */
  get reconnecting(): boolean {
    return this.reconnectTimer !== null;
  }

  /** Calls `listener` after each status change; returns the unsubscribe (the shape useSyncExternalStore wants). */
  subscribeStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Connects; after stop() it connects afresh (React runs an effect, its cleanup and the effect again in development). */
  start(): void {
    this.stopped = false;
    if (this.socket || this.reconnectTimer) return;
    this.setStatus('connecting');
    this.connect();
  }

  /** Closes for good (unmount, logout): no reconnect. */
  stop(): void {
    this.stopped = true;
    this.clearTimer('reconnectTimer');
    this.clearHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) this.release(socket, 1000, this.options.stopReason);
    this.setStatus('stopped');
  }

  /** Sends a text frame; false when the connection is not open. */
  send(data: string): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(data);
    return true;
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
    const { heartbeat } = this.options;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearTimer('deadlineTimer');
      const again = this.opened;
      this.opened = true;
      this.setStatus('open');
      if (heartbeat.sendOnOpen) this.beat(socket);
      else this.awaitBeat(socket);
      this.options.onOpen?.(again);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      if (!heartbeat.isAnswer || heartbeat.isAnswer(event.data)) this.awaitBeat(socket);
      this.options.onMessage(event.data);
    };
    socket.onerror = () => {
      if (this.socket === socket) this.lose(socket);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (FINAL_CLOSE_CODES.includes(event.code)) {
        this.socket = null;
        this.clearHeartbeat();
        this.setStatus('refused');
        return;
      }
      this.lose(socket);
    };
    // A connection that neither opens nor fails (a proxy swallowing the upgrade) is lost too.
    this.deadlineTimer = setTimeout(() => this.lose(socket), heartbeat.timeoutMs);
  }

  /** After an answer: the next heartbeat once the interval has passed. */
  private awaitBeat(socket: SocketLike): void {
    this.clearHeartbeat();
    this.beatTimer = setTimeout(() => this.beat(socket), this.options.heartbeat.intervalMs);
  }

  /** Sends a heartbeat; without an answer in time the connection is lost. */
  private beat(socket: SocketLike): void {
    this.beatTimer = null;
    if (this.socket !== socket || socket.readyState !== OPEN) return;
    socket.send(this.options.heartbeat.text);
    this.clearTimer('deadlineTimer');
    this.deadlineTimer = setTimeout(() => this.lose(socket), this.options.heartbeat.timeoutMs);
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
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.options.reconnectMs);
  }

  private setStatus(status: SocketStatus): void {
    if (this.current === status) return;
    this.current = status;
    for (const listener of this.statusListeners) listener();
  }

  private clearHeartbeat(): void {
    this.clearTimer('beatTimer');
    this.clearTimer('deadlineTimer');
  }

  private clearTimer(name: 'reconnectTimer' | 'beatTimer' | 'deadlineTimer'): void {
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
