import type { ReactNode } from 'react';

export interface SiteDocumentProps {
  title: string;
  description: string;
  /** The stylesheet's address (fingerprinted). */
  stylesheet: string;
  /** The progressive-enhancement script's address, or null for none. */
  script: string | null;
  /** The page's path the script counts a view of. */
  viewPath: string | null;
  children: ReactNode;
}

/** A complete HTML document of the site; the page reads without the script. */
export function SiteDocument({
  title,
  description,
  stylesheet,
  script,
  viewPath,
  children,
}: SiteDocumentProps) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        <link rel="stylesheet" href={stylesheet} />
        {script ? <script src={script} defer data-view-path={viewPath ?? undefined} /> : null}
      </head>
      <body>{children}</body>
    </html>
  );
}
