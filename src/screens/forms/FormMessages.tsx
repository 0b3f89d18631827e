import { type EmailType, formFieldsBase } from '@/api/contract/formFields';
import { requiredMarkers } from '@/blocks/builder/settingsValues';
import { choice, type FieldViews } from '@/shared/history/fieldViews';
import { Field } from '@/ui/Field';
import type { FieldMeta } from '@/ui/formProps';
import styles from './FormMessages.module.css';

export interface FormMessagesValues {
  emails: {
    subject: string;
    email_title: string;
    email_body: string;
    send_email: 0 | 1;
    /** Addresses as typed: separated by commas, semicolons or spaces. */
    email_lists: string;
    email_type: EmailType;
  };
  thank_you: { title: string; description: string };
}

/**
 * Spec §5: the form builder's required markers (a select that always holds a value, and the
 * handle the server makes, included).
 */
export const FORM_REQUIRED = requiredMarkers(formFieldsBase, [
  'handle',
  'published',
  'emails.send_email',
  'emails.email_type',
  'thank_you.title',
]);

/** Spec §9 form defaults: send_email 1, email_type emails, thank-you title 'Thank you'. */
export const DEFAULT_MESSAGES: FormMessagesValues = {
  emails: {
    subject: '',
    email_title: '',
    email_body: '',
    send_email: 1,
    email_lists: '',
    email_type: 'emails',
  },
  thank_you: { title: 'Thank you', description: '' },
};

const YES_NO = [
  { id: 0, name: 'No' },
  { id: 1, name: 'Yes' },
];
const EMAIL_TYPES = [
  { id: 'dealerships', name: 'Dealerships' },
  { id: 'emails', name: 'Emails' },
];

/** The form's messages as the History panel shows them: labelled as here, choices by name. */
export const FORM_MESSAGES_VIEWS: FieldViews = {
  'emails.subject': { label: 'Email subject' },
  'emails.email_title': { label: 'Email title' },
  'emails.email_body': { label: 'Email body' },
  'emails.send_email': { label: 'Send email', format: choice(YES_NO) },
  'emails.email_lists': { label: 'Email lists' },
  'emails.email_type': { label: 'Email type', format: choice(EMAIL_TYPES) },
  'thank_you.title': { label: 'Thank-you title' },
  'thank_you.description': { label: 'Thank-you description' },
};

export interface FormMessagesProps {
  values: FormMessagesValues;
  onChange: (change: Partial<FormMessagesValues>) => void;
  meta: (name: string) => FieldMeta;
}

/** What a form sends when a visitor submits it, and what the visitor sees afterwards (spec §3 Form). */
export function FormMessages({ values, onChange, meta }: FormMessagesProps) {
  const { emails, thank_you } = values;
  const setEmails = (patch: Partial<FormMessagesValues['emails']>) =>
    onChange({ emails: { ...emails, ...patch } });
  const setThanks = (patch: Partial<FormMessagesValues['thank_you']>) =>
    onChange({ thank_you: { ...thank_you, ...patch } });
  const listError = meta('emails.email_lists').errors ? undefined : firstListError(meta);
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>E-mails</legend>
        <Field
          field={meta('emails.subject')}
          label="Email subject"
          value={emails.subject}
          onChange={(subject) => setEmails({ subject })}
          maxLength={255}
        />
        <Field
          field={meta('emails.email_title')}
          label="Email title"
          value={emails.email_title}
          onChange={(email_title) => setEmails({ email_title })}
          maxLength={255}
        />
        <Field
          kind="textarea"
          field={meta('emails.email_body')}
          label="Email body"
          value={emails.email_body}
          onChange={(email_body) => setEmails({ email_body })}
          maxLength={20_000}
        />
        <Field
          kind="select"
          field={meta('emails.send_email')}
          label="Send email"
          items={YES_NO}
          selectedKey={emails.send_email}
          onSelectionChange={(key) => setEmails({ send_email: key === 0 ? 0 : 1 })}
        />
        <Field
          field={meta('emails.email_lists')}
          label="Email lists"
          description="E-mail addresses, separated by commas."
          value={emails.email_lists}
          onChange={(email_lists) => setEmails({ email_lists })}
          {...(listError ? { errorMessage: listError } : {})}
        />
        <Field
          kind="select"
          field={meta('emails.email_type')}
          label="Email type"
          items={EMAIL_TYPES}
          selectedKey={emails.email_type}
          onSelectionChange={(key) =>
            setEmails({ email_type: key === 'dealerships' ? 'dealerships' : 'emails' })
          }
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Thank you</legend>
        <Field
          field={meta('thank_you.title')}
          label="Thank-you title"
          value={thank_you.title}
          onChange={(title) => setThanks({ title })}
          maxLength={255}
        />
        <Field
          kind="textarea"
          field={meta('thank_you.description')}
          label="Thank-you description"
          value={thank_you.description}
          onChange={(description) => setThanks({ description })}
          maxLength={5000}
        />
      </fieldset>
    </>
  );
}

/** An address the server refused ('emails.email_lists.2') shows on the one list field. */
function firstListError(meta: (name: string) => FieldMeta): string | undefined {
  for (let i = 0; i < 50; i++) {
    const error = meta(`emails.email_lists.${i}`).errors?.[0];
    if (error) return error;
  }
  return undefined;
}
