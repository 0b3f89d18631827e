import type { useSortable } from '@dnd-kit/sortable';
import { Icon } from '@/ui/Icon';

/**
 * The handle a sortable block or entry is dragged by (by pointer, or by keyboard through dnd-kit's
 * own sensor), named after what it moves.
 */
export function DragHandle({
  sortable,
  title,
  className,
}: {
  sortable: ReturnType<typeof useSortable>;
  title: string;
  className: string | undefined;
}) {
  return (
    <button
      type="button"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={`Drag ${title}`}
      title="Drag to reorder"
      className={className}
    >
      <Icon name="drag" size="sm" />
    </button>
  );
}
