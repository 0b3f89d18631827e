import { type Extensions, mergeAttributes } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * What the rich text editor can hold: everything stored markdown uses (headings, bold, italic,
 * strikethrough, links, lists, images, tables, code, quotes), so opening and saving keeps it.
 * Shared by the editor and the tests that prove the round trip.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      // Markdown has no underline, so it is not offered; links pasted in are kept.
      underline: false,
      link: { openOnClick: false },
    }),
    // Markdown images sit inside paragraphs, between words.
    Image.configure({ inline: true }),
    Table.extend({
      // Without the column group and its inline widths: the page's Content-Security-Policy
      // refuses style attributes, and markdown tables have no widths to keep.
      renderHTML({ HTMLAttributes }) {
        return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
      },
    }).configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
  ];
}
