// First of all: schemas built before this would already have probed for eval.
import '@/api/noEval';
import '@/ui/tokens.css';
import '@/ui/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { inspectOption, setInspector } from '@/machines/inspect';
import { declarePressableStyle } from '@/ui/pressableStyle';
import { installLeaveGuard } from '@/ui/unsavedWork';

declarePressableStyle();
// Before the router listens: a screen with unsaved work can then hold Back up.
installLeaveGuard();

// `?inspect` in development connects the machines to the Stately inspector.
const inspect = await inspectOption();
setInspector(inspect);

// A transition: React renders the first screen in slices rather than one long task, and the boot
// screen stays until it is ready.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
