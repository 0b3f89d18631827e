import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, memo, useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AnalyticsRangeInput } from '@/api/contract/analytics';
import { api } from '@/api/endpoints';
import {
  type DashboardMetric,
  type DashboardQuery,
  type DateRange,
  dashboardMachine,
  dashboardShows,
} from '@/machines/dashboard';
import { currentInspect } from '@/machines/inspect';
import { useMayCall } from '@/machines/session';
import { formatDate } from '@/shared/format';
import { Button } from '@/ui/Button';
import { LineChart } from '@/ui/charts/LineChart';
import { DateField } from '@/ui/DateField';
import { EmptyState } from '@/ui/EmptyState';
import { PageHeader } from '@/ui/PageHeader';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { TableRegion } from '@/ui/TableRegion';
import styles from './Dashboard.module.css';
import { ScheduleCard } from './ScheduleCard';
import { WaitingCard } from './WaitingCard';

const HEADER_LABELS: Record<string, string> = {
  day: 'Day',
  total: 'Total',
  comparison_day: 'Comparison day',
  comparison_total: 'Comparison total',
  difference: 'Difference',
};

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** The difference column: a signed percentage coloured by its direction, or N/A. */
export function Difference({ value }: { value: unknown }) {
  if (typeof value !== 'number') return <span className={styles.neutral}>N/A</span>;
  const tone = value > 0 ? styles.positive : value < 0 ? styles.negative : styles.neutral;
  return <span className={tone}>{`${value > 0 ? '+' : ''}${number.format(value)}%`}</span>;
}

function cellText(header: string, value: unknown): string {
  if (value === null || value === undefined) return 'N/A';
  if (header === 'day' || header === 'comparison_day') return formatDate(String(value));
  return typeof value === 'number' ? number.format(value) : String(value);
}

const rangeText = (range: DateRange) => `${formatDate(range.start)} to ${formatDate(range.end)}`;

interface MetricSectionProps {
  metric: DashboardMetric;
  /** The searched ranges in words, under the totals. */
  rangeText: string | null;
  comparisonText: string | null;
  isOpen: boolean;
  onToggle: (key: string, isOpen: boolean) => void;
}

/**
 * One metric's total box and figures table. Its props only change with a new answer or the open
 * table, so typing in the ranges does not draw the charts again.
 */
const MetricSection = memo(function MetricSection({
  metric,
  rangeText,
  comparisonText,
  isOpen,
  onToggle,
}: MetricSectionProps) {
  const { table, comparison } = metric;
  return (
    <section className={styles.metric} aria-label={metric.title}>
      <div className={styles.box}>
        <div className={styles.boxFigures}>
          <h2 className={styles.metricTitle}>{metric.title}</h2>
          <p className={styles.total}>{number.format(metric.total)}</p>
          {rangeText !== null ? <p className={styles.rangeText}>{rangeText}</p> : null}
          <LineChart label={`${metric.title}, per day`} points={metric.graph} />
        </div>
        {comparison ? (
          <div className={styles.boxFigures}>
            <h3 className={styles.metricTitle}>Comparison</h3>
            <p className={styles.total}>{number.format(comparison.total)}</p>
            <p className={styles.rangeText}>{comparisonText}</p>
            <LineChart label={`${metric.title}, per day, comparison`} points={comparison.graph} />
          </div>
        ) : null}
      </div>
      {table ? (
        <>
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={isOpen}
            // Five boxes have this button: its name says whose figures, after the words it shows.
            aria-label={`${isOpen ? 'Close Figures' : 'Open Figures'}: ${metric.title}`}
            onPress={() => onToggle(metric.key, isOpen)}
          >
            {isOpen ? 'Close Figures' : 'Open Figures'}
          </Button>
          {isOpen ? (
            <TableRegion label={`${metric.title} figures`} className={styles.tableWrap}>
              <table className={styles.table} aria-label={`${metric.title} figures`}>
                <thead>
                  <tr>
                    {table.headers.map((header) => (
                      <th key={header} scope="col">
                        {HEADER_LABELS[header] ?? header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.data.map((row, index) => (
                    <tr key={String(row.day ?? index)}>
                      {table.headers.map((header) => (
                        <td key={header}>
                          {header === 'difference' ? (
                            <Difference value={row[header]} />
                          ) : (
                            cellText(header, row[header])
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
        </>
      ) : null}
    </section>
  );
});

/** The figures of one search: both calls of the dashboard for the same ranges. */
async function searchFigures({ range1, range2 }: DashboardQuery) {
  const body: AnalyticsRangeInput = {
    start: range1.start,
    end: range1.end,
    comparison_start: range2?.start || null,
    comparison_end: range2?.end || null,
  };
  const [totals, tables] = await Promise.all([
    api.analytics.totals({ body }),
    api.analytics.tables({ body }),
  ]);
  return { totals: totals.data, tables: tables.data };
}

const dashboard = dashboardMachine.provide({
  actors: {
    dates: fromPromise(() => api.analytics.dates({})),
    search: fromPromise(({ input }: { input: DashboardQuery }) => searchFigures(input)),
  },
});

/** Spec §2 Dashboard: two date ranges, a total box with a chart per metric, one figures table at a time. */
export default function DashboardScreen() {
  const actor = useActorRef(dashboard, { inspect: currentInspect() });
  const snapshot = useSelector(actor, (s) => s);
  const may = useMayCall();
  const {
    range1,
    range2,
    searched,
    figures,
    metrics,
    fieldErrors: errors,
    error,
    openTable,
  } = snapshot.context;
  const shows = dashboardShows(snapshot);
  const loading = snapshot.matches('dates') || snapshot.matches('searching');
  const change = (range: 1 | 2, field: keyof DateRange) => (value: string) =>
    actor.send({ type: 'range.change', range, field, value });

  const toggleFigures = useCallback(
    (key: string, isOpen: boolean) =>
      actor.send(isOpen ? { type: 'figures.close' } : { type: 'figures.open', key }),
    [actor],
  );
  const searchedText = searched ? rangeText(searched.range1) : null;
  const comparisonText = searched?.range2 ? rangeText(searched.range2) : null;

  // Opening the second range takes focus to its first field; a range shown on arrival leaves focus be.
  const range2Fields = useRef<HTMLFieldSetElement>(null);
  const [focusRange2, setFocusRange2] = useState(false);
  useEffect(() => {
    if (!focusRange2 || !range2) return;
    range2Fields.current?.querySelector('input')?.focus();
    setFocusRange2(false);
  }, [focusRange2, range2]);

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'search' });
  }

  return (
    <>
      <PageHeader title="Dashboard" />
      {/* What goes live or comes down next: pages' and forms' schedule, for a role that may view pages. */}
      {may('pages.schedule') ? <ScheduleCard /> : null}
      {/* Pages waiting in a review stage, overdue first. */}
      {may('pages.waiting') ? <WaitingCard /> : null}
      <form className={styles.ranges} onSubmit={submit} noValidate aria-label="Date ranges">
        <fieldset className={styles.range}>
          <legend>Date range 1</legend>
          <DateField
            label="Start"
            value={range1.start}
            onChange={change(1, 'start')}
            errorMessage={errors.start}
          />
          <DateField label="End" value={range1.end} onChange={change(1, 'end')} errorMessage={errors.end} />
        </fieldset>
        {range2 ? (
          <fieldset className={styles.range} ref={range2Fields}>
            <legend>Date range 2</legend>
            <DateField
              label="Comparison start"
              value={range2.start}
              onChange={change(2, 'start')}
              errorMessage={errors.comparison_start}
            />
            <DateField
              label="Comparison end"
              value={range2.end}
              onChange={change(2, 'end')}
              errorMessage={errors.comparison_end}
            />
          </fieldset>
        ) : null}
        <div className={styles.rangeActions}>
          <Button type="submit" variant="primary" isPending={loading}>
            Search
          </Button>
          {range2 ? (
            <Button variant="ghost" onPress={() => actor.send({ type: 'range2.close' })}>
              Close Date Range 2
            </Button>
          ) : (
            <Button
              variant="ghost"
              onPress={() => {
                setFocusRange2(true);
                actor.send({ type: 'range2.open' });
              }}
            >
              Open Date Range 2
            </Button>
          )}
        </div>
      </form>

      {shows === 'failed' ? (
        <EmptyState
          icon="cross"
          title="The figures could not be loaded."
          text={error ?? ''}
          action={{ label: 'Try again', onPress: () => actor.send({ type: 'retry' }) }}
        />
      ) : !figures ? (
        <SkeletonLines lines={6} label="Loading the figures" />
      ) : (
        <div className={styles.metrics} aria-busy={loading}>
          {metrics.map((metric) => (
            <MetricSection
              key={metric.key}
              metric={metric}
              rangeText={searchedText}
              comparisonText={comparisonText}
              isOpen={openTable === metric.key}
              onToggle={toggleFigures}
            />
          ))}
        </div>
      )}
    </>
  );
}
