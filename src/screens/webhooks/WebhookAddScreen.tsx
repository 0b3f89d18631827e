import { useState } from 'react';
import { useLocation } from 'wouter';
import { webhookFields } from '@/api/contract/webhooks';
import { api } from '@/api/endpoints';
import { wholeGroup } from '@/shared/access';
import { pathTo } from '@/shared/paths';
import { useAccessChoices } from '@/ui/access/accessChoices';
import { useStartingScope } from '@/ui/access/ScopeField';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { SecretDialog } from './SecretDialog';
import { WebhookForm } from './WebhookForm';

/** /webhooks/add: the form, then the new endpoint's secret, shown once, then its screen. */
export default function WebhookAddScreen() {
  const [, navigate] = useLocation();
  const choices = useAccessChoices();
  const scope = useStartingScope(wholeGroup);
  const [created, setCreated] = useState<{ id: number; secret: string } | null>(null);
  const flow = useSaveForm({
    id: 'webhook-add',
    schema: webhookFields,
    defaultValue: { enabled: true, ...scope },
    save: async (values) => {
      const answer = await api.webhooks.create({ body: values });
      setCreated({ id: answer.id, secret: answer.secret });
      return answer;
    },
    onSaved: () => toast.success('You have added a new webhook.'),
  });
  return (
    <>
      <PageHeader title="Webhooks" subtitle="Add an endpoint" />
      <WebhookForm flow={flow} choices={choices.data} events={[]} scope={scope} />
      <SecretDialog
        secret={created?.secret ?? null}
        onClose={() => created && navigate(pathTo('webhooks.edit', { id: created.id }))}
      />
    </>
  );
}
