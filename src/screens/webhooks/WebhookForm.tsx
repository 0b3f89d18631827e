import type { webhookFields } from '@/api/contract/webhooks';
import { pathTo } from '@/shared/paths';
import type { AccessChoices } from '@/ui/access/accessChoices';
import { ScopeField } from '@/ui/access/ScopeField';
import { Field } from '@/ui/Field';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import type { SaveForm } from '@/ui/forms/useSaveForm';
import { EventsField } from './EventsField';

interface WebhookFormProps {
  flow: SaveForm<typeof webhookFields>;
  /** The brands and dealerships to choose from; null while they load. */
  choices: AccessChoices | null;
  /** What the endpoint has now (nothing for a new one). */
  events: readonly string[];
  scope: { brand_ids: number[]; dealership_ids: number[] };
  refusedReason?: string | null;
}

/** The webhook form (issue #27): the address, the events it hears, whose changes, enabled or not. */
export function WebhookForm({ flow, choices, events, scope, refusedReason }: WebhookFormProps) {
  const { form, fields } = flow;
  const errorsOf = (prefix: string) =>
    Object.entries(form.allErrors)
      .filter(([key]) => key === prefix || key.startsWith(`${prefix}[`) || key.startsWith(`${prefix}.`))
      .flatMap(([, messages]) => messages);
  return (
    <SaveFormFrame flow={flow} cancelHref={pathTo('webhooks.index')} refusedReason={refusedReason}>
      <Field
        field={fields.url}
        label="URL"
        type="url"
        autoComplete="off"
        description="The address events are posted to, signed as the Standard Webhooks specification says."
      />
      <EventsField
        name={fields.events.name}
        defaultValue={events}
        errors={errorsOf('events')}
        onChange={() => flow.onChange(fields.events.name)}
      />
      <ScopeField
        name=""
        wholeLabel="Every brand and dealership"
        defaultValue={scope}
        brands={choices?.brands ?? []}
        dealerships={choices?.dealerships ?? []}
        loading={!choices}
        errors={[...errorsOf('brand_ids'), ...errorsOf('dealership_ids')]}
        onChange={() => flow.onChange(fields.brand_ids.name)}
      />
      <Field kind="switch" field={fields.enabled} description="Events are sent only while it is enabled.">
        Enabled
      </Field>
    </SaveFormFrame>
  );
}
