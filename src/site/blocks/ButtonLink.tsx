import { linkHref, type SiteContext } from '../context';

/** A link shown as a button ('primary', 'secondary') or as a plain link; nothing without a safe address. */
export function ButtonLink({
  context,
  label,
  link,
  style,
}: {
  context: SiteContext;
  label: string;
  link: string;
  style: string;
}) {
  const href = linkHref(context, link);
  if (!href || !label.trim()) return null;
  const look = style === 'secondary' || style === 'link' ? style : 'primary';
  return (
    <a className={`site-button site-button--${look}`} href={href}>
      {label}
    </a>
  );
}
