import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { PlainButton } from '@/ui/PlainButton';
import { TextField } from '@/ui/TextField';
import styles from './AuthForms.module.css';

/** 'Send help' shows its loader this long and sends nothing (spec §2 Login). */
export const FORGOT_LOADER_MS = 3000;

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setPending(true);
        timer.current = setTimeout(() => setPending(false), FORGOT_LOADER_MS);
      }}
    >
      <h1 className={styles.title}>Forgot password</h1>
      <TextField label="Email" name="email" type="email" autoComplete="username" autoFocus />
      <PlainButton type="submit" variant="primary" isPending={pending} className={styles.submit}>
        Send help
      </PlainButton>
      <AriaButton className={styles.link} onPress={onBack}>
        Go Back
      </AriaButton>
    </form>
  );
}
