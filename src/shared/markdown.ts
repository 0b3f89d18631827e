import { marked } from 'marked';

/**
 * Stored markdown as HTML, by the rules every host renders it with: GitHub-flavoured (tables,
 * strikethrough), a single line break kept inside its paragraph; blank text is ''. The HTML is not
 * sanitised here, since stored text may have come from anywhere: each host sanitises it before
 * showing it (the console with DOMPurify, `markdownToHtml` in src/ui/markdown.ts).
 */
export function renderMarkdown(markdown: string | null | undefined): string {
  if (!markdown?.trim()) return '';
  return marked.parse(markdown, { async: false, gfm: true, breaks: false });
}
