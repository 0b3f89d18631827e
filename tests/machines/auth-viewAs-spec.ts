import type { SpecModel } from './model';

/**
 * "View as" (issue #25) as the console's session must do it, written from the issue without looking
 * at the machine: choosing a role and scope makes every call from then on carry the view's header and
 * asks auth/me what that view may do; the view shows once the server has answered; 'Back to my view'
 * drops the header at once, with no call; a refused view, a refused refresh and signing out leave
 * nothing of it behind.
 */

export const VIEW = { roleId: 5, scope: { brand_ids: [], dealership_ids: [3] } };
export const SCOPE_LABEL = 'Dealership X';
/** The header the console sends while viewing (`5;d=3`). */
export const HEADER = '5;d=3';
export const VIEWED_ROLE = 'Sales';

export type ViewSpecEvent =
  | { type: 'viewAs.enter' }
  | { type: 'viewAs.leave' }
  | { type: 'session.refresh' }
  | { type: 'auth.logout' }
  | { type: 'loadView.ok' }
  | { type: 'loadView.fail' }
  | { type: 'refresh.ok' }
  | { type: 'refresh.fail' }
  | { type: 'logout.ok' };

type Status = 'signedIn' | 'signingOut' | 'signedOut';

export interface ViewSpecState {
  status: Status;
  open: string[];
  /** What every signed-in call carries in X-View-As, or null. */
  header: string | null;
  /** The role the console is drawn for while viewing as one (the banner names it), or null. */
  viewing: string | null;
  calls: Array<{ src: string; input: unknown }>;
}

export interface ViewSeen {
  status: Status;
  header: string | null;
  viewing: string | null;
}

const closed = (s: ViewSpecState, src: string): ViewSpecState => ({
  ...s,
  open: s.open.filter((o) => o !== src),
});
const own = (s: ViewSpecState): ViewSpecState => ({ ...s, header: null, viewing: null });
const signedOut = (s: ViewSpecState): ViewSpecState => ({ ...own(s), status: 'signedOut', open: [] });

function step(s: ViewSpecState, event: ViewSpecEvent): ViewSpecState {
  const [src] = event.type.split('.');
  const isAnswer = src !== 'viewAs' && src !== 'session' && src !== 'auth';
  if (isAnswer && !s.open.includes(src ?? '')) return s;
  const loading = s.open.includes('loadView');
  switch (event.type) {
    case 'viewAs.enter':
      // A view is chosen from the signed-in console, not while the token is being refreshed.
      if (s.status !== 'signedIn' || loading || s.open.includes('refresh')) return s;
      return {
        ...s,
        header: HEADER,
        viewing: null,
        open: [...s.open, 'loadView'],
        calls: [...s.calls, { src: 'loadView', input: { view: VIEW, scopeLabel: SCOPE_LABEL } }],
      };
    case 'viewAs.leave':
      if (s.status !== 'signedIn') return s;
      return loading ? own(closed(s, 'loadView')) : own(s);
    case 'loadView.ok':
      return { ...closed(s, 'loadView'), viewing: VIEWED_ROLE };
    case 'loadView.fail':
      return own(closed(s, 'loadView'));
    case 'session.refresh':
      if (s.status !== 'signedIn' || s.open.includes('refresh')) return s;
      return {
        ...s,
        open: [...s.open, 'refresh'],
        calls: [...s.calls, { src: 'refresh', input: undefined }],
      };
    case 'refresh.ok':
      return closed(s, 'refresh');
    case 'refresh.fail':
      return signedOut(s);
    case 'auth.logout':
      if (s.status !== 'signedIn') return s;
      return {
        ...s,
        status: 'signingOut',
        open: ['logout'],
        calls: [...s.calls, { src: 'logout', input: undefined }],
      };
    case 'logout.ok':
      return signedOut(s);
  }
}

function next(s: ViewSpecState): ViewSpecEvent[] {
  const answers: Record<string, ViewSpecEvent[]> = {
    loadView: [{ type: 'loadView.ok' }, { type: 'loadView.fail' }],
    refresh: [{ type: 'refresh.ok' }, { type: 'refresh.fail' }],
    logout: [{ type: 'logout.ok' }],
  };
  return [
    ...s.open.flatMap((src) => answers[src] ?? []),
    { type: 'viewAs.enter' },
    { type: 'viewAs.leave' },
    { type: 'session.refresh' },
    { type: 'auth.logout' },
  ];
}

export function viewAsSpec(): SpecModel<ViewSpecState, ViewSpecEvent, ViewSeen> {
  return {
    initial: { status: 'signedIn', open: [], header: null, viewing: null, calls: [] },
    step,
    next,
    sees: (s) => ({ status: s.status, header: s.header, viewing: s.viewing }),
    calls: (s) => s.calls,
    key: ({ calls: _calls, ...rest }) => JSON.stringify(rest),
  };
}
