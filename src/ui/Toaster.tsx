import { type FocusEvent, useEffect, useRef } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { Icon } from './Icon';
import { IconButton } from './IconButton';
import styles from './Toaster.module.css';
import { type ToastMessage, toast, useToasts } from './toasts';

/** Holds a toast's clock while the pointer is over it or focus is inside it, and only then (WCAG 2.2.1). */
function usePauseWhileHeld(id: number) {
  const held = useRef({ pointer: false, focus: false });
  const update = (change: Partial<typeof held.current>) => {
    held.current = { ...held.current, ...change };
    if (held.current.pointer || held.current.focus) toast.pause(id);
    else toast.resume(id);
  };
  return {
    onPointerEnter: () => update({ pointer: true }),
    onPointerLeave: () => update({ pointer: false }),
    onFocus: () => update({ focus: true }),
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) update({ focus: false });
    },
  };
}

function ToastItem({ item }: { item: ToastMessage }) {
  const hold = usePauseWhileHeld(item.id);
  return (
    <div className={cx(styles.toast, styles[item.kind])} {...hold}>
      <Icon name={item.kind === 'error' ? 'alert' : 'tick'} size="md" className={styles.icon} />
      <p className={styles.message}>{item.message}</p>
      {item.action ? (
        <Button
          variant="ghost"
          size="sm"
          className={styles.action}
          onPress={() => {
            toast.dismiss(item.id);
            item.action?.onPress();
          }}
        >
          {item.action.label}
        </Button>
      ) : null}
      <IconButton
        icon="close"
        label="Dismiss"
        size="sm"
        className={styles.close}
        onPress={() => toast.dismiss(item.id)}
      />
    </div>
  );
}

/**
 * The two toast regions: errors at the top centre (role=alert, read at once), successes at the
 * bottom right (role=status, read politely). Both stay in the page empty so the first message in
 * each is announced. Mount once, at the root.
 */
export function Toaster() {
  const toasts = useToasts();
  // Loaded with the first toast: that toast's 5 s start when it can be seen.
  useEffect(() => toast.restartAll(), []);
  const errors = toasts.filter((t) => t.kind === 'error' && t.placement !== 'bottom');
  const successes = toasts.filter((t) => t.kind === 'success' || t.placement === 'bottom');
  return (
    <>
      <div role="alert" aria-live="assertive" aria-label="Errors" className={styles.top}>
        {errors.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </div>
      <div role="status" aria-live="polite" aria-label="Messages" className={styles.bottom}>
        {successes.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </div>
    </>
  );
}
