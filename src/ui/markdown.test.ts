import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, markdownToHtml } from './markdown';

describe('markdown for the rich text editor', () => {
  it('turns stored markdown into HTML the editor can load', () => {
    expect(markdownToHtml('Welcome to **Leeds**.\n\n- Sales\n- Service')).toBe(
      '<p>Welcome to <strong>Leeds</strong>.</p>\n<ul>\n<li>Sales</li>\n<li>Service</li>\n</ul>\n',
    );
  });

  it('drops scripts and event handlers that stored text may carry', () => {
    const html = markdownToHtml('Hi <img src="x" onerror="alert(1)"><script>alert(2)</script>');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
    expect(html).toContain('<img src="x">');
  });

  it('stores the editor HTML as markdown, and an empty document as nothing', () => {
    expect(
      htmlToMarkdown(
        '<h2>Opening</h2><p>Come to <strong>Leeds</strong> or <em>York</em>.</p><ol><li><p>One</p></li></ol>',
      ),
    ).toBe('## Opening\n\nCome to **Leeds** or _York_.\n\n1. One');
    expect(htmlToMarkdown('<p></p>')).toBe('');
    expect(markdownToHtml('   ')).toBe('');
  });
});
