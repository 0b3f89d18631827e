import type { ReactNode } from 'react';
import type { SiteBlock, SiteForm } from '@/api/contract/site';
import type { SiteContext } from '@/site/context';
import { BLOCK_COMPONENTS } from '@/site/SiteBlocks';
import { SiteFormView } from '@/site/SiteFormView';
import { SiteLayout } from '@/site/SiteLayout';

/** One block as the site renders it; `id` is unique in the preview, as the site's are on a page. */
export function SiteBlockView({
  block,
  context,
  id,
}: {
  block: SiteBlock;
  context: SiteContext;
  id: string;
}) {
  const Block = BLOCK_COMPONENTS[block.index];
  return Block ? <Block block={block} context={context} id={id} /> : null;
}

/** A page as the site lays it out: its header and footer around the title and the blocks. */
export function SitePageFrame({
  name,
  context,
  children,
}: {
  name: string;
  context: SiteContext;
  children: ReactNode;
}) {
  return (
    <SiteLayout context={context}>
      <article className="site-page">
        <h1 className="site-page__title">{name}</h1>
        {children}
      </article>
    </SiteLayout>
  );
}

/** A form as a visitor sees it on its own page. */
export function SiteFormPreview({ form, context }: { form: SiteForm; context: SiteContext }) {
  return (
    <SitePageFrame name={form.name} context={context}>
      <SiteFormView form={form} action="#" id={`form-${form.handle || 'preview'}`} />
    </SitePageFrame>
  );
}
