import { type FormEvent, useEffect, useState } from 'react';
import type { AnalyticsRangeInput, MetricTable, MetricTotal } from '@/api/contract/analytics';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { Button } from '@/ui/Button';
import { LineChart } from '@/ui/charts/LineChart';
import { DateField } from '@/ui/DateField';
import { EmptyState } from '@/ui/EmptyState';
import { formatDate } from '@/ui/format';
import { PageHeader } from '@/ui/PageHeader';
import { SkeletonLines } from '@/ui/SkeletonLines';
import styles from './Dashboard.module.css';

interface Range {
  start: string;
  end: string;
}

interface Figures {
  totals: MetricTotal[];
  tables: MetricTable[];
}

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

const rangeText = (range: Range) => `${formatDate(range.start)} to ${formatDate(range.end)}`;

/** Spec §2 Dashboard: two date ranges, a total box with a chart per metric, one figures table at a time. */
export default function DashboardScreen() {
  const [range1, setRange1] = useState<Range>({ start: '', end: '' });
  const [range2, setRange2] = useState<Range | null>(null);
  const [searched, setSearched] = useState<{ range1: Range; range2: Range | null } | null>(null);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [loading, setLoading] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [openTable, setOpenTable] = useState<string | null>(null);

  async function search(first: Range, second: Range | null) {
    const body: AnalyticsRangeInput = {
      start: first.start,
      end: first.end,
      comparison_start: second?.start || null,
      comparison_end: second?.end || null,
    };
    setLoading(true);
    setFailure(null);
    try {
      const [totals, tables] = await Promise.all([
        api.analytics.totals({ body }),
        api.analytics.tables({ body }),
      ]);
      setFigures({ totals: totals.data, tables: tables.data });
      setSearched({ range1: first, range2: second });
      setErrors({});
    } catch (error) {
      const described = describeFailure(error);
      setErrors(described.fieldErrors);
      if (Object.keys(described.fieldErrors).length === 0) setFailure(described.message);
    } finally {
      setLoading(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first range is asked for once, on arrival.
  useEffect(() => {
    api.analytics.dates({}).then(
      (dates) => {
        setRange1(dates);
        void search(dates, null);
      },
      (error: unknown) => {
        setFailure(describeFailure(error).message);
        setLoading(false);
      },
    );
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void search(range1, range2);
  }

  function closeRange2() {
    setRange2(null);
    void search(range1, null);
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
            onChange={(start) => setRange1({ ...range1, start })}
            errorMessage={errors.start}
          />
          <DateField
            label="End"
            value={range1.end}
            onChange={(end) => setRange1({ ...range1, end })}
            errorMessage={errors.end}
          />
        </fieldset>
        {range2 ? (
          <fieldset className={styles.range}>
            <legend>Date range 2</legend>
            <DateField
              label="Comparison start"
              value={range2.start}
              onChange={(start) => setRange2({ ...range2, start })}
              errorMessage={errors.comparison_start}
            />
            <DateField
              label="Comparison end"
              value={range2.end}
              onChange={(end) => setRange2({ ...range2, end })}
              errorMessage={errors.comparison_end}
            />
          </fieldset>
        ) : null}
        <div className={styles.rangeActions}>
          <Button type="submit" variant="primary" isPending={loading}>
            Search
          </Button>
          {range2 ? (
            <Button variant="ghost" onPress={closeRange2}>
              Close Date Range 2
            </Button>
          ) : (
            <Button variant="ghost" onPress={() => setRange2({ start: '', end: '' })}>
              Open Date Range 2
            </Button>
          )}
        </div>
      </form>

      {failure ? (
        <EmptyState icon="cross" title="The figures could not be loaded." text={failure} />
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
                      onPress={() => setOpenTable(isOpen ? null : metric.key)}
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
