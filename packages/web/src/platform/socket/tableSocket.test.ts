import { SocketClose, VXE_HEARTBEAT_MS, VXE_HEARTBEAT_TIMEOUT_MS, VXE_RECONNECT_MS } from '@sbwq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './socket.testkit.ts';
import { LOST_CLOSE_CODE, newPageId, TableSocket, tableSocketUrl, type TableSocketStatus } from './tableSocket.ts';

const HEART_BEAT = JSON.stringify({ type: 'heart_beat', data: '' });
const REPLY = { type: 'heart_beat', data: true };
const location = { protocol: 'http:', host: 'app.example' };

function start(over: { socketKey?: string; pageId?: string } = {}) {
  const onUpdate = vi.fn();
  const statuses: TableSocketStatus[] = [];
  const socket = new TableSocket({
    userId: 'u1',
    token: 'tok-1',
    socketKey: over.socketKey ?? 'dict-items:d1',
    pageId: over.pageId ?? 'page-a',
    apiBase: '/jeecg-boot',
    location,
    onUpdate,
    create: (url, protocols) => new FakeSocket(url, protocols),
  });
  socket.subscribeStatus(() => statuses.push(socket.status));
  socket.start();
  return { socket, onUpdate, statuses };
}

const update = (socketKey: string, row: unknown, caseId: unknown) => ({ type: 'update_vxe_table', data: { socketKey, args: [row, caseId] } });

beforeEach(() => {
  FakeSocket.reset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('table socket client (spec §4 Editable table and Sockets, §7 Table socket, §9; JEECG-API §7.2)', () => {
  it('§7 connects to {API_BASE}/vxeSocket/{userId}/{pageId} with the token as the only subprotocol', () => {
    start();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.last.url).toBe('ws://app.example/jeecg-boot/vxeSocket/u1/page-a');
    expect(FakeSocket.last.protocols).toEqual(['tok-1']);
  });

  it('§7 the address follows the page scheme, or an absolute API_BASE', () => {
    expect(tableSocketUrl('u1', 'p', '/jeecg-boot', { protocol: 'https:', host: 'h.example' })).toBe('wss://h.example/jeecg-boot/vxeSocket/u1/p');
    expect(tableSocketUrl('u1', 'p', 'https://api.example/jeecg-boot', location)).toBe('wss://api.example/jeecg-boot/vxeSocket/u1/p');
  });

  it("JEECG-API §7.2 pageId is random per instance and fits the server's pageId pattern", () => {
    const a = newPageId();
    const b = newPageId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(a).not.toBe(b);
    const socket = new TableSocket({
      userId: 'u1',
      token: 't',
      socketKey: 'k',
      onUpdate: vi.fn(),
      apiBase: '/x',
      location,
      create: (url, protocols) => new FakeSocket(url, protocols),
    });
    socket.start();
    expect(FakeSocket.last.url).toBe(`ws://app.example/x/vxeSocket/u1/${socket.caseId}`);
  });

  it('§9 heartbeat: heart_beat on open, then 10 s after each reply; replies within 6 s keep the connection', () => {
    const { statuses } = start();
    const first = FakeSocket.last;
    first.open();
    expect(statuses).toEqual(['open']);
    expect(first.sent).toEqual([HEART_BEAT]);
    vi.advanceTimersByTime(VXE_HEARTBEAT_TIMEOUT_MS - 1);
    first.receive(REPLY);
    vi.advanceTimersByTime(VXE_HEARTBEAT_MS - 1);
    expect(first.sent).toEqual([HEART_BEAT]);
    vi.advanceTimersByTime(1);
    expect(first.sent).toEqual([HEART_BEAT, HEART_BEAT]);
    vi.advanceTimersByTime(1_000);
    first.receive(REPLY);
    vi.advanceTimersByTime(VXE_HEARTBEAT_MS);
    expect(first.sent).toEqual([HEART_BEAT, HEART_BEAT, HEART_BEAT]);
    expect(first.closedWith).toBeNull();
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§9 6 s without a heartbeat reply: the connection is closed as lost and a new one opens 5 s later', () => {
    const { statuses } = start();
    const first = FakeSocket.last;
    first.open();
    vi.advanceTimersByTime(VXE_HEARTBEAT_TIMEOUT_MS - 1);
    expect(first.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(first.closedWith).toEqual({ code: LOST_CLOSE_CODE, reason: 'lost' });
    expect(statuses).toEqual(['open', 'reconnecting']);
    vi.advanceTimersByTime(VXE_RECONNECT_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.last.url).toBe(first.url);
    FakeSocket.last.open();
    expect(statuses).toEqual(['open', 'reconnecting', 'open']);
    expect(FakeSocket.last.sent).toEqual([HEART_BEAT]);
  });

  it('§4 Sockets: an error and the close that follows it make one reconnect, 5 s later; so does a connection that never opens', () => {
    start();
    const first = FakeSocket.last;
    first.open();
    first.fail();
    first.drop();
    vi.advanceTimersByTime(VXE_RECONNECT_MS);
    expect(FakeSocket.instances).toHaveLength(2);
    const second = FakeSocket.last;
    vi.advanceTimersByTime(VXE_HEARTBEAT_TIMEOUT_MS);
    vi.advanceTimersByTime(VXE_RECONNECT_MS);
    expect(FakeSocket.instances).toHaveLength(3);
    // the one that never opened is closed as soon as it does open
    second.open();
    expect(second.closedWith).toEqual({ code: LOST_CLOSE_CODE, reason: 'lost' });
  });

  it.each([
    ['bad token', SocketClose.tokenInvalid],
    ["another user's id", SocketClose.wrongUser],
    ['too many connections', SocketClose.tooMany],
  ])("§9 the server's refusal (%s, %i) is final: no reconnect, status refused", (_why, code) => {
    const { statuses } = start();
    FakeSocket.last.open();
    FakeSocket.last.drop(code);
    vi.advanceTimersByTime(VXE_RECONNECT_MS * 3);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(statuses).toEqual(['open', 'refused']);
  });

  it('§4 stop() closes for good: no reconnect, no heartbeat', () => {
    const { socket, statuses } = start();
    const first = FakeSocket.last;
    first.open();
    socket.stop();
    expect(first.closedWith).toEqual({ code: 1000, reason: 'closed' });
    vi.advanceTimersByTime(VXE_HEARTBEAT_MS + VXE_RECONNECT_MS * 3);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(first.sent).toEqual([HEART_BEAT]);
    expect(statuses).toEqual(['open', 'stopped']);
    expect(socket.sendUpdate({ id: 'r1' })).toBe(false);
  });

  it('JEECG-API §7.2 sendUpdate sends {type: update_vxe_table, data: {socketKey, args: [row, caseId]}}; nothing goes out before the socket opens', () => {
    const { socket } = start();
    expect(socket.sendUpdate({ id: 'r1', itemText: '男' })).toBe(false);
    FakeSocket.last.open();
    expect(socket.sendUpdate({ id: 'r1', itemText: '男' })).toBe(true);
    expect(JSON.parse(FakeSocket.last.sent.at(-1) ?? '')).toEqual(update('dict-items:d1', { id: 'r1', itemText: '男' }, 'page-a'));
  });

  it('§4 Editable table: a row update for this socketKey from another instance reaches onUpdate', () => {
    const { onUpdate } = start();
    FakeSocket.last.open();
    FakeSocket.last.receive(update('dict-items:d1', { id: 'r1', itemText: '女' }, 'page-b'));
    FakeSocket.last.receive(update('dict-items:d1', { id: 7, itemText: '数字 id' }, undefined));
    expect(onUpdate.mock.calls.map(([row]) => row)).toEqual([
      { id: 'r1', itemText: '女' },
      { id: 7, itemText: '数字 id' },
    ]);
  });

  it('§4 Editable table: updates sent by this instance itself are ignored, as are other socketKeys', () => {
    const { socket, onUpdate } = start();
    FakeSocket.last.open();
    socket.sendUpdate({ id: 'r1' });
    FakeSocket.last.receive(JSON.parse(FakeSocket.last.sent.at(-1) ?? ''));
    FakeSocket.last.receive(update('dict-items:d2', { id: 'r1' }, 'page-b'));
    FakeSocket.last.receive(update('dict-items', { id: 'r1' }, 'page-b'));
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('bad input: malformed messages are ignored and do not count as a heartbeat reply', () => {
    const { onUpdate } = start();
    const first = FakeSocket.last;
    first.open();
    for (const junk of [
      'not json',
      'null',
      '42',
      { data: { socketKey: 'dict-items:d1', args: [{ id: 'r1' }, 'x'] } },
      { type: 'update_vxe_table' },
      { type: 'update_vxe_table', data: 'dict-items:d1' },
      { type: 'update_vxe_table', data: { socketKey: 'dict-items:d1', args: { id: 'r1' } } },
      update('dict-items:d1', null, 'x'),
      update('dict-items:d1', 'r1', 'x'),
      update('dict-items:d1', [{ id: 'r1' }], 'x'),
      update('dict-items:d1', { name: 'no id' }, 'x'),
      update('dict-items:d1', { id: '' }, 'x'),
      { type: 'common_send_date', data: { key: 'k', args: [] } },
      { type: 'heartbeat', data: true },
    ]) {
      first.receive(junk);
    }
    expect(onUpdate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(VXE_HEARTBEAT_TIMEOUT_MS);
    expect(first.closedWith).toEqual({ code: LOST_CLOSE_CODE, reason: 'lost' });
  });
});
