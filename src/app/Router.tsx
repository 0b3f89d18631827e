import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { type AuthStatus, useAuthActor, useAuthStatus, useMaybeAccess } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { AuthLayout } from './layouts/AuthLayout';
import { type Preloadable, Preloaded, preloadable } from './preloadable';
import { accessOf, REFUSED_TITLE, type RouteAccess } from './routeAccess';
import { type LayoutName, NOT_FOUND_TITLE, type RouteDef, routes } from './routes';
import { ScreenChange } from './ScreenChange';

const NotFoundScreen = lazy(() => import('@/screens/errors/NotFoundScreen'));
// With the shell, never with the login page.
const Refused = lazy(() => import('./Refused'));

const screens = new Map<string, Preloadable<object>>(
  routes.map((route) => [route.path, preloadable(() => route.load().then((m) => m.default))]),
);

type ShellLayout = Exclude<LayoutName, 'auth'>;

// The default and builder layouts carry the shell: they load with the first signed-in route,
// never with the login page.
const layouts: Record<ShellLayout, Preloadable<{ children: ReactNode }>> = {
  default: preloadable(() => import('./layouts/DefaultLayout').then((m) => m.DefaultLayout)),
  builder: preloadable(() => import('./layouts/BuilderLayout').then((m) => m.BuilderLayout)),
};

const layoutOf = (route: RouteDef): ShellLayout => (route.layout === 'auth' ? 'default' : route.layout);

/**
 * Starts loading a route's screen (and a signed-in route's layout) while sign-in is still being
 * checked, both at once rather than the screen only once its layout has loaded. A failed load is
 * left for the render to report.
 */
function preload(route: RouteDef): void {
  screens
    .get(route.path)
    ?.preload()
    .catch(() => undefined);
  if (!route.public) layouts[layoutOf(route)].preload().catch(() => undefined);
}

function Waiting() {
  return (
    <div style={{ padding: 'var(--space-4)' }} aria-busy="true">
      <SkeletonLines lines={4} />
    </div>
  );
}

/** What a route needs that the signed-in user (or the view) lacks, or null when they may open it. */
function useRefused(route: RouteDef): RouteAccess | null {
  const access = useMaybeAccess();
  const ownId = useSelector(useAuthActor(), (state) => state.context.user?.id);
  const params = useParams<{ id?: string }>();
  const needs = accessOf(route.name);
  // Everyone may open their own account (Profile): users/show and users/update answer it.
  if (route.name === 'users.edit' && ownId !== undefined && Number(params.id) === ownId) return null;
  return needs && access && !access.can(needs.action, needs.area) ? needs : null;
}

/**
 * Where sign-in stands, as the route draws it. Arriving at signed in is deferred: the screen it leads
 * to (the whole signed-in shell, after sign-in or its restore) is rendered in slices React can
 * interrupt, not in one long task, and until it is ready the current one stays. Leaving it is not:
 * once the session has ended (signed out, or a refresh refused) the shell has no user to draw, so
 * keeping it for one more render would break every part of it that shows the user.
 */
function useRouteStatus(): AuthStatus {
  const status = useAuthStatus();
  const arriving = useDeferredValue(status);
  return status === 'signedIn' ? arriving : status;
}

/** Checks sign-in on every navigation (spec §2) and puts the screen in its layout. */
function Guarded({ route }: { route: RouteDef }) {
  const status = useRouteStatus();
  const screen = screens.get(route.path)!;
  const refused = useRefused(route);
  // A screen the user may not open is never drawn: it is not loaded either.
  useEffect(() => {
    if (!refused) preload(route);
  }, [route, refused]);
  if (status === 'restoring' || status === 'signingOut') return <Waiting />;
  if (route.public) {
    if (status === 'signedIn') return <Redirect to={pathTo('dashboard')} replace />;
    return (
      <AuthLayout>
        <ScreenChange title={route.title} />
        <Suspense fallback={<Waiting />}>
          <Preloaded of={screen} props={{}} />
        </Suspense>
      </AuthLayout>
    );
  }
  if (status !== 'signedIn') return <Redirect to={pathTo('login')} replace />;
  return <SignedInRoute route={route} screen={screen} />;
}

/**
 * A signed-in route: its screen in its layout, or, when the user's role may not open it
 * (routeAccess.ts), the refusal page in the default layout, without calling the API.
 */
function SignedInRoute({ route, screen }: { route: RouteDef; screen: Preloadable<object> }) {
  const needs = useRefused(route);
  if (needs) {
    return (
      <Suspense fallback={<Waiting />}>
        <ScreenChange title={REFUSED_TITLE} />
        <Preloaded of={layouts.default} props={{ children: <Refused needs={needs} /> }} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<Waiting />}>
      <ScreenChange title={route.title} />
      <Preloaded of={layouts[layoutOf(route)]} props={{ children: <Preloaded of={screen} props={{}} /> }} />
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
