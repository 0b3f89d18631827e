import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NOTHING_SCHEDULED, ScheduleList } from './ScheduleCard';

const at = (hour: number) => new Date(2026, 10, 28, hour, 30).toISOString();

describe('ScheduleList', () => {
  it('says so when nothing is scheduled', () => {
    render(<ScheduleList entries={[]} />);
    expect(screen.getByText('Nothing is scheduled for the next 7 days.')).toBeTruthy();
    expect(NOTHING_SCHEDULED).toBe('Nothing is scheduled for the next 7 days.');
  });

  it('lists each change with its time, linked to the page or form builder', () => {
    const { hook } = memoryLocation({ path: '/' });
    render(
      <Router hook={hook}>
        <ScheduleList
          entries={[
            { id: 4, kind: 'page', name: 'Spring Sale', at: at(9), change: 'publish' },
            { id: 7, kind: 'form', name: 'Test Drive', at: at(18), change: 'unpublish' },
          ]}
        />
      </Router>,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      '28 Nov 26, 09:30Page Spring Sale goes live',
      '28 Nov 26, 18:30Form Test Drive comes down',
    ]);
    expect(screen.getByRole('link', { name: 'Spring Sale' }).getAttribute('href')).toBe('/pages/edit/4');
    expect(screen.getByRole('link', { name: 'Test Drive' }).getAttribute('href')).toBe('/forms/edit/7');
  });
});
