import { textOf } from '../context';
import { Markdown } from '../Markdown';
import { type BlockProps, sectionFields } from './blockProps';

export function RichTextBlock({ block }: BlockProps) {
  const body = textOf(sectionFields(block, 'content').body);
  if (!body.trim()) return null;
  return (
    <section className="site-block site-rich-text">
      <Markdown text={body} />
    </section>
  );
}
