import styles from './DealershipForm.module.css';
import type { DealershipFields } from './form';
import { ImageField } from './ImageField';

/** The banner across the top of the dealership's page and the picture of the dealership. */
export function ImageryTab({ fields }: { fields: DealershipFields }) {
  return (
    <div className={styles.grid}>
      <ImageField
        label="Banner image"
        handle="banner_img"
        meta={fields.banner_img}
        description="Shown across the top of the dealership's page. PNG, JPEG, GIF or WebP, up to 5 MB."
        key={fields.banner_img.key}
      />
      <ImageField
        label="Dealer image"
        handle="dealer_img"
        meta={fields.dealer_img}
        description="A picture of the dealership. PNG, JPEG, GIF or WebP, up to 5 MB."
        key={fields.dealer_img.key}
      />
    </div>
  );
}
