import { Toaster } from '@/ui/Toaster';
import { AuthProvider, type Inspect } from './auth';
import { Router } from './Router';

export function App({ inspect }: { inspect?: Inspect }) {
  return (
    <AuthProvider inspect={inspect}>
      <Router />
      <Toaster />
    </AuthProvider>
  );
}
