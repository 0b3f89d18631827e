import { idFrom, pageHref, textOf } from '../context';
import { Markdown } from '../Markdown';
import { SiteFormView } from '../SiteFormView';
import { BlockHeading, labelledBy } from './BlockHeading';
import { type BlockProps, sectionFields } from './blockProps';

/** A published form in the page; it posts back to the page, so it works without JavaScript. */
export function EmbeddedFormBlock({ block, context, id }: BlockProps) {
  const content = sectionFields(block, 'content');
  const title = textOf(content.title);
  const handle = textOf(content.form).trim();
  const form = context.forms[handle];
  if (!form) return null;
  const state = context.formStates?.[handle];
  return (
    <section className="site-block site-embedded-form" aria-labelledby={labelledBy(id, title)}>
      <BlockHeading id={id} title={title} />
      {state?.sent ? null : <Markdown text={textOf(content.intro)} />}
      <SiteFormView
        form={form}
        values={state?.values}
        errors={state?.errors}
        sent={state?.sent}
        action={pageHref(context, context.pagePath ?? '/')}
        id={idFrom('form', handle)}
      />
    </section>
  );
}
