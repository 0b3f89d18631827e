import { useParams } from 'wouter';
import { api } from '@/api/endpoints';
import { NotFound } from '@/ui/NotFound';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { BuilderPending } from '@/ui/tree/BuilderPending';
import { PublishedState } from '@/ui/tree/TreeCells';
import { useLoad } from '@/ui/useLoad';

/** /forms/edit/{id}: the builder's route, showing what exists until the builder lands. */
export default function FormBuilderScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(async () => (await api.forms.edit({ query: { id: Number(id) } })).data, id);
  if (loaded.status === 'loading') return <SkeletonLines lines={6} label="Loading the form" />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message="The form you are trying to locate clearly doesn’t exist..."
        action={{ label: 'View all forms', href: '/forms' }}
      />
    );
  }
  const form = loaded.data;
  return (
    <BuilderPending
      title="Edit Form"
      subtitle={form.name}
      backHref="/forms"
      fields={[
        ['Name', form.name],
        ['Handle', form.handle],
        ['Published', <PublishedState key="published" published={form.published} />],
        ['E-mail subject', form.emails.subject],
        ['E-mail lists', form.emails.email_lists.join(', ')],
        ['Thank-you title', form.thank_you.title],
        ['Blocks', String(form.items.length)],
      ]}
    />
  );
}
