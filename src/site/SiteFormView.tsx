import type { SiteForm, SiteQuestion } from '@/api/contract/site';
import { idFrom } from './context';
import { Markdown } from './Markdown';

/** The hidden field a posted form names itself by. */
export const FORM_HANDLE_FIELD = '_form';

export interface SiteFormViewProps {
  form: SiteForm;
  /** What the visitor typed, by question name. */
  values?: Record<string, string>;
  /** What was wrong, by question name ('_' for the form as a whole). */
  errors?: Record<string, string[]>;
  /** The form was sent: its thank-you message shows instead. */
  sent?: boolean;
  /** Where the form posts without JavaScript. */
  action: string;
  /** The form's id, unique on the page; its fields' ids start with it. */
  id?: string;
}

interface FieldProps {
  question: SiteQuestion;
  fieldId: string;
  value: string;
  errors: string[];
}

function describedBy(fieldId: string, question: SiteQuestion, errors: string[]): string | undefined {
  const ids = [question.help ? `${fieldId}-help` : '', errors.length ? `${fieldId}-error` : ''].filter(
    Boolean,
  );
  return ids.length ? ids.join(' ') : undefined;
}

function FieldNotes({ question, fieldId, errors }: Omit<FieldProps, 'value'>) {
  return (
    <>
      {question.help ? (
        <p className="site-field__help" id={`${fieldId}-help`}>
          {question.help}
        </p>
      ) : null}
      {errors.length ? (
        <p className="site-field__error" id={`${fieldId}-error`}>
          <span className="site-visually-hidden">Error: </span>
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  );
}

const INPUT_TYPES: Record<string, { type: string; autoComplete?: string }> = {
  text: { type: 'text' },
  email: { type: 'email', autoComplete: 'email' },
  telephone: { type: 'tel', autoComplete: 'tel' },
  registration: { type: 'text', autoComplete: 'off' },
  date: { type: 'date' },
};

function Label({ question, fieldId }: { question: SiteQuestion; fieldId: string }) {
  return (
    <label className="site-field__label" htmlFor={fieldId}>
      {question.label}
      {question.required ? null : <span className="site-field__optional"> (optional)</span>}
    </label>
  );
}

function Field({ question, fieldId, value, errors }: FieldProps) {
  const invalid = errors.length > 0;
  const common = {
    id: fieldId,
    name: question.name,
    required: question.required,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(fieldId, question, errors),
  };
  if (question.type === 'consent') {
    return (
      <div className={`site-field site-field--consent${invalid ? ' site-field--invalid' : ''}`}>
        <FieldNotes question={question} fieldId={fieldId} errors={errors} />
        <input
          {...common}
          type="checkbox"
          value="1"
          defaultChecked={['1', 'on', 'true', 'yes'].includes(value)}
        />
        <Label question={question} fieldId={fieldId} />
      </div>
    );
  }
  if (question.type === 'select' || question.type === 'dealership') {
    return (
      <div className={`site-field${invalid ? ' site-field--invalid' : ''}`}>
        <Label question={question} fieldId={fieldId} />
        <FieldNotes question={question} fieldId={fieldId} errors={errors} />
        <select {...common} defaultValue={value}>
          <option value="">{question.placeholder || 'Choose…'}</option>
          {question.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    );
  }
  const input = INPUT_TYPES[question.type] ?? { type: 'text' };
  return (
    <div className={`site-field${invalid ? ' site-field--invalid' : ''}`}>
      <Label question={question} fieldId={fieldId} />
      <FieldNotes question={question} fieldId={fieldId} errors={errors} />
      <input
        {...common}
        type={input.type}
        autoComplete={input.autoComplete}
        placeholder={question.placeholder || undefined}
        min={question.type === 'date' ? (question.earliest ?? undefined) : undefined}
        max={question.type === 'date' ? (question.latest ?? undefined) : undefined}
        className={question.type === 'registration' ? 'site-field--registration' : undefined}
        defaultValue={value}
      />
    </div>
  );
}

/** A form's thank-you message, shown in its place once it is sent; focus moves to its heading. */
export function SiteThankYou({ form, id }: { form: SiteForm; id: string }) {
  return (
    <div className="site-thank-you" id={id} data-site-thank-you="">
      <h3 id={`${id}-heading`} tabIndex={-1}>
        {form.thank_you.title || 'Thank you'}
      </h3>
      <Markdown text={form.thank_you.description} />
    </div>
  );
}

/**
 * A form's questions as an accessible HTML form: labels, help and errors beside their fields (tied
 * with aria-describedby, aria-invalid), and an error summary at the top linking to each field after
 * a failed post. It posts as an ordinary form; the site's script sends it as JSON when it can.
 */
export function SiteFormView({ form, values = {}, errors = {}, sent, action, id }: SiteFormViewProps) {
  const formId = id ?? idFrom('form', form.handle);
  if (sent) return <SiteThankYou form={form} id={`${formId}-thank-you`} />;
  const fieldId = (question: SiteQuestion) => idFrom(formId, question.name);
  const problems = form.questions.flatMap((question) =>
    (errors[question.name] ?? []).map((message) => ({
      href: `#${fieldId(question)}`,
      // The summary names the field: "This field is required." alone says nothing about which.
      message: question.label ? `${question.label}: ${message}` : message,
    })),
  );
  const general = Object.entries(errors)
    .filter(([key]) => !form.questions.some((question) => question.name === key))
    .flatMap(([, messages]) => messages);
  const failed = problems.length > 0 || general.length > 0;
  return (
    <form
      className="site-form"
      id={formId}
      method="post"
      action={action}
      noValidate
      data-site-form={form.handle}
      aria-label={form.name}
    >
      <div className="site-error-summary" id={`${formId}-errors`} tabIndex={-1} hidden={!failed}>
        <h3 id={`${formId}-errors-title`}>There is a problem</h3>
        <ul>
          {general.map((message) => (
            <li key={message}>{message}</li>
          ))}
          {problems.map((problem) => (
            <li key={`${problem.href}${problem.message}`}>
              <a href={problem.href}>{problem.message}</a>
            </li>
          ))}
        </ul>
      </div>
      <input type="hidden" name={FORM_HANDLE_FIELD} value={form.handle} />
      {form.questions.map((question) => (
        <Field
          key={question.name}
          question={question}
          fieldId={fieldId(question)}
          value={values[question.name] ?? ''}
          errors={errors[question.name] ?? []}
        />
      ))}
      <button className="site-button site-button--primary" type="submit">
        Send
      </button>
    </form>
  );
}
