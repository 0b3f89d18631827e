import { useEffect, useRef } from 'react';
import { useAuthActor, useViewing } from '@/machines/session';
import { Button } from '@/ui/Button';
import styles from './ViewAsBanner.module.css';

/** 'Viewing as Sales — Dealership X. Read-only.' */
export function viewingText(roleName: string, scopeLabel: string): string {
  return `Viewing as ${roleName} — ${scopeLabel}. Read-only.`;
}

/**
 * "View as" (issue #25): above everything while the console is drawn as another role, with the way
 * back. It takes focus when the view starts, so a screen reader says whose view this is; going back
 * puts focus on the screen, which starts again in one's own view.
 */
export function ViewAsBanner() {
  const viewing = useViewing();
  const auth = useAuthActor();
  const ref = useRef<HTMLElement>(null);
  const text = viewing ? viewingText(viewing.user.role.name, viewing.scopeLabel) : null;
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  if (!viewing || !text) return null;
  return (
    <section ref={ref} className={styles.banner} aria-label="View as" tabIndex={-1}>
      <p className={styles.text}>{text}</p>
      <Button
        size="sm"
        onPress={() => {
          auth.send({ type: 'viewAs.leave' });
          // The screen starts again in one's own view (Shell keys it by the view): focus goes to it.
          requestAnimationFrame(() => document.getElementById('content')?.focus());
        }}
      >
        Back to my view
      </Button>
    </section>
  );
}
