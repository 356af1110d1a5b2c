import { NOTICE_HEARTBEAT_TIMEOUT_MS, NOTICE_RECONNECT_MS, SocketClose } from '@sbwq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../platform/socket/socket.testkit.ts';
import { HEARTBEAT_TEXT, LOST_CLOSE_CODE, NOTICE_HEARTBEAT_INTERVAL_MS, NoticeSocket, noticeSocketUrl } from './socket.ts';

const URL_ = 'ws://app.example/jeecg-boot/websocket/u1';

function start() {
  const onNotice = vi.fn();
  const onOpen = vi.fn();
  const socket = new NoticeSocket({ url: URL_, token: 'tok-1', onNotice, onOpen, create: (url, protocols) => new FakeSocket(url, protocols) });
  socket.start();
  return { socket, onNotice, onOpen };
}

beforeEach(() => {
  FakeSocket.reset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('notification socket client (spec §4 Sockets, §7 Notifications, §9; JEECG-API §7.1)', () => {
  it('§7 connects to {API_BASE}/websocket/{userId} with the token as the only subprotocol', () => {
    start();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.last.url).toBe(URL_);
    expect(FakeSocket.last.protocols).toEqual(['tok-1']);
  });

  it('§7 messages with cmd topic or user are reported (they reload the bell); the heartbeat answer and other texts are not', () => {
    const { onNotice } = start();
    FakeSocket.last.open();
    FakeSocket.last.receive({ cmd: 'topic', msgId: 'a1', msgTxt: '全体公告' });
    FakeSocket.last.receive({ cmd: 'user', msgId: 'a2', msgTxt: '给你的', userId: 'u1' });
    FakeSocket.last.receive({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    FakeSocket.last.receive('not json');
    expect(onNotice.mock.calls.map(([m]) => m.msgId)).toEqual(['a1', 'a2']);
  });

  it('a monitor ping ({cmd: monitor}) goes to onMonitor only: the bell does not reload for it', () => {
    const onNotice = vi.fn();
    const onMonitor = vi.fn();
    new NoticeSocket({ url: URL_, token: 'tok-1', onNotice, onMonitor, create: (url, protocols) => new FakeSocket(url, protocols) }).start();
    FakeSocket.last.open();
    FakeSocket.last.receive({ cmd: 'monitor', msgTxt: '业务数据已更新' });
    expect(onMonitor).toHaveBeenCalledTimes(1);
    expect(onNotice).not.toHaveBeenCalled();
  });

  it('§9 sends a heartbeat after 20 s of silence; an answer keeps the connection', () => {
    start();
    const first = FakeSocket.last;
    first.open();
    vi.advanceTimersByTime(NOTICE_HEARTBEAT_INTERVAL_MS - 1);
    expect(first.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(first.sent).toEqual([HEARTBEAT_TEXT]);
    vi.advanceTimersByTime(NOTICE_HEARTBEAT_TIMEOUT_MS - 1);
    first.receive({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    vi.advanceTimersByTime(NOTICE_HEARTBEAT_TIMEOUT_MS);
    expect(first.closedWith).toBeNull();
    expect(first.sent).toEqual([HEARTBEAT_TEXT, HEARTBEAT_TEXT]);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§9 20 s without an answer to the heartbeat is a lost connection: it is closed, and a new one opens 5 s later', () => {
    const { onOpen } = start();
    const first = FakeSocket.last;
    first.open();
    expect(onOpen).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(NOTICE_HEARTBEAT_INTERVAL_MS + NOTICE_HEARTBEAT_TIMEOUT_MS);
    expect(first.closedWith?.code).toBe(LOST_CLOSE_CODE);
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.open();
    // after a reconnect the bell reloads: what arrived meanwhile was missed
    expect(onOpen).toHaveBeenLastCalledWith(true);
  });

  it('§4 an error and the close that follows it make one reconnect attempt, 5 s later', () => {
    start();
    const first = FakeSocket.last;
    first.open();
    first.fail();
    first.drop();
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS * 3);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('§4 one attempt at a time: while an attempt is connecting or waiting, no other starts; each failed attempt waits 5 s again', () => {
    const { socket } = start();
    FakeSocket.last.drop();
    expect(socket.reconnecting).toBe(true);
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS);
    expect(FakeSocket.instances).toHaveLength(2);
    // the second attempt is still connecting: no timer runs for a third
    expect(socket.reconnecting).toBe(false);
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.fail();
    FakeSocket.last.drop();
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('§9 a connection that does not open within 20 s is given up and tried again 5 s later', () => {
    start();
    vi.advanceTimersByTime(NOTICE_HEARTBEAT_TIMEOUT_MS);
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS);
    expect(FakeSocket.instances).toHaveLength(2);
    // the abandoned one is closed if it opens after all, and reports nothing
    FakeSocket.instances[0].open();
    expect(FakeSocket.instances[0].closedWith?.code).toBe(LOST_CLOSE_CODE);
  });

  it.each([SocketClose.tokenInvalid, SocketClose.wrongUser, SocketClose.tooMany])('a close with the server refusal %s is final: no reconnect', (code) => {
    const { socket } = start();
    FakeSocket.last.open();
    FakeSocket.last.drop(code);
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS * 4);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(socket.reconnecting).toBe(false);
  });

  it('stop() (logout) closes the connection and cancels a pending reconnect; a socket still connecting is closed once it opens', () => {
    const { socket, onNotice } = start();
    const connecting = FakeSocket.last;
    socket.stop();
    expect(connecting.closedWith).toBeNull();
    connecting.open();
    expect(connecting.closedWith?.code).toBe(1000);
    connecting.receive({ cmd: 'topic', msgId: 'x', msgTxt: 'x' });
    expect(onNotice).not.toHaveBeenCalled();

    const again = start();
    FakeSocket.last.open();
    FakeSocket.last.drop();
    expect(again.socket.reconnecting).toBe(true);
    again.socket.stop();
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS * 2);
    expect(FakeSocket.instances).toHaveLength(2);

    const open = start();
    FakeSocket.last.open();
    open.socket.stop();
    expect(FakeSocket.last.closedWith?.code).toBe(1000);
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS * 2);
    expect(FakeSocket.instances).toHaveLength(3);
  });
});

describe('socket address', () => {
  it('is the API base on this host as ws://, wss:// under https, or the configured absolute API address', () => {
    expect(noticeSocketUrl('u 1', '/jeecg-boot', { protocol: 'http:', host: 'app.example:8080' })).toBe('ws://app.example:8080/jeecg-boot/websocket/u%201');
    expect(noticeSocketUrl('u1', '/jeecg-boot', { protocol: 'https:', host: 'app.example' })).toBe('wss://app.example/jeecg-boot/websocket/u1');
    expect(noticeSocketUrl('u1', 'https://api.example/jeecg-boot', { protocol: 'http:', host: 'x' })).toBe('wss://api.example/jeecg-boot/websocket/u1');
  });
});
