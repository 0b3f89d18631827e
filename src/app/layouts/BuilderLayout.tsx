import type { ReactNode } from 'react';
import { Shell } from './Shell';

/**
 * The builder's workspace (layout 'builder'): a slim top bar, and no sidebar, so the page's settings
 * and its blocks have the window's whole width. The way out is the builder's own 'Go back', or
 * the product's name to the dashboard.
 */
export function BuilderLayout({ children }: { children: ReactNode }) {
  return (
    <Shell layout="builder" slimTopBar>
      {children}
    </Shell>
  );
}
