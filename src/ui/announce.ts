import { useSyncExternalStore } from 'react';

/**
 * How long an announcement stays in the live region. Screen readers read it when it arrives; it stays
 * a while so a test (or a user reviewing the page) can still find it, then goes so the region does
 * not grow without end.
 */
export const ANNOUNCEMENT_MS = 7000;

export interface Announcement {
  id: number;
  message: string;
}

type Listener = () => void;

let announcements: readonly Announcement[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function remove(id: number): void {
  const next = announcements.filter((item) => item.id !== id);
  if (next.length === announcements.length) return;
  announcements = next;
  emit();
}

/**
 * Says `message` politely to screen-reader users ('Kia moved to the bin', 'Users'), through the one
 * LiveRegion the app mounts. Each call adds a new node to the region, so the same words said twice
 * are read twice. Callable from anywhere, not only from components.
 */
export function announce(message: string): void {
  const text = message.trim();
  if (!text) return;
  const id = nextId++;
  announcements = [...announcements, { id, message: text }];
  emit();
  setTimeout(() => remove(id), ANNOUNCEMENT_MS);
}

/** Empties the region at once (between tests, on sign-out). */
export function clearAnnouncements(): void {
  if (announcements.length === 0) return;
  announcements = [];
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function snapshot(): readonly Announcement[] {
  return announcements;
}

/** The announcements still in the region, oldest first. */
export function useAnnouncements(): readonly Announcement[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
