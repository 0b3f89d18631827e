import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describePoints } from '@/ui/charts/LineChart';
import { Difference } from './DashboardScreen';

describe('the dashboard figures', () => {
  it('show a rise, a fall and no change in their own colours, and N/A without a comparison', () => {
    render(
      <>
        <Difference value={12.5} />
        <Difference value={-50} />
        <Difference value={0} />
        <Difference value={null} />
      </>,
    );
    const rise = screen.getByText('+12.5%');
    const fall = screen.getByText('-50%');
    const same = screen.getByText('0%');
    const none = screen.getByText('N/A');
    expect(rise.className).toMatch(/positive/);
    expect(fall.className).toMatch(/negative/);
    expect(same.className).toMatch(/neutral/);
    expect(none.className).toMatch(/neutral/);
  });

  it('describe a chart in words: its days, highest and lowest', () => {
    expect(
      describePoints([
        { day: '2026-05-01', total: 4 },
        { day: '2026-05-02', total: 10 },
        { day: '2026-05-03', total: 1.5 },
      ]),
    ).toBe('3 days from 1 May 26 to 3 May 26. Highest 10 on 2 May 26, lowest 1.5 on 3 May 26.');
    expect(describePoints([])).toBe('No days in this range.');
  });
});
