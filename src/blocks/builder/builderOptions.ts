import type { Option } from '@/api/contract/common';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import type { Catalogue } from '@/shared/catalogue';

export interface BuilderOptions {
  catalogue: Catalogue;
  brands: Option[];
  templates: Option[];
}

/** A list the builder can do without: a failure leaves its select empty rather than the builder closed. */
const orEmpty = <T>(load: Promise<T[]>, failures: string[]): Promise<T[]> =>
  load.catch((error: unknown) => {
    failures.push(describeFailure(error).message);
    return [];
  });

/** The catalogue (needed: blocks cannot be shown without it), the brands and the child templates. */
export async function loadBuilderOptions(): Promise<BuilderOptions & { failures: string[] }> {
  const failures: string[] = [];
  const [catalogue, brands, templates] = await Promise.all([
    api.builder.items({}).then((r) => r.data),
    orEmpty(
      // The lookup every signed-in user may read, scoped as the brands list is.
      api.brands.options({}).then((r) => r.data.map(({ id, name }) => ({ id, name }))),
      failures,
    ),
    orEmpty(
      api.templates.options({}).then((r) => r.data),
      [],
    ),
  ]);
  return { catalogue, brands, templates, failures };
}

/** Form input blocks are named input_*: forms offer those, pages and templates the others. */
export const isInputBlock = (index: string) => index.startsWith('input_');

export function offeredBlocks(catalogue: Catalogue, forForms: boolean): string[] {
  return Object.keys(catalogue).filter((index) => isInputBlock(index) === forForms);
}
