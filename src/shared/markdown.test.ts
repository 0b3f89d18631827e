// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('markdown rendering rules', () => {
  it('renders GitHub-flavoured markdown: tables and strikethrough', () => {
    expect(renderMarkdown('| Day | Open |\n| --- | --- |\n| Mon | 9 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th>Day</th>\n<th>Open</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>Mon</td>\n<td>9</td>\n</tr>\n</tbody></table>\n',
    );
    expect(renderMarkdown('~~Sold~~ out')).toBe('<p><del>Sold</del> out</p>\n');
  });

  it('keeps a single line break inside its paragraph', () => {
    expect(renderMarkdown('Leeds\nYork')).toBe('<p>Leeds\nYork</p>\n');
  });

  it('renders blank text as nothing', () => {
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown('  \n ')).toBe('');
    expect(renderMarkdown(null)).toBe('');
  });
});
