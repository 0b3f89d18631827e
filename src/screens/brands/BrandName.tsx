import type { Brand } from '@/api/contract/brands';
import { initials } from '@/ui/format';
import styles from './BrandName.module.css';

/** The brand's logo (or its initials when it has none) before its name, as a list row shows them. */
export function BrandName({ brand }: { brand: Pick<Brand, 'name' | 'meta'> }) {
  return (
    <span className={styles.name}>
      {brand.meta.logo ? (
        <img className={styles.logo} src={brand.meta.logo} alt="" height={18} loading="lazy" />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {initials(brand.name)}
        </span>
      )}
      {brand.name}
    </span>
  );
}
