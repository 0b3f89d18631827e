import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { type Webhook, webhookFields } from '@/api/contract/webhooks';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { useCallAllowed } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { useAccessChoices } from '@/ui/access/accessChoices';
import { Button } from '@/ui/Button';
import { Confirm } from '@/ui/Confirm';
import { EditRecord } from '@/ui/forms/EditRecord';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { DeliveryLog } from './DeliveryLog';
import { SecretDialog } from './SecretDialog';
import { WebhookForm } from './WebhookForm';
import styles from './Webhooks.module.css';

export default function WebhookEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <EditRecord
      id={id}
      load={async () => (await api.webhooks.show({ params: { id: Number(id) } })).data}
      one="webhook"
      many="webhooks"
      listHref={pathTo('webhooks.index')}
      nameOf={(webhook) => webhook.url}
    >
      {(webhook) => <EditWebhook webhook={webhook} />}
    </EditRecord>
  );
}

function EditWebhook({ webhook }: { webhook: Webhook }) {
  const updateRefused = useCallAllowed('webhooks.update').reason;
  const mayDelete = useCallAllowed('webhooks.delete').allowed;
  const [, navigate] = useLocation();
  const choices = useAccessChoices();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<'rotate' | 'test' | 'delete' | null>(null);
  const [round, setRound] = useState(0);
  const flow = useSaveForm({
    id: `webhook-edit-${webhook.id}`,
    schema: webhookFields,
    defaultValue: {
      url: webhook.url,
      events: webhook.events,
      brand_ids: webhook.brand_ids,
      dealership_ids: webhook.dealership_ids,
      enabled: webhook.enabled,
    },
    save: (values) => api.webhooks.update({ params: { id: webhook.id }, body: values }),
    onSaved: () => {
      toast.success('You have updated a webhook.');
      navigate(pathTo('webhooks.index'));
    },
  });
  const rotate = async () => {
    setBusy('rotate');
    try {
      const answer = await api.webhooks.rotate({ params: { id: webhook.id } });
      setConfirmRotate(false);
      setSecret(answer.secret);
    } catch (error) {
      toast.error(describeFailure(error).message);
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy('delete');
    try {
      const answer = await api.webhooks.delete({ body: { ids: [webhook.id] } });
      toast.success(answer.message);
      navigate(pathTo('webhooks.index'));
    } catch (error) {
      toast.error(describeFailure(error).message);
      setConfirmDelete(false);
      setBusy(null);
    }
  };
  const sendTest = async () => {
    setBusy('test');
    try {
      const answer = await api.webhooks.test({ params: { id: webhook.id } });
      toast.success(answer.message);
      setRound((n) => n + 1);
    } catch (error) {
      toast.error(describeFailure(error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle={`Updating ${webhook.url}`}
        actions={
          <div className={styles.actions}>
            <Button
              variant="secondary"
              icon="webhooks"
              onPress={sendTest}
              isDisabled={busy !== null || !webhook.enabled}
              disabledReason={
                updateRefused ?? (webhook.enabled ? null : 'Enable the webhook to send it a test event.')
              }
            >
              Send test event
            </Button>
            <Button
              id="webhook-rotate"
              variant="secondary"
              icon="restore"
              onPress={() => setConfirmRotate(true)}
              disabledReason={updateRefused}
            >
              Rotate secret
            </Button>
            {mayDelete ? (
              <Button
                id="webhook-delete"
                variant="danger"
                icon="trash"
                onPress={() => setConfirmDelete(true)}
              >
                Delete
              </Button>
            ) : null}
          </div>
        }
      />
      {webhook.disabled_reason && !webhook.enabled ? (
        <p role="status">Disabled: {webhook.disabled_reason}</p>
      ) : null}
      <WebhookForm
        flow={flow}
        choices={choices.data}
        events={webhook.events}
        scope={{ brand_ids: webhook.brand_ids, dealership_ids: webhook.dealership_ids }}
        refusedReason={updateRefused}
      />
      <DeliveryLog webhookId={webhook.id} round={round} canReplay={!updateRefused} />
      <Confirm
        isOpen={confirmRotate}
        title="Rotate the secret?"
        message="A new secret is made and shown once. The old one stays valid for 24 hours, so the receiving site has a day to change over."
        confirmLabel="Rotate secret"
        tone="primary"
        isPending={busy === 'rotate'}
        onConfirm={rotate}
        onCancel={() => setConfirmRotate(false)}
      />
      <Confirm
        isOpen={confirmDelete}
        message="You are about to delete this webhook"
        items={[webhook.url]}
        note="Its delivery log is deleted with it, and nothing more is sent to it."
        isPending={busy === 'delete'}
        onConfirm={remove}
        onCancel={() => {
          setConfirmDelete(false);
          document.getElementById('webhook-delete')?.focus();
        }}
      />
      <SecretDialog
        secret={secret}
        onClose={() => {
          setSecret(null);
          // Back on the button that made it, ready for the next action.
          document.getElementById('webhook-rotate')?.focus();
        }}
      />
    </>
  );
}
