import { LiveRegion } from '@/ui/LiveRegion';
import { AuthProvider } from './auth';
import { Router } from './Router';
import { ToastHost } from './ToastHost';

export function App() {
  return (
    <AuthProvider>
      <Router />
      <ToastHost />
      <LiveRegion />
    </AuthProvider>
  );
}
