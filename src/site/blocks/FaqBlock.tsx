import { textOf } from '../context';
import { Markdown } from '../Markdown';
import { BlockHeading, labelledBy } from './BlockHeading';
import { type BlockProps, sectionEntries, sectionFields } from './blockProps';

/** Questions that open on their own (details/summary): no script needed. */
export function FaqBlock({ block, id }: BlockProps) {
  const title = textOf(sectionFields(block, 'intro').title);
  const questions = sectionEntries(block, 'questions').filter((entry) => textOf(entry.question).trim());
  if (!questions.length && !title) return null;
  return (
    <section className="site-block site-faq" aria-labelledby={labelledBy(id, title)}>
      <BlockHeading id={id} title={title} />
      {questions.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: questions have no identity of their own
        <details className="site-faq__item" key={index}>
          <summary>{textOf(entry.question)}</summary>
          <Markdown text={textOf(entry.answer)} />
        </details>
      ))}
    </section>
  );
}
