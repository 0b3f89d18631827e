/**
 * A slug from a name as the brand form suggests it: 'Citroën UK' -> 'citroen-uk'. Accents are
 * dropped rather than the letters, so the suggestion reads like the name.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
