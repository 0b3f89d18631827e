import { useState } from 'react';
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { Link } from 'wouter';
import { formatDateTime } from '@/shared/format';
import { Button } from '@/ui/Button';
import { Icon } from '@/ui/Icon';
import styles from './NotificationBell.module.css';
import { useNotices } from './useNotices';

export const NO_NOTICES =
  'You have no notices. Pages waiting for your review, sent back to you or approved, and comments that mention you, show here.';

/** The bell's name as it is read out and shown on hover: 'Notifications, 3 unread'. */
export const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

/**
 * The bell in the top bar: the unread count, and a list of the newest notices, each a link to its
 * record that marks it read when followed. Opening it asks for the newest at once.
 */
export function NotificationBell() {
  const notices = useNotices();
  const [open, setOpen] = useState(false);
  const { list, unread } = notices;
  return (
    <DialogTrigger
      isOpen={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) notices.refresh();
      }}
    >
      <AriaButton className={styles.bell} aria-label={bellLabel(unread)}>
        <Icon name="bell" size="lg" />
        {unread > 0 ? (
          <span className={styles.count} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </AriaButton>
      <Popover placement="bottom end" offset={6} className={styles.popover}>
        <Dialog aria-labelledby="notices-heading" className={styles.dialog}>
          <div className={styles.head}>
            <Heading slot="title" id="notices-heading" className={styles.heading}>
              Notifications
            </Heading>
            {list?.length ? (
              <Button
                size="sm"
                variant="ghost"
                // Kept focusable once every notice is read, so focus stays where the user left it.
                disabledReason={unread === 0 ? 'Every notice is read.' : null}
                onPress={() => notices.markRead('all')}
              >
                Mark all as read
              </Button>
            ) : null}
          </div>
          {list === null ? (
            <p className={styles.empty} role={notices.failed ? 'alert' : undefined}>
              {notices.failed ? 'Your notices could not be loaded.' : 'Loading your notices…'}
            </p>
          ) : list.length === 0 ? (
            <p className={styles.empty}>{NO_NOTICES}</p>
          ) : (
            <ul className={styles.list}>
              {list.map((notice) => (
                <li key={notice.id} className={notice.read_at ? styles.read : styles.unread}>
                  <Link
                    href={notice.url}
                    className={styles.link}
                    onClick={() => {
                      setOpen(false);
                      if (!notice.read_at) void notices.markRead([notice.id]);
                    }}
                  >
                    {notice.read_at ? null : <span className={styles.visuallyHidden}>Unread: </span>}
                    {notice.text}
                  </Link>
                  <time dateTime={notice.created_at} className={styles.time}>
                    {formatDateTime(notice.created_at)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
