import '@/ui/jsdomGaps';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageSettings } from './PageSettings';
import { DEFAULT_SETTINGS, metaFor, PAGE_REQUIRED } from './settingsValues';

function renderSettings(brandId: number | null) {
  render(
    <PageSettings
      values={{ ...DEFAULT_SETTINGS, brand_id: brandId }}
      onChange={() => {}}
      name="Kia Offers"
      onName={() => {}}
      slugLabel="Slug"
      slug="kia-offers"
      brands={[{ id: 1, name: 'Hyundai' }]}
      templates={[]}
      meta={metaFor(PAGE_REQUIRED, {})}
      locked={false}
    />,
  );
  return screen.getByRole('button', { name: /Brand$/ });
}

describe('the page settings’ Brand', () => {
  it('names a brand the page has that is no longer offered (in the bin), rather than none', () => {
    const brand = renderSettings(9);
    expect(brand.textContent).toContain('Brand 9, in the bin or deleted');
    expect(brand.textContent).not.toContain('Choose a brand');
  });

  it('shows an offered brand by its name', () => {
    expect(renderSettings(1).textContent).toContain('Hyundai');
  });
});
