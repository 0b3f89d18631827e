import { useRef, useState } from 'react';
import { type LoadedSiteSettings, siteSettingsFields } from '@/api/contract/settings';
import { api } from '@/api/endpoints';
import { useCallAllowed } from '@/machines/session';
import type { FieldViews } from '@/shared/history/fieldViews';
import { pathTo } from '@/shared/paths';
import { ExportDialog } from '@/ui/ExportDialog';
import { Field } from '@/ui/Field';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { FormHistory, useFormRestore } from '@/ui/history/FormHistory';
import { IconButton } from '@/ui/IconButton';
import { Loader } from '@/ui/Loader';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { onRecord, PresenceBar } from '@/ui/presence/PresenceBar';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import styles from './SettingsScreen.module.css';

/** The settings' fields as the form labels them, for the History panel's comparison. */
const SETTINGS_VIEWS: FieldViews = {
  site_name: { label: 'Site name' },
  social: { label: 'Social links' },
  'evolution.id': { label: 'Finance provider › Username' },
  'evolution.password': { label: 'Finance provider › QuoteeUID' },
  'hpi.customer_code': { label: 'Vehicle history check › Customer code' },
  'hpi.password': { label: 'Vehicle history check › Password' },
  'hpi.initials': { label: 'Vehicle history check › Initials' },
  'cap.valuation_margin': { label: 'Valuation margin' },
  'voucher.code': { label: 'Voucher code' },
  'voucher.value': { label: 'Voucher value' },
};

/** Spec §2: the settings form shows its loader for 200 ms on first load, however fast the answer. */
const FIRST_LOAD_MS = 200;

async function loadSettings(): Promise<LoadedSiteSettings> {
  const [answer] = await Promise.all([
    api.settings.show({}),
    new Promise((resolve) => setTimeout(resolve, FIRST_LOAD_MS)),
  ]);
  return answer.data;
}

const followExport = async (id: number) => (await api.exports.show({ params: { id } })).data;

export default function SettingsScreen() {
  const loaded = useLoad(loadSettings, 'settings');
  const [exporting, setExporting] = useState(false);
  const exportAllowed = useCallAllowed('vehicles.export');
  return (
    <>
      <PageHeader
        title="Settings"
        actions={
          <IconButton
            icon="export"
            label="Export vehicles"
            variant="secondary"
            isDisabled={!exportAllowed.allowed}
            disabledReason={exportAllowed.reason}
            onPress={() => setExporting(true)}
          />
        }
      />
      {loaded.status === 'loading' ? <Loader block size="lg" label="Loading the settings" /> : null}
      {loaded.status === 'failed' ? (
        <NotFound
          message="The settings could not be loaded."
          action={{ label: 'Go to the dashboard', href: pathTo('dashboard') }}
        />
      ) : null}
      {loaded.status === 'ready' ? (
        <SettingsForm key={loaded.data.updated_at} settings={loaded.data} onReload={loaded.reload} />
      ) : null}
      <ExportDialog
        isOpen={exporting}
        onClose={() => setExporting(false)}
        title="Export vehicles"
        start={(email) => api.vehicles.export({ body: { name: 'vehicles', email } })}
        follow={followExport}
      />
    </>
  );
}

/**
 * The settings as loaded, saved with the version they were loaded at: a save over someone else's
 * newer one shows the conflict (nothing typed is lost) and 'Load their changes' loads theirs.
 */
function SettingsForm({ settings, onReload }: { settings: LoadedSiteSettings; onReload: () => void }) {
  // Without settings.update the form is read-only, its Save saying why.
  const updateRefused = useCallAllowed('settings.update').reason;
  // The form stays open after a save: the next save carries the version this one made.
  const version = useRef(settings.updated_at);
  const { updated_at: _version, ...values } = settings;
  const flow = useSaveForm({
    id: 'site-settings',
    schema: siteSettingsFields,
    defaultValue: values,
    validate: (values) => api.settings.validate({ body: values }),
    save: async (values) => {
      const answer = await api.settings.update({ body: { ...values, updated_at: version.current } });
      version.current = answer.data.updated_at;
      return answer;
    },
    onSaved: () => toast.success('You have updated your settings.'),
  });
  const restorer = useFormRestore(flow);
  const { fields } = flow;
  const social = fields.social.getFieldset();
  const evolution = fields.evolution.getFieldset();
  const hpi = fields.hpi.getFieldset();
  const cap = fields.cap.getFieldset();
  const voucher = fields.voucher.getFieldset();

  return (
    <>
      <PresenceBar record="settings" doing={onRecord('the settings')} />
      <div className={styles.toolbar}>
        <FormHistory
          restoreBlocked={updateRefused}
          flow={flow}
          schema={siteSettingsFields}
          restorer={restorer}
          views={SETTINGS_VIEWS}
          secret={['hpi.password']}
          list={(page) => api.settings.history({ query: { page } })}
          show={async (revision) => {
            const { updated_at: _stamp, ...stored } = (
              await api.settings.historyShow({ query: { revision } })
            ).data;
            return stored;
          }}
        />
      </div>
      <SaveFormFrame
        key={restorer.round}
        flow={flow}
        cancelHref={pathTo('dashboard')}
        onReload={onReload}
        refusedReason={updateRefused}
      >
        <Field field={fields.site_name} label="Site name" />
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Social links</legend>
          <Field field={social.facebook} label="Facebook" type="url" />
          <Field field={social.twitter} label="Twitter" type="url" />
          <Field field={social.instagram} label="Instagram" type="url" />
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Finance provider</legend>
          <Field field={evolution.id} label="Username" autoComplete="off" />
          <Field field={evolution.password} label="QuoteeUID" autoComplete="off" />
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Vehicle history check</legend>
          <Field field={hpi.customer_code} label="Customer code" autoComplete="off" />
          <Field field={hpi.password} label="Password" type="password" autoComplete="new-password" />
          <Field field={hpi.initials} label="Initials" autoComplete="off" />
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Valuations</legend>
          <Field
            field={cap.valuation_margin}
            label="Valuation margin"
            inputMode="decimal"
            description="The percentage deducted from valuations, for example 10."
          />
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Voucher</legend>
          <Field
            field={voucher.code}
            label="Voucher code"
            autoComplete="off"
            description="The code needed to use the voucher."
          />
          <Field
            field={voucher.value}
            label="Voucher value"
            inputMode="decimal"
            description="The price of the voucher, in pounds."
          />
        </fieldset>
      </SaveFormFrame>
    </>
  );
}
