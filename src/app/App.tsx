import { LiveRegion } from '@/ui/LiveRegion';
import { AuthProvider } from './auth';
import { CrashBoundary } from './CrashBoundary';
import { Router } from './Router';
import { ToastHost } from './ToastHost';

export function App() {
  return (
    <AuthProvider>
      <CrashBoundary>
        <Router />
      </CrashBoundary>
      <ToastHost />
      <LiveRegion />
    </AuthProvider>
  );
}
