import { type ByRoleMatcher, screen, waitFor } from '@testing-library/react';

/**
 * A control found by role and name once it can be used. A list's row buttons and checkboxes are
 * disabled while it reloads (after a tab, page or search change), and a click on a disabled
 * control does nothing: a person waits for the list, and so does a test.
 */
export async function findEnabled(role: ByRoleMatcher, name: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const control = screen.getByRole(role, { name });
    if (control.hasAttribute('disabled') || control.getAttribute('aria-disabled') === 'true') {
      throw new Error(`${name} is still disabled`);
    }
    return control;
  });
}
