import type { BullmqRunAnswer } from '../../fates/picker.ts';
import { bullmqWords } from '../../../content/bullmq.ts';
import { Line } from './AnswerCell.tsx';
import styles from './fate-picker.module.css';

const W = bullmqWords.fate;
const TONE = { extended: 'ok', failed: 'warn', error: 'bad' } as const;

/**
 * One cell of the picker's BullMQ column: BullMQ's own script on the fate's job in its keys,
 * its verdict and its reply as redis-cli prints it; or "no counterpart" where the fate is
 * EchoMQ's own.
 */
export function BullmqCell({
  run,
  script,
  row,
}: {
  run: BullmqRunAnswer | null;
  /** the script's name, as BullMQ names its command */
  script: string;
  row: 'single' | 'batch';
}) {
  return (
    <td className={styles.cell} data-cell={`${row}.bullmq`} data-label={`${row} · ${W.heading}`}>
      {run === null ? (
        <span className={styles.chip} data-tone="muted" data-part="verdict">
          {W.none}
        </span>
      ) : (
        <>
          <span className={styles.chip} data-tone={TONE[run.verdict]} data-part="verdict">
            {W[run.verdict]}
          </span>
          <Line via="redis-cli" who={script} run={run} lead />
        </>
      )}
    </td>
  );
}
