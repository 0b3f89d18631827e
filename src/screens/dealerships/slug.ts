/**
 * A slug made from a name, to the rules the API checks (lowercase words joined by hyphens):
 * 'Example Motors – Leeds (North)' -> 'example-motors-leeds-north'. Accents lose their marks.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 255)
    .replace(/-+$/, '');
}
