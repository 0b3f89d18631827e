import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '@/api/contract/notifications';
import { api } from '@/api/endpoints';

/** How often the bell asks again while the console is in view (it asks at once on coming back to it). */
export const NOTICES_POLL_MS = 60_000;

export interface Notices {
  /** The newest notices (the list's first page); null until first loaded. */
  list: Notification[] | null;
  unread: number;
  failed: boolean;
  refresh(): void;
  /** Marks these notices (or all) read, here at once and then on the server. */
  markRead(ids: readonly number[] | 'all'): Promise<void>;
}

/**
 * The signed-in user's notices for the bell: loaded at once, again whenever the window gets focus
 * or the tab comes into view, and every minute while it is in view.
 */
export function useNotices(): Notices {
  const [list, setList] = useState<Notification[] | null>(null);
  const [unread, setUnread] = useState(0);
  const [failed, setFailed] = useState(false);
  const round = useRef(0);

  const refresh = useCallback(() => {
    const mine = ++round.current;
    api.notifications.list({ query: { page: 1 } }).then(
      (answer) => {
        if (mine !== round.current) return;
        setList(answer.notifications.data);
        setUnread(answer.unread);
        setFailed(false);
      },
      () => mine === round.current && setFailed(true),
    );
  }, []);

  useEffect(() => {
    refresh();
    const visible = () => document.visibilityState === 'visible';
    const onShow = () => visible() && refresh();
    const timer = window.setInterval(onShow, NOTICES_POLL_MS);
    window.addEventListener('focus', onShow);
    document.addEventListener('visibilitychange', onShow);
    return () => {
      round.current += 1;
      window.clearInterval(timer);
      window.removeEventListener('focus', onShow);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [refresh]);

  const markRead = useCallback(async (ids: readonly number[] | 'all') => {
    const now = new Date().toISOString();
    const hits = (n: Notification) => n.read_at === null && (ids === 'all' || ids.includes(n.id));
    // An answer already on its way would bring the old read state back: it is dropped.
    round.current += 1;
    setList((current) => current?.map((n) => (hits(n) ? { ...n, read_at: now } : n)) ?? current);
    const answer = await api.notifications.read({ body: ids === 'all' ? { all: true } : { ids: [...ids] } });
    setUnread(answer.unread);
  }, []);

  return { list, unread, failed, refresh, markRead };
}
