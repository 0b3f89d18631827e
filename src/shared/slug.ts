/**
 * A slug suggested from a name, to the rules the API checks (lowercase words joined by hyphens, at
 * most 255 characters): 'Example Motors – Leeds (North)' -> 'example-motors-leeds-north'. Accents
 * are dropped rather than the letters ('Citroën UK' -> 'citroen-uk'), so the slug reads like the name.
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
