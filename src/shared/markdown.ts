import { Marked, marked, type RendererObject, type Tokens } from 'marked';

/** The rules every host renders stored markdown by. */
const MARKDOWN_OPTIONS = { gfm: true, breaks: false } as const;

/**
 * Stored markdown as HTML, by the rules every host renders it with: GitHub-flavoured (tables,
 * strikethrough), a single line break kept inside its paragraph; blank text is ''. The HTML is not
 * sanitised here, since stored text may have come from anywhere: each host sanitises it before
 * showing it (the console with DOMPurify, `markdownToHtml` in src/ui/markdown.ts; the website with
 * `renderSafeMarkdown` below, which needs no DOM).
 */
export function renderMarkdown(markdown: string | null | undefined): string {
  if (!markdown?.trim()) return '';
  return marked.parse(markdown, { async: false, ...MARKDOWN_OPTIONS });
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

const SAFE_SCHEME = /^(?:https?|mailto|tel):/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Whether a link or image address is one a visitor may follow: http(s), mailto, tel or relative.
 * Browsers ignore whitespace and control characters inside a scheme ('java\tscript:'), so they are
 * ignored here too; a colon written as an entity stays text, since the address is escaped on output.
 */
export function isSafeUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const bare = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (bare.startsWith('//')) return true;
  return SAFE_SCHEME.test(bare) || !ANY_SCHEME.test(bare);
}

const safeRenderer: RendererObject = {
  html({ text }: Tokens.HTML | Tokens.Tag) {
    return escapeHtml(text);
  },
  link({ href, title, tokens }: Tokens.Link) {
    const inner = this.parser.parseInline(tokens);
    if (!isSafeUrl(href)) return inner;
    const titled = title ? ` title="${escapeHtml(title)}"` : '';
    return `<a href="${escapeHtml(href)}"${titled}>${inner}</a>`;
  },
  image({ href, title, text }: Tokens.Image) {
    if (!isSafeUrl(href)) return escapeHtml(text);
    const titled = title ? ` title="${escapeHtml(title)}"` : '';
    return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${titled} loading="lazy">`;
  },
};

const safeMarked = new Marked({ ...MARKDOWN_OPTIONS, renderer: safeRenderer });

/**
 * Stored markdown as HTML that is safe to show to a visitor, without a DOM (the server renders it):
 * the same rules as `renderMarkdown`, with raw HTML shown as text and links and images kept only
 * when their address is http(s), mailto, tel or relative (an unsafe link keeps its words).
 */
export function renderSafeMarkdown(markdown: string | null | undefined): string {
  if (!markdown?.trim()) return '';
  return safeMarked.parse(markdown, { async: false });
}
