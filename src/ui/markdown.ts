import DOMPurify from 'dompurify';
import { marked } from 'marked';
import TurndownService from 'turndown';

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  codeBlockStyle: 'fenced',
  emDelimiter: '_',
  strongDelimiter: '**',
});

/**
 * Stored markdown as sanitised HTML, for an editor to load or a preview to show. Stored text may
 * have come from anywhere (an import, another admin), so nothing it carries is trusted.
 */
export function markdownToHtml(markdown: string | null | undefined): string {
  if (!markdown?.trim()) return '';
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html);
}

/** HTML from the rich text editor as the markdown that is stored; an empty document is ''. */
export function htmlToMarkdown(html: string): string {
  return turndown.turndown(html).trim();
}
