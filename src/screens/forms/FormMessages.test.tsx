import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { metaFor } from '@/blocks/builder/settingsValues';
import { DEFAULT_MESSAGES, FORM_REQUIRED, FormMessages } from './FormMessages';

const markedLabels = () =>
  [...document.querySelectorAll('[aria-hidden="true"]')]
    .filter((marker) => marker.textContent === '*')
    .map((marker) => marker.parentElement?.textContent?.replace(/\*$/, ''));

describe('the form builder e-mails and thank-you', () => {
  it('starts with the defaults of spec §9 and marks every field §5 requires', () => {
    render(<FormMessages values={DEFAULT_MESSAGES} onChange={() => {}} meta={metaFor(FORM_REQUIRED, {})} />);
    expect(markedLabels()).toEqual([
      'Email subject',
      'Email title',
      'Email body',
      'Send email',
      'Email lists',
      'Email type',
      'Thank-you title',
      'Thank-you description',
    ]);
    expect(screen.getByRole('textbox', { name: 'Thank-you title' })).toHaveProperty('value', 'Thank you');
    expect(screen.getByRole('button', { name: /Send email/ }).textContent).toContain('Yes');
    expect(screen.getByRole('button', { name: /Email type/ }).textContent).toContain('Emails');
  });

  it('shows a refused address of the list on the list field', () => {
    render(
      <FormMessages
        values={DEFAULT_MESSAGES}
        onChange={() => {}}
        meta={metaFor(FORM_REQUIRED, { 'emails.email_lists.1': 'Enter a valid e-mail address.' })}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Email lists' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
  });
});
