import { useState } from 'react';
import { api } from '@/api/endpoints';
import { useAuthActor } from '@/machines/session';
import { type Scope, wholeGroup } from '@/shared/access';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { Select, type SelectItem } from '@/ui/Select';
import { useLoad } from '@/ui/useLoad';

const GROUP = 'group';

interface ScopeChoice {
  id: string;
  name: string;
  scope: Scope;
  label: string;
}

interface Choices {
  /** Every active role: the server reads the chosen role's own matrix by its id. */
  roles: SelectItem<number>[];
  /** The whole group, each brand, each dealership: one at a time is enough to see what a role sees. */
  scopes: ScopeChoice[];
}

async function loadChoices(): Promise<Choices> {
  const [roles, brands, dealerships] = await Promise.all([
    api.roles.options({}),
    api.brands.options({}),
    api.dealerships.list({ query: { perPage: -1 } }),
  ]);
  const scopes: ScopeChoice[] = [
    { id: GROUP, name: 'Whole group', scope: wholeGroup, label: 'Whole group' },
    ...brands.data.map((brand) => ({
      id: `b${brand.id}`,
      name: `Brand: ${brand.name}`,
      scope: { brand_ids: [brand.id], dealership_ids: [] },
      label: brand.name,
    })),
    ...dealerships.dealerships.data.map((dealership) => ({
      id: `d${dealership.id}`,
      name: `Dealership: ${dealership.name}`,
      scope: { brand_ids: [], dealership_ids: [dealership.id] },
      label: dealership.name,
    })),
  ];
  return { roles: roles.data, scopes };
}

/** "View as": choose a role and a scope, and see the console as they would, read-only. */
export function ViewAsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const auth = useAuthActor();
  const scopes = useLoad(loadChoices, isOpen ? 'open' : 'closed');
  const [roleId, setRoleId] = useState<number | null>(null);
  const [scopeId, setScopeId] = useState<string>(GROUP);
  const choices = scopes.data?.scopes ?? [];
  const roleItems = scopes.data?.roles ?? [];
  const chosen = choices.find((choice) => choice.id === scopeId);
  const view = () => {
    if (roleId === null || !chosen) return;
    auth.send({ type: 'viewAs.enter', view: { roleId, scope: chosen.scope }, scopeLabel: chosen.label });
    onClose();
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="View as"
      footer={
        <>
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onPress={view}
            disabledReason={roleId === null ? 'Choose a role to view as.' : null}
          >
            View
          </Button>
        </>
      }
    >
      <p>See the console as a role sees it within a scope. Nothing can be changed while you do.</p>
      <Select<number>
        label="Role"
        items={roleItems}
        selectedKey={roleId}
        onSelectionChange={setRoleId}
        isDisabled={scopes.status !== 'ready'}
      />
      <Select<string>
        label="Scope"
        items={choices.map(({ id, name }) => ({ id, name }))}
        selectedKey={scopeId}
        onSelectionChange={(key) => setScopeId(key ?? GROUP)}
        isDisabled={scopes.status !== 'ready'}
      />
    </Modal>
  );
}
