/** A block's heading, when it has a title. */
export function BlockHeading({ id, title }: { id: string; title: string }) {
  if (!title.trim()) return null;
  return (
    <h2 className="site-block__title" id={`${id}-title`}>
      {title}
    </h2>
  );
}

/** The aria-labelledby of a block with a title. */
export const labelledBy = (id: string, title: string) => (title.trim() ? `${id}-title` : undefined);
