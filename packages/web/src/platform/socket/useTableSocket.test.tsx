import { SocketClose, type LoginResult } from '@sbwq/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './socket.testkit.ts';
import { adminInfo } from '../../test/fakeServer.ts';
import { clearLocalSession, startSession } from '../session.ts';
import type { TableSocketRow } from './tableSocket.ts';
import { useTableSocket } from './useTableSocket.ts';

const signedIn = () =>
  startSession({ token: 'tok-1', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');

type Row = TableSocketRow & { itemText?: string };

/** A table that shows its rows' texts, merges live rows by id and announces a row when "saved". */
function Table({ name, socketKey, enabled }: { name: string; socketKey: string; enabled?: boolean }) {
  const [rows, setRows] = useState<Row[]>([{ id: 'r1', itemText: '男' }]);
  const { sendUpdate, status } = useTableSocket<Row>({
    socketKey,
    enabled,
    onUpdate: (row) => setRows((current) => current.map((r) => (r.id === row.id ? { ...r, ...row } : r))),
  });
  return (
    <section aria-label={name}>
      <output data-testid={`${name}-status`}>{status}</output>
      <output data-testid={`${name}-rows`}>{rows.map((r) => r.itemText).join(',')}</output>
      <button type="button" onClick={() => sendUpdate({ id: 'r1', itemText: `${name} 改过` })}>
        {`${name} 保存`}
      </button>
    </section>
  );
}

/** Plays the server's relay: what one socket sends reaches the given sockets. */
const relay = (from: FakeSocket, to: FakeSocket[]) => {
  const text = from.sent.at(-1);
  if (!text) throw new Error('nothing was sent');
  act(() => to.forEach((s) => s.receive(text)));
};

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
  signedIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearLocalSession();
});

describe('useTableSocket (spec §4 Editable table: live row updates merge into the matching row; JEECG-API §7.2)', () => {
  it('§7 each mounted table opens its own socket for the signed-in user with the token, each with its own pageId', () => {
    render(
      <>
        <Table name="甲" socketKey="dict-items:d1" />
        <Table name="乙" socketKey="dict-items:d1" />
      </>,
    );
    expect(FakeSocket.instances).toHaveLength(2);
    const [a, b] = FakeSocket.instances;
    expect(a.url).toMatch(/\/jeecg-boot\/vxeSocket\/u1\/[A-Za-z0-9_-]+$/);
    expect(a.protocols).toEqual(['tok-1']);
    expect(a.url).not.toBe(b.url);
    expect(screen.getByTestId('甲-status').textContent).toBe('connecting');
    act(() => a.open());
    expect(screen.getByTestId('甲-status').textContent).toBe('open');
  });

  it('§4 a row saved in one table merges into the other table with the same socketKey; the saving table ignores its own echo', () => {
    render(
      <>
        <Table name="甲" socketKey="dict-items:d1" />
        <Table name="乙" socketKey="dict-items:d1" />
        <Table name="丙" socketKey="dict-items:d2" />
      </>,
    );
    const [a, b, c] = FakeSocket.instances;
    act(() => [a, b, c].forEach((s) => s.open()));
    fireEvent.click(screen.getByRole('button', { name: '甲 保存' }));
    // the caseId is the sending table's own pageId
    const pageId = a.url.split('/').at(-1);
    expect(JSON.parse(a.sent.at(-1) ?? '')).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'dict-items:d1', args: [{ id: 'r1', itemText: '甲 改过' }, pageId] },
    });
    relay(a, [a, b, c]);
    expect(screen.getByTestId('乙-rows').textContent).toBe('甲 改过');
    expect(screen.getByTestId('甲-rows').textContent).toBe('男');
    expect(screen.getByTestId('丙-rows').textContent).toBe('男');
  });

  it('§4 disabled or signed out: no socket, status stopped; enabling connects, logout closes for good', () => {
    const { rerender } = render(<Table name="甲" socketKey="dict-items:d1" enabled={false} />);
    expect(FakeSocket.instances).toHaveLength(0);
    expect(screen.getByTestId('甲-status').textContent).toBe('stopped');
    rerender(<Table name="甲" socketKey="dict-items:d1" enabled />);
    expect(FakeSocket.instances).toHaveLength(1);
    const socket = FakeSocket.last;
    act(() => socket.open());
    act(() => clearLocalSession());
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'closed' });
    expect(screen.getByTestId('甲-status').textContent).toBe('stopped');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§4 a new socketKey (another record opened) closes the old socket and opens a new one; unmount closes it', () => {
    const { rerender, unmount } = render(<Table name="甲" socketKey="dict-items:d1" />);
    const first = FakeSocket.last;
    act(() => first.open());
    rerender(<Table name="甲" socketKey="dict-items:d2" />);
    expect(first.closedWith?.code).toBe(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    const second = FakeSocket.last;
    act(() => second.open());
    act(() => second.receive({ type: 'update_vxe_table', data: { socketKey: 'dict-items:d1', args: [{ id: 'r1', itemText: '旧记录' }, 'other'] } }));
    expect(screen.getByTestId('甲-rows').textContent).toBe('男');
    act(() => second.receive({ type: 'update_vxe_table', data: { socketKey: 'dict-items:d2', args: [{ id: 'r1', itemText: '新记录' }, 'other'] } }));
    expect(screen.getByTestId('甲-rows').textContent).toBe('新记录');
    unmount();
    expect(second.closedWith?.code).toBe(1000);
  });

  it('§4 updates reach the handler of the latest render, on the same connection', () => {
    const seen: string[] = [];
    function Probe({ label }: { label: string }) {
      useTableSocket<Row>({ socketKey: 'k', onUpdate: (row) => seen.push(`${label}:${row.id}`) });
      return null;
    }
    const { rerender } = render(<Probe label="一" />);
    const socket = FakeSocket.last;
    act(() => socket.open());
    rerender(<Probe label="二" />);
    act(() => socket.receive({ type: 'update_vxe_table', data: { socketKey: 'k', args: [{ id: 'r9' }, 'other'] } }));
    expect(seen).toEqual(['二:r9']);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§9 a refused connection shows status refused', () => {
    render(<Table name="甲" socketKey="dict-items:d1" />);
    act(() => FakeSocket.last.drop(SocketClose.tokenInvalid));
    expect(screen.getByTestId('甲-status').textContent).toBe('refused');
  });
});
