import { VXE_HEARTBEAT_MS, VXE_HEARTBEAT_TIMEOUT_MS, VXE_RECONNECT_MS, type VxeSocketMessage } from '@sbwq/contracts';
import { parseFrame, ReconnectingSocket, socketUrl, type SocketFactory, type SocketStatus } from './reconnectingSocket.ts';

/**
 * The table socket client (spec §4 Editable table and Sockets, §7 Table socket, §9; JEECG-API §7.2):
 * live row updates for one editable table instance, on the shared reconnecting client.
 * - connects to `{API_BASE}/vxeSocket/{userId}/{pageId}`; the pageId is random per instance and doubles
 *   as the instance's caseId, so the server's copy of this instance's own update is recognised and skipped;
 * - heartbeat as stock JeecgBoot does it: `heart_beat` right after opening, then 10 s after each reply;
 *   no reply within 6 s means the connection is lost, as does one that does not open within 6 s;
 * - a lost connection is opened again after 5 s; the server's refusals are final;
 * - `update_vxe_table` for this instance's socketKey, carrying a row with an id and sent by another
 *   instance, reaches `onUpdate`; anything else (other keys, own updates, malformed text) is ignored.
 */

export { LOST_CLOSE_CODE } from './reconnectingSocket.ts';

/** A row as the table merges it: by id. */
export type TableSocketRow = { id: string | number } & Record<string, unknown>;

export type TableSocketStatus = SocketStatus;

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

const HEARTBEAT: VxeSocketMessage = { type: 'heart_beat', data: '' };

/**
 * A random id within the server's pageId pattern `[A-Za-z0-9_-]{1,64}`. getRandomValues rather than
 * randomUUID: the latter exists only in secure contexts, and an intranet deployment may be plain http.
 */
export function newPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `{API_BASE}/vxeSocket/{userId}/{pageId}` as a ws(s) address; API_BASE may be a path or an absolute http(s) address. */
export function tableSocketUrl(userId: string, pageId: string, apiBase?: string, location?: Pick<Location, 'protocol' | 'host'>): string {
  return socketUrl(`/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`, apiBase, location);
}

export class TableSocket<Row extends TableSocketRow = TableSocketRow> {
  /** this instance's id: its pageId on the server and the caseId of the updates it sends */
  readonly caseId: string;
  private readonly socket: ReconnectingSocket;
  private onUpdate: ((row: Row) => void) | null;

  constructor(private readonly options: TableSocketOptions<Row>) {
    this.caseId = options.pageId ?? newPageId();
    this.onUpdate = options.onUpdate ?? null;
    this.socket = new ReconnectingSocket({
      url: tableSocketUrl(options.userId, this.caseId, options.apiBase, options.location),
      token: options.token,
      heartbeat: {
        text: JSON.stringify(HEARTBEAT),
        intervalMs: VXE_HEARTBEAT_MS,
        timeoutMs: VXE_HEARTBEAT_TIMEOUT_MS,
        sendOnOpen: true,
        isAnswer: (data) => parseFrame(data)?.type === 'heart_beat',
      },
      reconnectMs: VXE_RECONNECT_MS,
      stopReason: 'closed',
      create: options.create,
      onMessage: (data) => this.receive(data),
    });
  }

  /** Replaces the update handler (a React component's handler changes between renders). */
  setUpdateHandler(handler: (row: Row) => void): void {
    this.onUpdate = handler;
  }

  get status(): TableSocketStatus {
    return this.socket.status;
  }

  /** Calls `listener` after each status change; returns the unsubscribe (the shape useSyncExternalStore wants). */
  subscribeStatus(listener: () => void): () => void {
    return this.socket.subscribeStatus(listener);
  }

  /** Connects; after stop() it connects afresh (React runs an effect, its cleanup and the effect again in development). */
  start(): void {
    this.socket.start();
  }

  /** Closes for good (unmount, logout): no reconnect. */
  stop(): void {
    this.socket.stop();
  }

  /**
   * Tells the other instances of this socketKey that this row was saved. Returns false when the
   * connection is not open: the row is saved all the same, the others see it on their next load.
   */
  sendUpdate(row: Row): boolean {
    const message: VxeSocketMessage = { type: 'update_vxe_table', data: { socketKey: this.options.socketKey, args: [row, this.caseId] } };
    return this.socket.send(JSON.stringify(message));
  }

  private receive(data: unknown): void {
    const message = parseFrame(data);
    if (message?.type !== 'update_vxe_table') return;
    const payload = message.data;
    if (!payload || typeof payload !== 'object') return;
    const { socketKey, args } = payload as { socketKey?: unknown; args?: unknown };
    if (socketKey !== this.options.socketKey || !Array.isArray(args)) return;
    const [row, caseId] = args as unknown[];
    if (caseId === this.caseId || !isRow(row)) return;
    this.onUpdate?.(row as Row);
  }
}

function isRow(value: unknown): value is TableSocketRow {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const id = (value as { id?: unknown }).id;
  return (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id));
}
