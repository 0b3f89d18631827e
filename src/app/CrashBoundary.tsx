import { Component, type ReactNode } from 'react';
import { pathTo } from '@/shared/paths';
import { buttonClassName } from '@/ui/buttonLook';
import styles from './CrashBoundary.module.css';
import { AuthLayout } from './layouts/AuthLayout';

interface CrashBoundaryState {
  crashed: boolean;
}

/**
 * The last safety net under the routes: an error no screen handled shows a page that says so and
 * leads back to the Sign In page, instead of leaving the window blank.
 */
export class CrashBoundary extends Component<{ children: ReactNode }, CrashBoundaryState> {
  state: CrashBoundaryState = { crashed: false };

  // React itself reports the error to the browser's console, with the components it was thrown in.
  static getDerivedStateFromError(): CrashBoundaryState {
    return { crashed: true };
  }

  render() {
    if (!this.state.crashed) return this.props.children;
    return (
      <AuthLayout>
        <section className={styles.crash} aria-labelledby="crash-title">
          <h1 id="crash-title" className={styles.title}>
            Something went wrong
          </h1>
          <p className={styles.message}>
            The console could not go on with this screen. Start again from the Sign In page; if you are still
            signed in, it takes you to your dashboard.
          </p>
          {/* A link that loads the page afresh, unlike the router's: the app starts again from nothing. */}
          <a className={buttonClassName('primary')} href={pathTo('login')}>
            Go to Sign In
          </a>
        </section>
      </AuthLayout>
    );
  }
}
