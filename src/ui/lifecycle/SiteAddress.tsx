import styles from './SiteAddress.module.css';

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The public website the console edits; each deployment names its own (VITE_SITE_URL). */
export const siteUrl: string = withSlash(
  (import.meta.env?.VITE_SITE_URL as string | undefined) ?? 'https://www.example-motors.co.uk/',
);

export interface SiteAddressProps {
  /** The record's slug, the part that differs from row to row. */
  slug: string;
  /** A folder between the site and the slug ('locations/' for dealerships). */
  folder?: string;
}

/**
 * A slug where it lives on the website (spec §2 Brands, Dealerships): the site's address muted, so
 * the eye runs down the slugs, on one line so the table stays dense. When the column is too narrow
 * the line is cut at its start, so the slug's end (the part that tells rows apart) stays in view;
 * the whole address is in the tooltip.
 */
export function SiteAddress({ slug, folder = '' }: SiteAddressProps) {
  const base = `${siteUrl}${folder && !folder.endsWith('/') ? `${folder}/` : folder}`;
  return (
    <span className={styles.address} title={`${base}${slug}`}>
      <span className={styles.line}>
        <span className={styles.base}>{base}</span>
        <span className={styles.slug}>{slug}</span>
      </span>
    </span>
  );
}
