import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { AnalyticsRangeInput } from '@/api/contract/analytics';
import { api } from '@/api/endpoints';
import { type DashboardQuery, type DateRange, dashboardMachine, dashboardShows } from '@/machines/dashboard';
import { currentInspect } from '@/machines/inspect';
import { formatDate } from '@/shared/format';
import { Button } from '@/ui/Button';
import { LineChart } from '@/ui/charts/LineChart';
import { DateField } from '@/ui/DateField';
import { EmptyState } from '@/ui/EmptyState';
import { PageHeader } from '@/ui/PageHeader';
import { SkeletonLines } from '@/ui/SkeletonLines';
import styles from './Dashboard.module.css';

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
  const { range1, range2, searched, figures, fieldErrors: errors, error, openTable } = snapshot.context;
  const shows = dashboardShows(snapshot);
  const loading = snapshot.matches('dates') || snapshot.matches('searching');
  const change = (range: 1 | 2, field: keyof DateRange) => (value: string) =>
    actor.send({ type: 'range.change', range, field, value });

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'search' });
  }

  return (
    <>
      <PageHeader title="Dashboard" />
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
          <fieldset className={styles.range}>
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
            <Button variant="ghost" onPress={() => actor.send({ type: 'range2.open' })}>
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
          {figures.totals.map((metric) => {
            const table = figures.tables.find((t) => t.key === metric.key);
            const isOpen = openTable === metric.key;
            return (
              <section key={metric.key} className={styles.metric} aria-label={metric.title}>
                <div className={styles.box}>
                  <div className={styles.boxFigures}>
                    <h2 className={styles.metricTitle}>{metric.title}</h2>
                    <p className={styles.total}>{number.format(metric.total)}</p>
                    {searched ? <p className={styles.rangeText}>{rangeText(searched.range1)}</p> : null}
                    <LineChart label={`${metric.title}, per day`} points={metric.graph} />
                  </div>
                  {metric.comparison_total !== null && metric.comparison_graph && searched?.range2 ? (
                    <div className={styles.boxFigures}>
                      <h3 className={styles.metricTitle}>Comparison</h3>
                      <p className={styles.total}>{number.format(metric.comparison_total)}</p>
                      <p className={styles.rangeText}>{rangeText(searched.range2)}</p>
                      <LineChart
                        label={`${metric.title}, per day, comparison`}
                        points={metric.comparison_graph}
                      />
                    </div>
                  ) : null}
                </div>
                {table ? (
                  <>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={isOpen}
                      onPress={() =>
                        actor.send(
                          isOpen ? { type: 'figures.close' } : { type: 'figures.open', key: metric.key },
                        )
                      }
                    >
                      {isOpen ? 'Close Figures' : 'Open Figures'}
                    </Button>
                    {isOpen ? (
                      <div className={styles.tableWrap}>
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
                      </div>
                    ) : null}
                  </>
                ) : null}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
