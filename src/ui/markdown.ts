import DOMPurify from 'dompurify';
import TurndownService from 'turndown';
import { renderMarkdown } from '@/shared/markdown';

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  codeBlockStyle: 'fenced',
  emDelimiter: '_',
  strongDelimiter: '**',
  hr: '---',
});

turndown.addRule('strikethrough', {
  filter: (node) => node.nodeName === 'DEL' || node.nodeName === 'S' || node.nodeName === 'STRIKE',
  replacement: (content) => (content.trim() ? `~~${content}~~` : content),
});

turndown.addRule('listItem', {
  filter: 'li',
  replacement(content, node) {
    const parent = node.parentNode as HTMLElement | null;
    let marker = '- ';
    if (parent?.nodeName === 'OL') {
      const start = Number(parent.getAttribute('start') ?? 1);
      marker = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
    }
    // The editor wraps every item's text in a paragraph; a nested list right after it stays tight.
    const lines = content
      .replace(/^\n+/, '')
      .replace(/\n+$/, '')
      .replace(/\n{2,}(?=\s*(?:[-*+]|\d+[.)]) )/g, '\n')
      .split('\n');
    const indent = ' '.repeat(marker.length);
    const body = lines.map((line, i) => (i === 0 || line === '' ? line : indent + line)).join('\n');
    return `${marker}${body}${node.nextSibling ? '\n' : ''}`;
  },
});

/** One table cell as GFM writes it: inline markdown on one line, pipes escaped. */
function cellMarkdown(cell: Element): string {
  return htmlToMarkdown(cell.innerHTML).replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim();
}

turndown.addRule('table', {
  filter: 'table',
  replacement(_content, node) {
    const rows = Array.from((node as HTMLTableElement).rows).map((row) =>
      Array.from(row.cells).map(cellMarkdown),
    );
    const width = Math.max(0, ...rows.map((row) => row.length));
    if (width === 0) return '';
    const line = (cells: string[]) =>
      `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
    const [head = [], ...body] = rows;
    const separator = `| ${Array.from({ length: width }, () => '---').join(' | ')} |`;
    return `\n\n${[line(head), separator, ...body.map(line)].join('\n')}\n\n`;
  },
});

/**
 * Stored markdown as sanitised HTML, for an editor to load or a preview to show. Stored text may
 * have come from anywhere (an import, another admin), so nothing it carries is trusted.
 */
export function markdownToHtml(markdown: string | null | undefined): string {
  const html = renderMarkdown(markdown);
  return html ? DOMPurify.sanitize(html) : '';
}

/** HTML from the rich text editor as the markdown that is stored; an empty document is ''. */
export function htmlToMarkdown(html: string): string {
  return turndown.turndown(html).trim();
}

/** Elements that only wrap or lay out, and say nothing about the content. */
const LAYOUT = new Set(['P', 'THEAD', 'TBODY', 'TFOOT', 'COLGROUP', 'COL']);
const SAME_AS: Record<string, string> = { B: 'STRONG', I: 'EM', DEL: 'S', STRIKE: 'S' };
const KEPT_ATTRIBUTES: Record<string, string[]> = {
  A: ['href', 'title'],
  IMG: ['src', 'alt', 'title'],
  OL: ['start'],
  CODE: ['class'],
  TH: ['align'],
  TD: ['align'],
};

/** What a piece of HTML says, as a list of tokens: its elements, their meaningful attributes, its words. */
function signature(html: string): string[] {
  const tokens: string[] = [];
  const walk = (node: Node, inPre: boolean) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = inPre
        ? (node.textContent ?? '').replace(/\n$/, '')
        : (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) tokens.push(`"${text}"`);
      return;
    }
    if (!(node instanceof Element)) return;
    const tag = SAME_AS[node.tagName] ?? node.tagName;
    const layout = LAYOUT.has(tag);
    if (!layout) {
      const attributes = (KEPT_ATTRIBUTES[tag] ?? [])
        .map((name) => [name, node.getAttribute(name)] as const)
        .filter(([name, value]) => value !== null && !(name === 'start' && value === '1'))
        .map(([name, value]) => `${name}=${value}`);
      tokens.push(`<${tag}${attributes.length ? ` ${attributes.join(' ')}` : ''}>`);
    }
    for (const child of Array.from(node.childNodes)) walk(child, inPre || tag === 'PRE');
    if (!layout) tokens.push(`</${tag}>`);
  };
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  walk(doc.body, false);
  return tokens.slice(1, -1);
}

/**
 * Whether the editor holds all that the stored markdown says. Markdown may carry what the editor
 * has no place for (raw HTML, aligned table columns, link titles...); the field then warns that
 * editing will drop it, and an unedited save keeps the stored text as it is.
 */
export function editorKeepsEverything(markdown: string, editorHtml: string): boolean {
  const stored = signature(markdownToHtml(markdown));
  const kept = signature(editorHtml);
  return stored.length === kept.length && stored.every((token, i) => token === kept[i]);
}
