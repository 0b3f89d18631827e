import { useRef, useState } from 'react';
import { type LoadedSiteSettings, siteSettingsFields } from '@/api/contract/settings';
import { api } from '@/api/endpoints';
import { ExportDialog } from '@/ui/ExportDialog';
import { textFieldProps } from '@/ui/formProps';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { IconButton } from '@/ui/IconButton';
import { Loader } from '@/ui/Loader';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import styles from './SettingsScreen.module.css';

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
  return (
    <>
      <PageHeader
        title="Settings"
        actions={
          <IconButton
            icon="export"
            label="Export vehicles"
            variant="secondary"
            onPress={() => setExporting(true)}
          />
        }
      />
      {loaded.status === 'loading' ? <Loader block size="lg" label="Loading the settings" /> : null}
      {loaded.status === 'failed' ? (
        <NotFound
          message="The settings could not be loaded."
          action={{ label: 'Go to the dashboard', href: '/dashboard' }}
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
  const { fields } = flow;
  const social = fields.social.getFieldset();
  const evolution = fields.evolution.getFieldset();
  const hpi = fields.hpi.getFieldset();
  const cap = fields.cap.getFieldset();
  const voucher = fields.voucher.getFieldset();

  return (
    <SaveFormFrame flow={flow} cancelHref="/dashboard" onReload={onReload}>
      <TextField label="Site name" {...textFieldProps(fields.site_name)} key={fields.site_name.key} />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Social links</legend>
        <TextField
          label="Facebook"
          type="url"
          {...textFieldProps(social.facebook)}
          key={social.facebook.key}
        />
        <TextField label="Twitter" type="url" {...textFieldProps(social.twitter)} key={social.twitter.key} />
        <TextField
          label="Instagram"
          type="url"
          {...textFieldProps(social.instagram)}
          key={social.instagram.key}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Finance provider</legend>
        <TextField
          label="Username"
          autoComplete="off"
          {...textFieldProps(evolution.id)}
          key={evolution.id.key}
        />
        <TextField
          label="QuoteeUID"
          autoComplete="off"
          {...textFieldProps(evolution.password)}
          key={evolution.password.key}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Vehicle history check</legend>
        <TextField
          label="Customer code"
          autoComplete="off"
          {...textFieldProps(hpi.customer_code)}
          key={hpi.customer_code.key}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...textFieldProps(hpi.password)}
          key={hpi.password.key}
        />
        <TextField
          label="Initials"
          autoComplete="off"
          {...textFieldProps(hpi.initials)}
          key={hpi.initials.key}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Valuations</legend>
        <TextField
          label="Valuation margin"
          inputMode="decimal"
          description="The percentage deducted from valuations, for example 10."
          {...textFieldProps(cap.valuation_margin)}
          key={cap.valuation_margin.key}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Voucher</legend>
        <TextField
          label="Voucher code"
          autoComplete="off"
          description="The code needed to use the voucher."
          {...textFieldProps(voucher.code)}
          key={voucher.code.key}
        />
        <TextField
          label="Voucher value"
          inputMode="decimal"
          description="The price of the voucher, in pounds."
          {...textFieldProps(voucher.value)}
          key={voucher.value.key}
        />
      </fieldset>
    </SaveFormFrame>
  );
}
