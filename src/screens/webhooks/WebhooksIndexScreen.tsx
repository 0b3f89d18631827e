import type { Webhook } from '@/api/contract/webhooks';
import { api } from '@/api/endpoints';
import { useMayCall } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import type { DataTableColumn } from '@/ui/DataTable';
import { IconLink } from '@/ui/IconLink';
import { PagedList } from '@/ui/lists/PagedList';
import { PageHeader } from '@/ui/PageHeader';
import styles from './Webhooks.module.css';

export const WEBHOOKS_EMPTY = 'There are no webhooks yet.';

const columns: DataTableColumn[] = [
  { id: 'url', label: 'URL' },
  { id: 'events', label: 'Events' },
  { id: 'enabled', label: 'Enabled', align: 'center', width: 110 },
  { id: 'last', label: 'Last delivery', width: 200 },
];

/** The last delivery in words: 'Delivered (200)', 'Failing (503)', 'Waiting'. */
export function deliveryText(last: Webhook['last_delivery']): string {
  if (!last) return 'None yet';
  const code = last.response_status === null ? '' : ` (${last.response_status})`;
  if (last.status === 'delivered') return `Delivered${code}`;
  if (last.status === 'failed') return `Failed${code}`;
  return code ? `Retrying${code}` : 'Waiting';
}

function renderCell(webhook: Webhook, columnId: string) {
  switch (columnId) {
    case 'url':
      return webhook.url;
    case 'events':
      return <span className={styles.events}>{webhook.events.join(', ')}</span>;
    case 'enabled':
      return webhook.enabled ? 'Yes' : webhook.disabled_reason ? 'No (failing)' : 'No';
    case 'last':
      return deliveryText(webhook.last_delivery);
    default:
      return null;
  }
}

/** /webhooks (issue #27): each endpoint's address, events, whether it is on, and how its last delivery went. */
export default function WebhooksIndexScreen() {
  const may = useMayCall();
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Other systems told of changes as they happen"
        actions={
          may('webhooks.create') ? (
            <ButtonLink href={pathTo('webhooks.add')} variant="primary" icon="plus">
              Add webhook
            </ButtonLink>
          ) : null
        }
      />
      <PagedList<Webhook>
        nouns={{ one: 'webhook', many: 'webhooks' }}
        startHref={may('webhooks.create') ? pathTo('webhooks.add') : undefined}
        columns={columns}
        columnsKey="webhooks.columns"
        renderCell={renderCell}
        rowLabel={(webhook) => webhook.url}
        emptyTitle={WEBHOOKS_EMPTY}
        renderActions={(webhook) => (
          <IconLink
            href={pathTo('webhooks.edit', { id: webhook.id })}
            icon="edit"
            label={`Edit ${webhook.url}`}
            size="sm"
          />
        )}
        load={async ({ page }) => (await api.webhooks.list({ query: { page } })).webhooks}
      />
    </>
  );
}
