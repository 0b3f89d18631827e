import { lazy, Suspense, useRef } from 'react';
import { useToasts } from '@/ui/toasts';

const Toaster = lazy(() => import('@/ui/Toaster').then((m) => ({ default: m.Toaster })));

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
