import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { type LoginInput, loginSchema } from '@/api/contract/auth';
import { useAuthActor } from '@/app/auth';
import { Button } from '@/ui/Button';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toasts';
import styles from './AuthForms.module.css';

/** The server's message follows the field errors after this delay (spec §2 Login). */
export const LOGIN_TOAST_DELAY_MS = 500;

export function SignInForm({ onForgot }: { onForgot: () => void }) {
  const auth = useAuthActor();
  const pending = useSelector(auth, (s) => s.matches('signingIn'));
  const loginError = useSelector(auth, (s) => s.context.loginError);

  // The server's field errors go back into the same form, under their fields.
  const lastResult = useMemo<SubmissionResult<string[]> | undefined>(() => {
    if (!loginError) return undefined;
    return {
      status: 'error',
      error: Object.fromEntries(Object.entries(loginError.fieldErrors).map(([k, v]) => [k, [v]])),
    };
  }, [loginError]);

  useEffect(() => {
    if (!loginError?.message) return;
    const timer = setTimeout(() => toast.error(loginError.message), LOGIN_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loginError]);

  const [form, fields] = useForm<LoginInput>({
    id: 'sign-in',
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === 'success') auth.send({ type: 'auth.login', ...submission.value });
    },
  });

  return (
    <form {...getFormProps(form)} className={styles.form} aria-busy={pending}>
      <h1 className={styles.title}>Sign In</h1>
      <TextField
        label="Email"
        name={fields.email.name}
        defaultValue={fields.email.initialValue}
        errorMessage={fields.email.errors}
        type="email"
        autoComplete="username"
        isRequired
        autoFocus
      />
      <TextField
        label="Password"
        name={fields.password.name}
        defaultValue={fields.password.initialValue}
        errorMessage={fields.password.errors}
        type="password"
        autoComplete="current-password"
        isRequired
      />
      <Button type="submit" variant="primary" isPending={pending} className={styles.submit}>
        Sign In
      </Button>
      <AriaButton className={styles.link} onPress={onForgot}>
        Forgotten your password?
      </AriaButton>
    </form>
  );
}
