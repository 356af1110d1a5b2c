import { useEffect, useRef } from 'react';
import { useSession } from '../../platform/session.ts';
import { NoticeSocket, noticeSocketUrl } from './socket.ts';

/**
 * Holds the notification socket while a user is signed in: opened with the session's token, closed
 * when the token goes (logout) or the header unmounts. `onNotice` runs on each `topic`/`user` message
 * and after a reconnect (what arrived while disconnected was missed); `onMonitor`, when given, on each
 * "business figures changed" ping.
 */
export function useNoticeSocket(onNotice: () => void, onMonitor?: () => void): void {
  const token = useSession((state) => state.token);
  const userId = useSession((state) => state.userInfo?.id ?? null);
  const handler = useRef(onNotice);
  const monitorHandler = useRef(onMonitor);

  useEffect(() => {
    handler.current = onNotice;
    monitorHandler.current = onMonitor;
  }, [onNotice, onMonitor]);

  useEffect(() => {
    if (!token || !userId) return;
    const socket = new NoticeSocket({
      url: noticeSocketUrl(userId),
      token,
      onNotice: () => handler.current(),
      onMonitor: () => monitorHandler.current?.(),
      onOpen: (again) => {
        if (again) handler.current();
      },
    });
    socket.start();
    return () => socket.stop();
  }, [token, userId]);
}
