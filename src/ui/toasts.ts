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
/** When each running toast's time is up (ms since the epoch). */
const deadlines = new Map<number, number>();
/** The time left to each paused toast (hovered or focused: WCAG 2.2.1). */
const paused = new Map<number, number>();

function emit(): void {
  for (const listener of listeners) listener();
}

function fullTime(id: number): number {
  return toasts.find((t) => t.id === id)?.durationMs ?? TOAST_MS;
}

function startTimer(id: number, ms = fullTime(id)): void {
  const running = timers.get(id);
  if (running) clearTimeout(running);
  if (paused.has(id)) {
    // A paused toast keeps waiting for the pointer or focus to leave; it then gets this time.
    paused.set(id, ms);
    return;
  }
  deadlines.set(id, Date.now() + ms);
  timers.set(
    id,
    setTimeout(() => dismiss(id), ms),
  );
}

/** Stops a toast's clock while the pointer is over it or focus is in it. */
function pause(id: number): void {
  if (paused.has(id) || !toasts.some((t) => t.id === id)) return;
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  paused.set(id, Math.max(0, (deadlines.get(id) ?? Date.now()) - Date.now()));
}

/** Starts a paused toast's clock again with the time it had left (at least a second, to be read). */
function resume(id: number): void {
  const left = paused.get(id);
  if (left === undefined) return;
  paused.delete(id);
  startTimer(id, Math.max(left, 1000));
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
  deadlines.delete(id);
  paused.delete(id);
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
  deadlines.clear();
  paused.clear();
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
  pause,
  resume,
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
