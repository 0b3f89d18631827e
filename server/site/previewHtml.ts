import type { SavedPreview } from '../domain/site/previewPage';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function documentOf(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

export function renderPreview({ row, blocks }: SavedPreview): string {
  const shown = blocks
    .map(
      (block) =>
        `<section><h2>${escapeHtml(block.name)}</h2>${Object.values(block.sections)
          .flatMap((section) => Object.values(section.fields))
          .map((value) => (typeof value === 'string' ? `<p>${escapeHtml(value)}</p>` : ''))
          .join('')}</section>`,
    )
    .join('');
  return documentOf(row.name, `<p>Preview: not published</p><h1>${escapeHtml(row.name)}</h1>${shown}`);
}

export function renderDeadPreview(message: string): string {
  return documentOf(
    'Preview link not available',
    `<h1>Preview link not available</h1><p>${escapeHtml(message)}</p>`,
  );
}
