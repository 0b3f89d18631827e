import { AuthProvider, type Inspect } from './auth';
import { Router } from './Router';
import { ToastHost } from './ToastHost';

export function App({ inspect }: { inspect?: Inspect }) {
  return (
    <AuthProvider inspect={inspect}>
      <Router />
      <ToastHost />
    </AuthProvider>
  );
}
