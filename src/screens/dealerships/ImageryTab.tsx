import styles from './DealershipForm.module.css';
import type { DealershipFields } from './form';
import { ImageField } from './ImageField';

/** The banner across the top of the dealership's page and the picture of the dealership. */
export function ImageryTab({ fields }: { fields: DealershipFields }) {
  return (
    <div className={styles.grid}>
      <ImageField
        label="Banner image"
        meta={fields.banner_img}
        description="Shown across the top of the dealership's page."
        key={fields.banner_img.key}
      />
      <ImageField
        label="Dealer image"
        meta={fields.dealer_img}
        description="A picture of the dealership."
        key={fields.dealer_img.key}
      />
    </div>
  );
}
