import { useParams, useRoute } from 'wouter';
import { api } from '@/api/endpoints';
import { NotFound } from '@/ui/NotFound';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { BuilderPending } from '@/ui/tree/BuilderPending';
import { PublishedState } from '@/ui/tree/TreeCells';
import { useLoad } from '@/ui/useLoad';

/**
 * /pages/add, /pages/edit/{id} and /pages/add/{parent}: the builder's routes, showing what exists
 * until the builder lands.
 */
export default function PageBuilderScreen() {
  const [addingTop] = useRoute('/pages/add');
  if (addingTop) {
    return (
      <BuilderPending title="Add Page" subtitle="At the top of the tree" backHref="/pages" fields={[]} />
    );
  }
  return <StoredPageBuilder />;
}

function StoredPageBuilder() {
  const { id = '' } = useParams<{ id: string }>();
  const [adding] = useRoute('/pages/add/:id');
  const loaded = useLoad(async () => (await api.pages.edit({ query: { id: Number(id) } })).data, id);

  if (loaded.status === 'loading') return <SkeletonLines lines={6} label="Loading the page" />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message="The page you are trying to locate clearly doesn’t exist..."
        action={{ label: 'View all pages', href: '/pages' }}
      />
    );
  }
  const page = loaded.data;
  if (adding) {
    return (
      <BuilderPending
        title="Add Child Page"
        subtitle={`Under ${page.name}`}
        backHref="/pages"
        fields={[
          ['Parent', page.name],
          ['Parent slug', page.slug],
        ]}
      />
    );
  }
  return (
    <BuilderPending
      title="Edit Page"
      subtitle={page.name}
      backHref="/pages"
      fields={[
        ['Name', page.name],
        ['Slug', page.slug],
        ['Published', <PublishedState key="published" published={page.published} />],
        ['Meta title', page.meta.title],
        ['Meta description', page.meta.description],
        ['Blocks', String(page.items.length)],
        ['Children', String(page.total_children)],
      ]}
    />
  );
}
