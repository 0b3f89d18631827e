import { useState } from 'react';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignInForm } from './SignInForm';

/** The login route: Sign In, or the Forgot password form in its place. */
export default function LoginScreen() {
  const [mode, setMode] = useState<'signIn' | 'forgot'>('signIn');
  return mode === 'signIn' ? (
    <SignInForm onForgot={() => setMode('forgot')} />
  ) : (
    <ForgotPasswordForm onBack={() => setMode('signIn')} />
  );
}
