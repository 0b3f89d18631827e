import { useState } from 'react';
import { webhookEventGroups } from '@/api/contract/webhooks';
import { Checkbox } from '@/ui/Checkbox';
import styles from './Webhooks.module.css';

interface EventsFieldProps {
  /** The form name the ticked events post under ('events'). */
  name: string;
  defaultValue: readonly string[];
  errors: string[];
  onChange: () => void;
}

/**
 * The events an endpoint hears, as checkboxes in their groups. A hidden blank entry makes the
 * field present with nothing ticked, so its error shows under it.
 */
export function EventsField({ name, defaultValue, errors, onChange }: EventsFieldProps) {
  const [picked, setPicked] = useState<readonly string[]>(defaultValue);
  const errorId = `${name}-errors`;
  return (
    <fieldset className={styles.eventsField} aria-describedby={errors.length ? errorId : undefined}>
      <legend>Events</legend>
      <input type="hidden" name={name} value="" />
      {webhookEventGroups.map((group) => (
        <fieldset key={group.label} className={styles.group}>
          <legend>{group.label}</legend>
          <div className={styles.choices}>
            {group.events.map((event) => (
              <Checkbox
                key={event.type}
                name={name}
                value={event.type}
                isSelected={picked.includes(event.type)}
                onChange={(on) => {
                  setPicked((now) => (on ? [...now, event.type] : now.filter((t) => t !== event.type)));
                  onChange();
                }}
              >
                {event.label} <code>{event.type}</code>
              </Checkbox>
            ))}
          </div>
        </fieldset>
      ))}
      <div id={errorId}>
        {errors.map((error) => (
          <p key={error} className={styles.error} role="alert">
            {error}
          </p>
        ))}
      </div>
    </fieldset>
  );
}
