import { lazy, Suspense, useRef } from 'react';
import { type ToastMessage, toast, useToasts } from '@/ui/toasts';

/**
 * The toasts as plain text in the same two regions, with no styles of their own: what shows when
 * the toasts' code cannot be fetched (the server is unreachable, which is often what the first
 * toast is about). Without it the failed load would take the whole console down with it.
 */
function PlainToasts() {
  const toasts = useToasts();
  const errors = toasts.filter((t) => t.kind === 'error' && t.placement !== 'bottom');
  const others = toasts.filter((t) => !errors.includes(t));
  const line = (item: ToastMessage) => (
    <p key={item.id} style={{ margin: 0, padding: '0.5rem 1rem', background: 'Canvas', color: 'CanvasText' }}>
      {item.message}{' '}
      <button type="button" onClick={() => toast.dismiss(item.id)}>
        Dismiss
      </button>
    </p>
  );
  const region = { position: 'fixed', zIndex: 1000, display: 'grid', gap: '0.5rem' } as const;
  return (
    <>
      <div
        role="alert"
        aria-live="assertive"
        aria-label="Errors"
        style={{ ...region, top: '1rem', left: '1rem' }}
      >
        {errors.map(line)}
      </div>
      <div
        role="status"
        aria-live="polite"
        aria-label="Messages"
        style={{ ...region, bottom: '1rem', right: '1rem' }}
      >
        {others.map(line)}
      </div>
    </>
  );
}

const Toaster = lazy(() =>
  import('@/ui/Toaster').then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: PlainToasts }),
  ),
);

/**
 * Mounts the toasts' UI with the first toast, so the sign-in page does not carry it; once
 * loaded it stays.
 */
export function ToastHost() {
  const toasts = useToasts();
  const needed = useRef(false);
  if (toasts.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
