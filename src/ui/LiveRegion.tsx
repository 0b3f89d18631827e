import { useAnnouncements } from './announce';

/**
 * The polite live region that `announce()` speaks through. Mount it once, at the root, from the
 * first render: a region that appears together with its text is not read by every screen reader.
 */
export function LiveRegion() {
  const announcements = useAnnouncements();
  return (
    // Not atomic: only the newest line is read, not the ones still standing from before.
    <div role="status" aria-live="polite" aria-atomic="false" className="sr-only" data-announcer="">
      {announcements.map((item) => (
        <p key={item.id}>{item.message}</p>
      ))}
    </div>
  );
}
