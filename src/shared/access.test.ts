import { describe, expect, it } from 'vitest';
import {
  type Access,
  areaAccess,
  can,
  normalisePermissions,
  permissionsBeyond,
  refusal,
  roleTemplates,
  scopeWithin,
  wholeGroup,
} from './access';

const template = (name: string) => roleTemplates.find((t) => t.name === name)!;
const as = (name: string, scope = wholeGroup): Access => ({
  role: { id: 1, name, permissions: template(name).permissions },
  scope,
});

describe('can', () => {
  it('asks the role for the action and the scope for the record', () => {
    const sales = as('Sales', { brand_ids: [], dealership_ids: [7] });
    expect(can(sales, 'view', 'responses')).toBe(true);
    expect(can(sales, 'view', 'responses', { brand_id: 2, dealership_id: 7 })).toBe(true);
    expect(can(sales, 'view', 'responses', { brand_id: 2, dealership_id: 8 })).toBe(false);
    expect(can(sales, 'refund', 'reservations', { brand_id: 2, dealership_id: 7 })).toBe(false);
    expect(can(sales, 'view', 'pages')).toBe(false);
  });

  it('lets a brand reach its dealerships’ records, and keeps group-level records for the whole group', () => {
    const manager = as('Brand manager', { brand_ids: [2], dealership_ids: [] });
    expect(can(manager, 'view', 'responses', { brand_id: 2, dealership_id: 9 })).toBe(true);
    expect(can(manager, 'view', 'responses', { brand_id: 3, dealership_id: 9 })).toBe(false);
    expect(can(manager, 'view', 'responses', { brand_id: null, dealership_id: null })).toBe(false);
    expect(can(as('Brand manager'), 'view', 'responses', { brand_id: null, dealership_id: null })).toBe(true);
  });
});

describe('refusal', () => {
  it('names the role and what it cannot do', () => {
    expect(refusal(as('Sales'), 'refund', 'reservations')).toBe(
      'Your role, Sales, cannot refund reservations.',
    );
    expect(refusal(as('Marketing'), 'view', 'responses')).toBe(
      'Your role, Marketing, cannot view enquiries.',
    );
  });

  it('reads as a sentence where verb and noun alone would not: files go into and out of the media library', () => {
    expect(refusal(as('Sales'), 'view', 'media')).toBe('Your role, Sales, cannot view the media library.');
    expect(refusal(as('Sales'), 'create', 'media')).toBe(
      'Your role, Sales, cannot upload to the media library.',
    );
    expect(refusal(as('Sales'), 'update', 'media')).toBe(
      'Your role, Sales, cannot change files in the media library.',
    );
    expect(refusal(as('Sales'), 'delete', 'media')).toBe(
      'Your role, Sales, cannot delete files from the media library.',
    );
  });
});

describe('granting', () => {
  it('finds every permission beyond what the granter holds', () => {
    expect(
      permissionsBeyond(template('Sales').permissions, template('Dealership manager').permissions),
    ).toEqual([
      'dealerships.view',
      'dealerships.update',
      'media.view',
      'media.create',
      'media.update',
      'media.delete',
      'reservations.refund',
      'users.view',
      'users.create',
      'users.update',
      'users.delete',
    ]);
    expect(
      permissionsBeyond(template('Group administrator').permissions, template('Sales').permissions),
    ).toEqual([]);
  });

  it('keeps a scope within the granter’s: their brands, their brands’ dealerships, their own dealerships', () => {
    const brandOf = (id: number) => ({ 10: 1, 11: 1, 20: 2 })[id] ?? null;
    const held = { brand_ids: [1], dealership_ids: [20] };
    expect(scopeWithin(held, { brand_ids: [], dealership_ids: [10, 20] }, brandOf)).toBe(true);
    expect(scopeWithin(held, { brand_ids: [2], dealership_ids: [] }, brandOf)).toBe(false);
    expect(scopeWithin(held, wholeGroup, brandOf)).toBe(false);
    expect(scopeWithin(wholeGroup, held, brandOf)).toBe(true);
  });

  it('keeps only the matrix’s cells, in its order', () => {
    expect(normalisePermissions({ responses: ['export', 'publish', 'view'], dashboard: [] })).toEqual({
      responses: ['view', 'export'],
    });
  });

  it('gives the Group administrator every cell of the matrix', () => {
    for (const [area, { actions }] of Object.entries(areaAccess)) {
      expect(template('Group administrator').permissions[area as keyof typeof areaAccess]).toEqual(actions);
    }
  });
});
