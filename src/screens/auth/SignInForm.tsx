import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useAuthActor } from '@/machines/session';
import { PlainButton } from '@/ui/PlainButton';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toasts';
import styles from './AuthForms.module.css';

/** The server's message follows the field errors after this delay (spec §2 Login). */
export const LOGIN_TOAST_DELAY_MS = 500;

type Field = 'email' | 'password';

/**
 * The Sign In form. It checks the contract's login schema before sending; the schema (and
 * zod with it) loads on the first submit so that the sign-in page itself stays light.
 */
export function SignInForm({ onForgot }: { onForgot: () => void }) {
  const auth = useAuthActor();
  const pending = useSelector(auth, (s) => s.matches('signingIn'));
  const loginError = useSelector(auth, (s) => s.context.loginError);
  const [checking, setChecking] = useState(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});

  useEffect(() => {
    if (!loginError?.message) return;
    const timer = setTimeout(() => toast.error(loginError.message), LOGIN_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loginError]);

  const errorOf = (field: Field) => clientErrors[field] ?? loginError?.fieldErrors[field];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setChecking(true);
    const { loginSchema } = await import('@/api/contract/auth');
    setChecking(false);
    const parsed = loginSchema.safeParse({ email: data.get('email'), password: data.get('password') });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= issue.message;
      }
      setClientErrors(errors);
      return;
    }
    setClientErrors({});
    auth.send({ type: 'auth.login', ...parsed.data });
  }

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-busy={pending}>
      <h1 className={styles.title}>Sign In</h1>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        isRequired
        autoFocus
        errorMessage={errorOf('email')}
        onChange={() => setClientErrors(({ email: _, ...rest }) => rest)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        isRequired
        errorMessage={errorOf('password')}
        onChange={() => setClientErrors(({ password: _, ...rest }) => rest)}
      />
      <PlainButton type="submit" variant="primary" isPending={pending || checking} className={styles.submit}>
        Sign In
      </PlainButton>
      <AriaButton className={styles.link} onPress={onForgot}>
        Forgotten your password?
      </AriaButton>
    </form>
  );
}
