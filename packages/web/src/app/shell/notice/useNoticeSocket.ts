import { useEffect, useRef } from 'react';
import { useSession } from '../../../platform/session.ts';
import { NoticeSocket, noticeSocketUrl } from './socket.ts';

/**
 * Holds the notification socket while a user is signed in: opened with the session's token, closed
 * when the token goes (logout) or the header unmounts. `onNotice` runs on each `topic`/`user` message
 * and after a reconnect (what arrived while disconnected was missed).
 */
export function useNoticeSocket(onNotice: () => void): void {
  const token = useSession((state) => state.token);
  const userId = useSession((state) => state.userInfo?.id ?? null);
  const handler = useRef(onNotice);

  useEffect(() => {
    handler.current = onNotice;
  }, [onNotice]);

  useEffect(() => {
    if (!token || !userId) return;
    const socket = new NoticeSocket({
      url: noticeSocketUrl(userId),
      token,
      onNotice: () => handler.current(),
      onOpen: (again) => {
        if (again) handler.current();
      },
    });
    socket.start();
    return () => socket.stop();
  }, [token, userId]);
}
