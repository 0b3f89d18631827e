import { useSyncExternalStore } from 'react';

/** How long a toast stays (spec §9). */
export const TOAST_MS = 5000;

export type ToastKind = 'error' | 'success';

/** A button on a toast ('Undo'); pressing it also closes the toast. */
export interface ToastAction {
  label: string;
  onPress: () => void;
}

export interface ToastMessage {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
  /** How long it stays, when not TOAST_MS (an Undo lasts as long as the server can undo). */
  durationMs?: number;
  /** Where it shows, when not where its kind goes (the builder's errors show at the bottom right, spec §8). */
  placement?: 'bottom';
}

export interface ToastOptions {
  action?: ToastAction;
  durationMs?: number;
  placement?: 'bottom';
}

type Listener = () => void;

let toasts: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

function startTimer(id: number): void {
  const running = timers.get(id);
  if (running) clearTimeout(running);
  const ms = toasts.find((t) => t.id === id)?.durationMs ?? TOAST_MS;
  timers.set(
    id,
    setTimeout(() => dismiss(id), ms),
  );
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): number | null {
  const text = message.trim();
  if (!text) return null;
  // The same message twice at once (several failed calls, a double click) shows once, for the full time again.
  const same = options.action
    ? undefined
    : toasts.find((t) => t.kind === kind && t.message === text && !t.action);
  if (same) {
    startTimer(same.id);
    return same.id;
  }
  const id = nextId++;
  toasts = [...toasts, { id, kind, message: text, ...options }];
  startTimer(id);
  emit();
  return id;
}

function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

/**
 * Gives every toast on the list its full time from now. The toasts' UI loads with the first toast,
 * so it calls this once it is on screen: otherwise the first toast would show for less than 5 s.
 */
function restartAll(): void {
  for (const item of toasts) startTimer(item.id);
}

function clear(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  if (toasts.length === 0) return;
  toasts = [];
  emit();
}

/**
 * Shows a message for TOAST_MS: errors at the top centre, successes at the bottom right (spec §8).
 * Callable from anywhere (machines, the HTTP client's hooks), not only from components.
 */
export const toast = {
  error: (message: string, options?: ToastOptions): number | null => show('error', message, options),
  success: (message: string, options?: ToastOptions): number | null => show('success', message, options),
  dismiss,
  restartAll,
  clear,
};

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function snapshot(): readonly ToastMessage[] {
  return toasts;
}

/** The toasts on screen now, oldest first. */
export function useToasts(): readonly ToastMessage[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
