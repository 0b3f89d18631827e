import { memo } from 'react';
import type { FieldValue } from '@/api/contract/blocks';
import type { Configurable } from '@/api/contract/builder';
import type { Page } from '@/api/contract/pages';
import { api } from '@/api/endpoints';
import { useLoad } from '@/ui/useLoad';
import { FieldEditor } from '../fields/FieldEditor';
import styles from './PageSettings.module.css';

type Values = Page['configurables'];

export interface ConfigurablesFieldsProps {
  /** The page's slug: the configurables offered are the ones for this slug or route. */
  slug: string;
  values: Values;
  onChange: (values: Values) => void;
  errors: Record<string, string>;
}

/** The page-wide fields its slug offers (spec §3 Configurable), loaded through builder/configurables/get. */
export const ConfigurablesFields = memo(function ConfigurablesFields({
  slug,
  values,
  onChange,
  errors,
}: ConfigurablesFieldsProps) {
  const loaded = useLoad<Configurable[]>(
    async () => (slug ? (await api.builder.configurables({ query: { slug } })).data : []),
    slug,
  );
  if (loaded.status !== 'ready') return null;
  return (
    <>
      {loaded.data.map((configurable) => {
        const own = values[configurable.handle] ?? { route: slug, fields: {} };
        const set = (key: string, value: FieldValue) =>
          onChange({
            ...values,
            [configurable.handle]: { route: slug, fields: { ...own.fields, [key]: value } },
          });
        return (
          <fieldset key={configurable.handle} className={styles.group}>
            <legend className={styles.legend}>{configurable.name}</legend>
            {Object.entries(configurable.fields).map(([key, field]) => (
              <FieldEditor
                key={key}
                name={`configurable-${configurable.handle}-${key}`}
                field={field}
                value={own.fields[key]}
                onChange={(value) => set(key, value)}
                error={errors[`configurables.${configurable.handle}.fields.${key}`]}
              />
            ))}
          </fieldset>
        );
      })}
    </>
  );
});
