import { SocketClose, VXE_HEARTBEAT_MS, VXE_HEARTBEAT_TIMEOUT_MS, VXE_RECONNECT_MS, type VxeSocketMessage } from '@sbwq/contracts';
import { appConfig } from '../config.ts';

/**
 * The table socket client (spec §4 Editable table and Sockets, §7 Table socket, §9; JEECG-API §7.2):
 * live row updates for one editable table instance.
 * - connects to `{API_BASE}/vxeSocket/{userId}/{pageId}` with the token as the only subprotocol (a
 *   browser cannot set X-Access-Token on a WebSocket); the pageId is random per instance and doubles as
 *   the instance's caseId, so the server's copy of this instance's own update is recognised and skipped;
 * - heartbeat as stock JeecgBoot does it: `heart_beat` right after opening, then 10 s after each reply;
 *   no reply within 6 s means the connection is lost, as does one that does not open within 6 s;
 * - a lost, failed or closed connection is opened again after 5 s, one attempt at a time;
 * - the server's refusals (bad token 4401, another user's id 4403, too many connections 4409) are
 *   final: trying again would be refused again, or would push out another table;
 * - `update_vxe_table` for this instance's socketKey, carrying a row with an id and sent by another
 *   instance, reaches `onUpdate`; anything else (other keys, own updates, malformed text) is ignored.
 */

/** Close code this client uses when it gives a connection up as lost. */
export const LOST_CLOSE_CODE = 4000;

const CONNECTING = 0;
const OPEN = 1;
const FINAL_CLOSE_CODES: number[] = [SocketClose.tokenInvalid, SocketClose.wrongUser, SocketClose.tooMany];

/** A row as the table merges it: by id. */
export type TableSocketRow = { id: string | number } & Record<string, unknown>;

/**
 * `connecting` first attempt, `open` heartbeat answered or pending, `reconnecting` waiting for or making
 * another attempt, `refused` the server refused for good, `stopped` closed by the owner.
 */
export type TableSocketStatus = 'connecting' | 'open' | 'reconnecting' | 'refused' | 'stopped';

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

export type TableSocketOptions<Row extends TableSocketRow = TableSocketRow> = {
  userId: string;
  token: string;
  /** which table's rows this instance exchanges, e.g. `dict-items:{dictId}` */
  socketKey: string;
  /** another instance saved this row (or set it later with setUpdateHandler) */
  onUpdate?: (row: Row) => void;
  /** defaults to a fresh random id */
  pageId?: string;
  apiBase?: string;
  location?: Pick<Location, 'protocol' | 'host'>;
  create?: SocketFactory;
};

const browserSocket: SocketFactory = (url, protocols) => new WebSocket(url, protocols);

/**
 * A random id within the server's pageId pattern `[A-Za-z0-9_-]{1,64}`. getRandomValues rather than
 * randomUUID: the latter exists only in secure contexts, and an intranet deployment may be plain http.
 */
export function newPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `{API_BASE}/vxeSocket/{userId}/{pageId}` as a ws(s) address; API_BASE may be a path or an absolute http(s) address. */
export function tableSocketUrl(userId: string, pageId: string, apiBase = appConfig().apiBase, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const path = `/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`;
  if (/^https?:\/\//i.test(apiBase)) return `${apiBase.replace(/^http/i, 'ws')}${path}`;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${apiBase}${path}`;
}

export class TableSocket<Row extends TableSocketRow = TableSocketRow> {
  /** this instance's id: its pageId on the server and the caseId of the updates it sends */
  readonly caseId: string;
  private readonly url: string;
  private readonly create: SocketFactory;
  private socket: SocketLike | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private beatTimer: ReturnType<typeof setTimeout> | null = null;
  private deadlineTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private current: TableSocketStatus = 'connecting';
  private readonly statusListeners = new Set<() => void>();
  private onUpdate: ((row: Row) => void) | null;

  constructor(private readonly options: TableSocketOptions<Row>) {
    this.caseId = options.pageId ?? newPageId();
    this.url = tableSocketUrl(options.userId, this.caseId, options.apiBase, options.location);
    this.create = options.create ?? browserSocket;
    this.onUpdate = options.onUpdate ?? null;
  }

  /** Replaces the update handler (a React component's handler changes between renders). */
  setUpdateHandler(handler: (row: Row) => void): void {
    this.onUpdate = handler;
  }

  get status(): TableSocketStatus {
    return this.current;
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
    if (socket) this.release(socket, 1000, 'closed');
    this.setStatus('stopped');
  }

  /**
   * Tells the other instances of this socketKey that this row was saved. Returns false when the
   * connection is not open: the row is saved all the same, the others see it on their next load.
   */
  sendUpdate(row: Row): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    const message: VxeSocketMessage = { type: 'update_vxe_table', data: { socketKey: this.options.socketKey, args: [row, this.caseId] } };
    socket.send(JSON.stringify(message));
    return true;
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.create(this.url, [this.options.token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearTimer('deadlineTimer');
      this.setStatus('open');
      this.beat(socket);
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(socket, event.data);
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
    this.deadlineTimer = setTimeout(() => this.lose(socket), VXE_HEARTBEAT_TIMEOUT_MS);
  }

  private receive(socket: SocketLike, data: unknown): void {
    const message = parse(data);
    if (!message) return;
    if (message.type === 'heart_beat') {
      this.clearHeartbeat();
      this.beatTimer = setTimeout(() => this.beat(socket), VXE_HEARTBEAT_MS);
      return;
    }
    if (message.type !== 'update_vxe_table') return;
    const payload = message.data as unknown;
    if (!payload || typeof payload !== 'object') return;
    const { socketKey, args } = payload as { socketKey?: unknown; args?: unknown };
    if (socketKey !== this.options.socketKey || !Array.isArray(args)) return;
    const [row, caseId] = args as unknown[];
    if (caseId === this.caseId || !isRow(row)) return;
    this.onUpdate?.(row as Row);
  }

  /** Sends a heartbeat; without an answer in time the connection is lost. */
  private beat(socket: SocketLike): void {
    this.beatTimer = null;
    if (this.socket !== socket || socket.readyState !== OPEN) return;
    const message: VxeSocketMessage = { type: 'heart_beat', data: '' };
    socket.send(JSON.stringify(message));
    this.clearTimer('deadlineTimer');
    this.deadlineTimer = setTimeout(() => this.lose(socket), VXE_HEARTBEAT_TIMEOUT_MS);
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
    }, VXE_RECONNECT_MS);
  }

  private setStatus(status: TableSocketStatus): void {
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

function isRow(value: unknown): value is TableSocketRow {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const id = (value as { id?: unknown }).id;
  return (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id));
}

function parse(data: unknown): { type: unknown; data?: unknown } | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' && 'type' in value ? (value as { type: unknown; data?: unknown }) : null;
  } catch {
    return null;
  }
}
