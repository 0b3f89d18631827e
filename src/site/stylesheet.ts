/**
 * The site's stylesheet, kept in parts by what they style and served as one file in this order
 * (later rules may rely on earlier ones): the theme and skip link, the header and main content, the
 * blocks, the forms, the 'In this section' list and the footer, then what a share-preview link adds.
 */
export const SITE_STYLESHEET_PARTS = [
  'theme.css',
  'layout.css',
  'blocks.css',
  'forms.css',
  'sections.css',
  'preview.css',
] as const;

/** The stylesheet's stable address: it redirects to the current fingerprinted file. */
export const SITE_STYLESHEET_PATH = '/site/_assets/site.css';
