import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Link, Route, Switch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { LeavePrompt } from './LeavePrompt';
import { installLeaveGuard, leaveThen } from './unsavedWork';

/** An editor whose work is unsaved once something is typed. */
function Editor() {
  const [text, setText] = useState('');
  return (
    <main>
      <h1>Edit page</h1>
      <input aria-label="Title" value={text} onChange={(event) => setText(event.target.value)} />
      <Link href="/list">Go back</Link>
      <LeavePrompt when={text !== ''} />
    </main>
  );
}

/** A move that is no link, as the account menu's Profile is. */
function ProfileItem() {
  return (
    <button type="button" onClick={() => leaveThen(() => navigate('/list'))}>
      Profile
    </button>
  );
}

function App() {
  return (
    <>
      <ProfileItem />
      <Switch>
        <Route path="/list">
          <h1>List</h1>
        </Route>
        <Route path="/edit">
          <Editor />
        </Route>
      </Switch>
    </>
  );
}

const prompt = () => screen.queryByRole('alertdialog', { name: 'Unsaved changes' });

/** Presses the browser's Back: jsdom steps in a later task, so callers wait for what it shows. */
function pressBack(): void {
  act(() => history.back());
}

/** The list, then the editor opened from it: the history a user has on the builder. */
async function openEditorFromList() {
  history.replaceState(null, '', '/list');
  const user = userEvent.setup();
  render(<App />);
  act(() => navigate('/edit'));
  await screen.findByRole('heading', { name: 'Edit page' });
  return user;
}

describe('LeavePrompt and the browser history', () => {
  // As the app does when it starts, before the router listens.
  beforeAll(() => installLeaveGuard());
  beforeEach(() => {
    history.replaceState(null, '', '/list');
  });

  it("holds Back up with the 'Unsaved changes' confirm; Stay keeps the work, the address and the history's length", async () => {
    const user = await openEditorFromList();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    const entries = history.length;

    pressBack();
    await waitFor(() => expect(prompt()).not.toBeNull());
    expect(window.location.pathname).toBe('/edit');
    // The editor is still there behind the dialog.
    expect(screen.getByRole('heading', { name: 'Edit page', hidden: true })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(prompt()).toBeNull());
    expect(window.location.pathname).toBe('/edit');
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Draft');

    // Asked again and again, the history does not grow.
    pressBack();
    await waitFor(() => expect(prompt()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(history.length).toBe(entries);
  });

  it('goes where Back was going on Leave, one step back and not a new entry', async () => {
    const user = await openEditorFromList();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    const entries = history.length;

    pressBack();
    await waitFor(() => expect(prompt()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'List' });
    expect(window.location.pathname).toBe('/list');
    expect(history.length).toBe(entries);
    expect(prompt()).toBeNull();
  });

  it('lets Back go at once when nothing is unsaved', async () => {
    await openEditorFromList();
    pressBack();
    await screen.findByRole('heading', { name: 'List' });
    expect(prompt()).toBeNull();
  });

  it('lets a step within the page (its #hash) go without asking', async () => {
    const user = await openEditorFromList();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    act(() => history.pushState(null, '', '/edit#blocks'));
    pressBack();
    await waitFor(() => expect(window.location.hash).toBe(''));
    // Whatever the step set off has been rendered.
    await act(async () => {});
    expect(window.location.pathname).toBe('/edit');
    expect(prompt()).toBeNull();
  });

  it('still asks before an in-app link is followed', async () => {
    const user = await openEditorFromList();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Go back' }));
    expect(prompt()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'List' });
  });

  it("leaves closing the tab to the browser's own prompt, only while work is unsaved", async () => {
    /** Whether the page asked the browser to confirm before it unloads. */
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const user = await openEditorFromList();
    expect(closeTab()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    expect(closeTab()).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    expect(closeTab()).toBe(false);
  });

  it('asks before a move from the account menu, and makes it on Leave', async () => {
    const user = await openEditorFromList();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    expect(prompt()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(window.location.pathname).toBe('/edit');
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Draft');
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'List' });
  });

  it('makes a move from the account menu at once when nothing is unsaved', async () => {
    const user = await openEditorFromList();
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await screen.findByRole('heading', { name: 'List' });
    expect(prompt()).toBeNull();
  });
});
