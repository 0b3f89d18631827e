import styles from './JobProgress.module.css';

export interface JobProgressProps {
  /** Names the bar for assistive technology ('Export progress'). */
  label: string;
  /** 0 to 100. */
  percent: number;
  /** What the bar says in words ('120 of 500 rows'). */
  valueLabel: string;
  /** A job that failed or refused its input draws its bar in the colour of errors. */
  tone?: 'normal' | 'failed';
}

/**
 * How far a background job (an export, an import) has got: a bar with its value in words.
 * A plain progressbar role (value, range and the words as its value text) rather than react-aria's
 * ProgressBar: that one's number formatting would otherwise load with the first screen, because its
 * module is shared with every Button.
 */
export function JobProgress({ label, percent, valueLabel, tone = 'normal' }: JobProgressProps) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      className={styles.progress}
      data-tone={tone}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueLabel}
    >
      <span className={styles.valueText}>{valueLabel}</span>
      <div className={styles.track}>
        <div className={styles.fill} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
