import type { Dealership } from '@/api/contract/dealerships';
import styles from './DealershipBrand.module.css';

/** The dealership's brand as a list row shows it: a small logo before the name. */
export function DealershipBrand({ brand }: { brand: Dealership['brand'] }) {
  if (!brand) return <span className={styles.none}>No brand</span>;
  return (
    <span className={styles.brand}>
      {brand.meta.logo ? (
        <img className={styles.logo} src={brand.meta.logo} alt="" height={20} loading="lazy" />
      ) : null}
      {brand.name}
    </span>
  );
}
