import { Link } from 'wouter';
import type { PageSummary } from '@/api/contract/pages';
import type { DataTableColumn } from '@/ui/DataTable';
import { PublishedState, TreeName } from '@/ui/tree/TreeCells';
import { childrenHref, editHref, hasChildrenToShow } from './PageRowActions';
import styles from './pages.module.css';

export const pageColumns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'slug', label: 'Slug' },
  { id: 'published', label: 'Published', width: 200 },
];

/** A row's cells; its name links to its children when it has some, otherwise to its editor (spec §2). */
export function renderPageCell(page: PageSummary, column: string) {
  switch (column) {
    case 'name':
      return (
        <Link href={hasChildrenToShow(page) ? childrenHref(page.id) : editHref(page.id)}>
          <TreeName name={page.name} slug={page.slug} locked={page.locked} />
        </Link>
      );
    case 'slug':
      return <span className={styles.slug}>{page.slug}</span>;
    case 'published':
      return (
        <PublishedState
          published={page.published}
          published_at={page.published_at}
          unpublish_at={page.unpublish_at}
        />
      );
    default:
      return null;
  }
}
