import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NO_STAGE_TIMES, NOTHING_WAITING, StageMedians, WaitingList } from './WaitingCard';

const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 30).toISOString();

describe('WaitingList', () => {
  it('says so when no page waits', () => {
    render(<WaitingList entries={[]} />);
    expect(screen.getByText(NOTHING_WAITING)).toBeTruthy();
  });

  it('lists each page with its stage and due time, marks the overdue, and links to its builder', () => {
    const { hook } = memoryLocation({ path: '/' });
    render(
      <Router hook={hook}>
        <WaitingList
          entries={[
            {
              id: 4,
              name: 'Spring Sale',
              workflow_name: 'Finance offers',
              stage: 'Compliance review',
              since: at(25, 9),
              due_at: at(27, 9),
              overdue: true,
            },
            {
              id: 7,
              name: 'Summer Sale',
              workflow_name: 'Finance offers',
              stage: 'Sign-off',
              since: at(28, 9),
              due_at: null,
              overdue: false,
            },
          ]}
        />
      </Router>,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      '25 Nov 26, 09:30Spring Sale waits in Compliance review (Finance offers) · overdue since 27 Nov 26, 09:30',
      '28 Nov 26, 09:30Summer Sale waits in Sign-off (Finance offers)',
    ]);
    expect(screen.getByRole('link', { name: 'Spring Sale' }).getAttribute('href')).toBe('/pages/edit/4');
  });
});

describe('StageMedians', () => {
  it('says so when no page has left a stage', () => {
    render(<StageMedians entries={[]} />);
    expect(screen.getByText(NO_STAGE_TIMES)).toBeTruthy();
  });

  it('shows each stage’s median time and how many reviews it is the median of', () => {
    render(
      <StageMedians
        entries={[
          { workflow_name: 'Finance offers', stage: 'Compliance review', count: 12, median_seconds: 12_000 },
          { workflow_name: 'Finance offers', stage: 'Sign-off', count: 1, median_seconds: 187_200 },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Time each stage takes' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '3 h 20 minCompliance review (Finance offers), the median of 12 reviews',
      '2 d 4 hSign-off (Finance offers), the median of 1 review',
    ]);
  });
});
