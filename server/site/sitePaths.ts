/** A page's full path from its slug: the homepage's slug is '/', every other is the path without its slash. */
export const pathOf = (slug: string): string => (slug === '/' ? '/' : `/${slug}`);

/** The slug a full path names: '/' for the homepage, else the path without its outer slashes. */
export function slugOfPath(path: string): string {
  const trimmed = path.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : trimmed;
}
