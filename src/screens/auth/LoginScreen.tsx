import { lazy, Suspense, useState } from 'react';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { SignInForm } from './SignInForm';

// Loads when asked for: the sign-in page's first load carries the Sign In form only (decision 004).
const ForgotPasswordForm = lazy(() =>
  import('./ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })),
);

/** The login route: Sign In, or the Forgot password form in its place. */
export default function LoginScreen() {
  const [mode, setMode] = useState<'signIn' | 'forgot'>('signIn');
  return mode === 'signIn' ? (
    <SignInForm onForgot={() => setMode('forgot')} />
  ) : (
    <Suspense fallback={<SkeletonLines lines={3} />}>
      <ForgotPasswordForm onBack={() => setMode('signIn')} />
    </Suspense>
  );
}
