// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isSafeUrl, renderMarkdown, renderSafeMarkdown } from './markdown';

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

describe('safe markdown for the website', () => {
  it('keeps the same rules and ordinary links, images and formatting', () => {
    expect(renderSafeMarkdown('**Open** [today](/contact-us) ~~late~~')).toBe(
      '<p><strong>Open</strong> <a href="/contact-us">today</a> <del>late</del></p>\n',
    );
    expect(renderSafeMarkdown('[Call](tel:01132000000) [Mail](mailto:sales@example.com)')).toBe(
      '<p><a href="tel:01132000000">Call</a> <a href="mailto:sales@example.com">Mail</a></p>\n',
    );
    expect(renderSafeMarkdown('![Kia Sportage](https://cars.example/sportage.jpg)')).toBe(
      '<p><img src="https://cars.example/sportage.jpg" alt="Kia Sportage" loading="lazy"></p>\n',
    );
    expect(renderSafeMarkdown(' ')).toBe('');
  });

  it('shows raw HTML as text: script tags and event attributes never reach the page', () => {
    const html = renderSafeMarkdown('<script>alert(1)</script>\n\nHi <img src=x onerror="alert(1)"> there');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(renderSafeMarkdown('<a href="javascript:alert(1)">x</a>')).not.toContain('<a ');
    expect(renderSafeMarkdown('<svg/onload=alert(1)>')).not.toContain('<svg');
  });

  it('drops javascript:, data: and other unsafe addresses, keeping the words', () => {
    expect(renderSafeMarkdown('[win](javascript:alert(1))')).toBe('<p>win</p>\n');
    expect(renderSafeMarkdown('[win](JaVaScRiPt:alert(1))')).toBe('<p>win</p>\n');
    expect(renderSafeMarkdown('[win](<java\tscript:alert(1)>)')).not.toContain('href');
    expect(renderSafeMarkdown('[win](vbscript:msgbox)')).toBe('<p>win</p>\n');
    expect(renderSafeMarkdown('![pic](data:image/svg+xml;base64,PHN2Zz4=)')).toBe('<p>pic</p>\n');
    expect(renderSafeMarkdown('[pic](data:text/html,<script>alert(1)</script>)')).not.toMatch(/href|<script/);
    expect(renderSafeMarkdown('<javascript:alert(1)>')).not.toContain('href');
  });

  it('escapes quotes in addresses and titles, so no attribute can be added', () => {
    const html = renderSafeMarkdown('[x](https://a.example/"onmouseover="alert(1) "t\\"itle")');
    expect(html).not.toMatch(/"\s*onmouseover=/);
    expect(html).not.toMatch(/t"itle/);
  });

  it('allows only http(s), mailto, tel and relative addresses', () => {
    expect(isSafeUrl('https://a.example')).toBe(true);
    expect(isSafeUrl('/storage/a.jpg')).toBe(true);
    expect(isSafeUrl('#top')).toBe(true);
    expect(isSafeUrl(' javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('\u0001javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,hi')).toBe(false);
    expect(isSafeUrl('file:///etc/passwd')).toBe(false);
  });
});
