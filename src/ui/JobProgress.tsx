import { ProgressBar } from 'react-aria-components';
import styles from './JobProgress.module.css';

export interface JobProgressProps {
  /** Names the bar for assistive technology ('Export progress'). */
  label: string;
  /** 0 to 100. */
  percent: number;
  /** What the bar says in words ('120 of 500 rows'). */
  valueLabel: string;
}

/** How far a background job (an export, an import) has got: a bar with its value in words. */
export function JobProgress({ label, percent, valueLabel }: JobProgressProps) {
  return (
    <ProgressBar
      className={styles.progress}
      aria-label={label}
      value={Math.max(0, Math.min(100, percent))}
      valueLabel={valueLabel}
    >
      {({ valueText, percentage }) => (
        <>
          <span className={styles.valueText}>{valueText}</span>
          <div className={styles.track}>
            <div className={styles.fill} style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
