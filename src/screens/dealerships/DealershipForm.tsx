import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { pathTo } from '@/shared/paths';
import { FormTabs } from '@/ui/FormTabs';
import { focusFirstInvalid } from '@/ui/focus/firstInvalid';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import { type AddressLookup, ContactTab } from './ContactTab';
import styles from './DealershipForm.module.css';
import {
  type DealershipFlow,
  type DealershipOptions,
  type DealershipTab,
  tabIds,
  tabLabels,
  tabsWithErrors,
} from './form';
import { GeneralTab } from './GeneralTab';
import { ImageryTab } from './ImageryTab';
import { PinnacleTab } from './PinnacleTab';
import { TeamTab } from './TeamTab';

interface DealershipFormProps {
  flow: DealershipFlow;
  options: DealershipOptions;
  /** A new dealership: its slug follows the name until edited. */
  isNew: boolean;
  onReload?: () => void;
  /** A places search for the address, where a maps key is configured. */
  addressLookup?: AddressLookup;
  /** Why the user may not save this record: the form is then read-only (SaveFormFrame). */
  refusedReason?: string | null;
}

/** conform's list buttons submit the form with this name; they are not a save. */
const INTENT = '__intent__';

/**
 * The dealership form (spec §2, §3): tabs General, Imagery, Contact Details, Team and Pinnacle in one
 * form, so a save posts every field. A tab with errors is marked, and a save that fails on fields
 * out of sight opens the first tab that holds one.
 */
export function DealershipForm({
  flow,
  options,
  isNew,
  onReload,
  addressLookup,
  refusedReason,
}: DealershipFormProps) {
  const { form, fields } = flow;
  const [tab, setTab] = useState<DealershipTab>('general');
  const formRef = useRef<HTMLFormElement>(null);
  /** Set by a save; the next errors to arrive (the browser's or the server's) may move the tab. */
  const showErrors = useRef(false);
  const [saves, setSaves] = useState(0);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const errorTabs = tabsWithErrors(form.allErrors);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a save and when errors arrive, reading the tab as it is then.
  useEffect(() => {
    if (!showErrors.current || errorTabs.size === 0) return;
    showErrors.current = false;
    if (!errorTabs.has(tab)) {
      const first = tabIds.find((id) => errorTabs.has(id));
      if (first) setTab(first);
    }
    setFocusInvalid((n) => n + 1);
  }, [saves, form.allErrors]);

  // After the tab with the error shows, its first invalid field takes focus (hidden ones cannot).
  useEffect(() => {
    if (focusInvalid === 0) return;
    focusFirstInvalid(formRef.current, '[role="tabpanel"]:not([data-inert])');
  }, [focusInvalid]);

  const beforeSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute('name') !== INTENT) {
      showErrors.current = true;
      // The same errors as before a save are still news: the save must show where they are.
      setSaves((n) => n + 1);
    }
  };

  const content: Record<DealershipTab, ReactNode> = {
    general: (
      <GeneralTab fields={fields} options={options} slugFollowsName={isNew} onChange={flow.onChange} />
    ),
    imagery: <ImageryTab fields={fields} />,
    contact: <ContactTab form={form} fields={fields} addressLookup={addressLookup} />,
    team: <TeamTab form={form} fields={fields} />,
    pinnacle: <PinnacleTab fields={fields} />,
  };

  return (
    <SaveFormFrame
      flow={flow}
      cancelHref={pathTo('dealerships.index')}
      onReload={onReload}
      formRef={formRef}
      onBeforeSubmit={beforeSubmit}
      className={styles.form}
      refusedReason={refusedReason}
    >
      <FormTabs
        label="Dealership sections"
        className={styles.tabs}
        selectedKey={tab}
        onSelectionChange={(key) => {
          showErrors.current = false;
          setTab(key);
        }}
        tabs={tabIds.map((id) => ({
          id,
          label: tabLabels[id],
          content: content[id],
          hasErrors: errorTabs.has(id),
        }))}
      />
    </SaveFormFrame>
  );
}
