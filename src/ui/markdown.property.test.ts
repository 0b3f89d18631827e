import { Editor } from '@tiptap/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { editorKeepsEverything, htmlToMarkdown, markdownToHtml } from './markdown';
import { richTextExtensions } from './richText';

/*
 * Markdown as the editor writes it, generated: every construct the editor offers, nested and
 * mixed. Loading it into the editor and writing it out again must give back the same text.
 */
const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,7}$/);
const words = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((w) => w.join(' '));

const span = fc.oneof(
  { weight: 4, arbitrary: words(4) },
  words(3).map((t) => `**${t}**`),
  words(3).map((t) => `_${t}_`),
  words(3).map((t) => `~~${t}~~`),
  words(2).map((t) => `\`${t}\``),
  fc.tuple(words(3), word).map(([text, path]) => `[${text}](https://example.com/${path})`),
  fc.tuple(words(2), word).map(([alt, name]) => `![${alt}](/storage/dealer_img/${name}.png)`),
);
const inline = fc.array(span, { minLength: 1, maxLength: 5 }).map((s) => s.join(' '));
const textOnly = fc
  .array(
    fc.oneof(
      words(4),
      words(2).map((t) => `**${t}**`),
      words(2).map((t) => `_${t}_`),
    ),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((s) => s.join(' '));

type Block = { kind: string; text: string };

const list = (ordered: boolean, nested: boolean): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(inline, nested ? fc.option(list(!ordered, false), { freq: 3 }) : fc.constant(null)), {
      minLength: 1,
      maxLength: 3,
    })
    .map((items) =>
      items
        .map(([text, child], i) => {
          const marker = ordered ? `${i + 1}. ` : '- ';
          const indent = ' '.repeat(marker.length);
          const sub = child
            ? `\n${child
                .split('\n')
                .map((line) => indent + line)
                .join('\n')}`
            : '';
          return `${marker}${text}${sub}`;
        })
        .join('\n'),
    );

const cells = (n: number) => fc.array(textOnly, { minLength: n, maxLength: n });
const table = fc.integer({ min: 1, max: 3 }).chain((width) =>
  fc.tuple(cells(width), fc.array(cells(width), { minLength: 1, maxLength: 3 })).map(([head, body]) => {
    const row = (r: string[]) => `| ${r.join(' | ')} |`;
    return [row(head), row(head.map(() => '---')), ...body.map(row)].join('\n');
  }),
);

const block: fc.Arbitrary<Block> = fc.oneof(
  { weight: 3, arbitrary: inline.map((text) => ({ kind: 'p', text })) },
  fc.tuple(fc.integer({ min: 1, max: 6 }), textOnly).map(([level, text]) => ({
    kind: 'h',
    text: `${'#'.repeat(level)} ${text}`,
  })),
  list(false, true).map((text) => ({ kind: 'ul', text })),
  list(true, true).map((text) => ({ kind: 'ol', text })),
  inline.map((text) => ({ kind: 'quote', text: `> ${text}` })),
  fc
    .tuple(
      fc.constantFrom('', 'js', 'sql'),
      fc.array(fc.stringMatching(/^[a-z][a-z =;()]{0,20}$/), { minLength: 1, maxLength: 3 }),
    )
    .map(([lang, lines]) => ({ kind: 'code', text: `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\`` })),
  table.map((text) => ({ kind: 'table', text })),
  fc.constant({ kind: 'hr', text: '---' }),
);

/** Two lists of one kind in a row are one list in markdown; blocks keep them apart. */
const documents = fc
  .array(block, { minLength: 1, maxLength: 6 })
  .filter((blocks) =>
    blocks.every(
      (b, i) => i === 0 || b.kind !== blocks[i - 1]!.kind || !['ul', 'ol', 'quote'].includes(b.kind),
    ),
  )
  .map((blocks) => blocks.map((b) => b.text).join('\n\n'));

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

/** The markdown the editor would store after loading `markdown` and being saved. */
function throughEditor(markdown: string): { markdown: string; html: string } {
  const editor = new Editor({ extensions: richTextExtensions(), content: markdownToHtml(markdown) });
  editors.push(editor);
  const html = editor.getHTML();
  return { markdown: editor.isEmpty ? '' : htmlToMarkdown(html), html };
}

describe('the rich text editor’s markdown', () => {
  it('comes back the same after loading it into the editor and writing it out', () => {
    fc.assert(
      fc.property(documents, (markdown) => {
        const out = throughEditor(markdown);
        expect(out.markdown).toBe(markdown);
        expect(editorKeepsEverything(markdown, out.html)).toBe(true);
        for (const editor of editors.splice(0)) editor.destroy();
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('keeps headings, strikethrough, images, tables, code and quotes of a dealership’s copy', () => {
    const copy = [
      '## Welcome to Leeds',
      'Our ~~old~~ **new** showroom, with `free` parking: [directions](https://example.com/leeds).',
      '![The showroom](/storage/dealer_img/front.png "Front")',
      '| Day | Hours |\n| --- | --- |\n| Monday | 9-5 |\n| Sunday | _Closed_ |',
      '> Best dealer 2025',
      '```\nopen = true\n```',
      '1. Sales\n2. Service\n   - MOT',
    ].join('\n\n');
    expect(throughEditor(copy).markdown).toBe(copy);
  });

  it('knows when stored markdown holds what the editor cannot show', () => {
    fc.assert(
      fc.property(
        documents,
        fc.constantFrom(
          'x<sup>2</sup>',
          '| a |\n| :-: |\n| b |',
          '- [ ] task',
          '<div>raw</div>',
          'press <kbd>Enter</kbd>',
        ),
        (markdown, foreign) => {
          const withForeign = `${markdown}\n\n${foreign}`;
          const out = throughEditor(withForeign);
          expect(editorKeepsEverything(withForeign, out.html)).toBe(false);
          for (const editor of editors.splice(0)) editor.destroy();
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});
