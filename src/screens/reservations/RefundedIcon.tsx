import { StatusIcon } from '@/ui/StatusIcon';

/** The refunded tick or cross of the list and the detail screen. */
export function RefundedIcon({ refunded }: { refunded: boolean }) {
  return refunded ? (
    <StatusIcon icon="tick" label="Refunded" tone="success" />
  ) : (
    <StatusIcon icon="cross" label="Not refunded" tone="danger" />
  );
}
