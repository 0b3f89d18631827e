import { renderSafeMarkdown } from '@/shared/markdown';

/** Stored markdown, rendered safely (raw HTML as text, unsafe links dropped). Blank text renders nothing. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const html = renderSafeMarkdown(text);
  if (!html) return null;
  // The HTML comes from renderSafeMarkdown, which escapes raw HTML and keeps only safe addresses.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderSafeMarkdown
  return <div className={className ?? 'site-prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}
