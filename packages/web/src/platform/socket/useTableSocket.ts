import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../session.ts';
import { TableSocket, type TableSocketRow, type TableSocketStatus } from './tableSocket.ts';

/**
 * Live row updates for an editable table (spec §4 Editable table: "Live row updates arrive over a socket
 * and merge into the matching row. Updates sent by the same table instance are ignored"; JEECG-API §7.2).
 *
 * Usage, in the screen that holds the editable table:
 *
 *   const { sendUpdate } = useTableSocket({
 *     socketKey: 'dict-items:' + dictId,
 *     onUpdate: (row) => tableRef.current?.mergeRow(row),
 *   });
 *   // after a successful save, for each saved row as the server returned it:
 *   sendUpdate(savedRow);
 *
 * The socketKey names the data, not the screen: every table showing the same rows uses the same key.
 * `onUpdate` gets a row with an `id` that another table instance saved; merge it into the row with that
 * id and ignore it when no such row is shown. Send only rows the server confirmed as saved.
 *
 * Reach: the server relays an update to the same user's table sockets only (other tabs and windows of
 * the signed-in user), never to other users; see packages/server/src/platform/socket/socket.routes.ts.
 *
 * One connection per mounted table, opened while a user is signed in and `enabled` is not false, closed
 * on unmount, logout or a change of socketKey.
 */
export type UseTableSocketOptions<Row extends TableSocketRow> = {
  socketKey: string;
  /** false keeps the socket closed (e.g. until the record is loaded); default true */
  enabled?: boolean;
  onUpdate: (row: Row) => void;
};

export type UseTableSocketResult<Row extends TableSocketRow> = {
  /** true when the update went out; false when the socket is not open (the save stands either way) */
  sendUpdate: (row: Row) => boolean;
  /** `stopped` while disabled or signed out */
  status: TableSocketStatus;
};

const noSubscription = () => () => undefined;
const stoppedSnapshot = (): TableSocketStatus => 'stopped';

export function useTableSocket<Row extends TableSocketRow = TableSocketRow>({
  socketKey,
  enabled = true,
  onUpdate,
}: UseTableSocketOptions<Row>): UseTableSocketResult<Row> {
  const token = useSession((state) => state.token);
  const userId = useSession((state) => state.userInfo?.id ?? null);
  // Built during render without side effects (the constructor does not connect); the effect connects it.
  const socket = useMemo(() => (enabled && token && userId ? new TableSocket<Row>({ userId, token, socketKey }) : null), [enabled, token, userId, socketKey]);

  // Before start(), so that no update can arrive without a handler; runs again when the handler changes.
  useEffect(() => {
    socket?.setUpdateHandler(onUpdate);
  }, [socket, onUpdate]);

  useEffect(() => {
    if (!socket) return;
    socket.start();
    return () => socket.stop();
  }, [socket]);

  const subscribe = useMemo(() => (socket ? (listener: () => void) => socket.subscribeStatus(listener) : noSubscription), [socket]);
  const snapshot = useMemo(() => (socket ? () => socket.status : stoppedSnapshot), [socket]);
  const status = useSyncExternalStore(subscribe, snapshot, snapshot);

  const sendUpdate = useCallback((row: Row) => socket?.sendUpdate(row) ?? false, [socket]);
  return { sendUpdate, status };
}
