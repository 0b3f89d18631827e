import type { SiteBlock, SiteForm } from '@/api/contract/site';
import type { PreviewContext } from './previewContext';

/** Where the site's stylesheet is served, for the preview's frame. */
export const SITE_CSS_URL = '/site.css';

/** One block as the site renders it. */
export function SiteBlockView({ block }: { block: SiteBlock; context: PreviewContext }) {
  return (
    <section>
      <h2>{block.name}</h2>
      {Object.values(block.sections).map((section, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections are in a fixed order
        <div key={at}>
          {Object.values(section.fields).map((value, i) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: fields are in a fixed order
            typeof value === 'string' ? <p key={i}>{value}</p> : null,
          )}
        </div>
      ))}
    </section>
  );
}

/** A form as a visitor sees it. */
export function SiteFormPreview({ form }: { form: SiteForm; context: PreviewContext }) {
  return (
    <form>
      <h1>{form.name}</h1>
      {form.questions.map((q) => (
        <label key={q.name}>
          {q.label}
          <input name={q.name} />
        </label>
      ))}
    </form>
  );
}
