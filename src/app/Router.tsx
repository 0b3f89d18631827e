import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useAuthStatus } from '@/machines/session';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { AuthLayout } from './layouts/AuthLayout';
import { type LayoutName, NOT_FOUND_TITLE, type RouteDef, routes } from './routes';
import { ScreenChange } from './ScreenChange';

const NotFoundScreen = lazy(() => import('@/screens/errors/NotFoundScreen'));

const screens = new Map<string, ComponentType>(routes.map((route) => [route.path, lazy(route.load)]));

// The default and builder layouts carry the shell: they load with the first signed-in route,
// never with the login page.
const layouts: Record<Exclude<LayoutName, 'auth'>, ComponentType<{ children: ReactNode }>> = {
  default: lazy(() => import('./layouts/DefaultLayout').then((m) => ({ default: m.DefaultLayout }))),
  builder: lazy(() => import('./layouts/BuilderLayout').then((m) => ({ default: m.BuilderLayout }))),
};

function Waiting() {
  return (
    <div style={{ padding: 'var(--space-4)' }} aria-busy="true">
      <SkeletonLines lines={4} />
    </div>
  );
}

/** Checks sign-in on every navigation (spec §2) and puts the screen in its layout. */
function Guarded({ route }: { route: RouteDef }) {
  const status = useAuthStatus();
  const Screen = screens.get(route.path)!;
  if (status === 'restoring' || status === 'signingOut') return <Waiting />;
  if (route.public) {
    if (status === 'signedIn') return <Redirect to="/dashboard" replace />;
    return (
      <AuthLayout>
        <ScreenChange title={route.title} />
        <Suspense fallback={<Waiting />}>
          <Screen />
        </Suspense>
      </AuthLayout>
    );
  }
  if (status !== 'signedIn') return <Redirect to="/" replace />;
  const Layout = layouts[route.layout === 'auth' ? 'default' : route.layout];
  return (
    <Suspense fallback={<Waiting />}>
      <ScreenChange title={route.title} />
      <Layout>
        <Screen />
      </Layout>
    </Suspense>
  );
}

export function Router() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          <Guarded route={route} />
        </Route>
      ))}
      <Route>
        <ScreenChange title={NOT_FOUND_TITLE} />
        <Suspense fallback={<Waiting />}>
          <NotFoundScreen />
        </Suspense>
      </Route>
    </Switch>
  );
}
