import {
  type CellAnswer,
  type RunAnswer,
  cellNames,
  leadRun,
  verdictLabel,
} from '../../fates/picker.ts';
import styles from './fate-picker.module.css';

const ROW = { single: 'single', batch: 'batch' } as const;
const COLUMN = { script: 'script · wire 4', native: 'native · wire 6' } as const;

/** One answer in a cell: who was asked (iex, redis-cli) and what it answered. */
export function Line({
  via,
  who,
  run,
  lead,
}: {
  via: string;
  who: string;
  run: Pick<RunAnswer, 'shown'> & { verdict: string };
  lead: boolean;
}) {
  return (
    <div className={lead ? styles.lead : styles.other} data-part={lead ? 'lead' : 'other'}>
      <span className={styles.who}>
        <span className={styles.via}>{via}</span> <code>{who}</code>
        <span aria-hidden="true"> →</span>
      </span>
      <code className={styles.answer} data-verdict={run.verdict}>
        {run.shown}
      </code>
    </div>
  );
}

/**
 * One cell of the 2×2: the verdict, then the answer a caller reads first (the verb's term on
 * the script side, the redis-cli reply on the native side) and the other one beneath it.
 */
export function AnswerCell({ cell }: { cell: CellAnswer }) {
  const names = cellNames(cell.arity, cell.executor);
  const { lead, other } = leadRun(cell);
  const chip = verdictLabel(lead);
  // the verb is what a caller of EchoMQ.Jobs reads in iex; the bare command is what redis-cli prints
  const line = (run: RunAnswer, isLead: boolean) =>
    run === cell.verb ? (
      <Line
        via="iex"
        who={`${names.verb}${cell.executor === 'native' ? ' on wire 6' : ''}`}
        run={run}
        lead={isLead}
      />
    ) : (
      <Line via="redis-cli" who={names.raw} run={run} lead={isLead} />
    );
  return (
    <td
      className={styles.cell}
      data-cell={`${cell.arity}.${cell.executor}`}
      data-label={`${ROW[cell.arity]} · ${COLUMN[cell.executor]}`}
    >
      <span className={styles.chip} data-tone={chip.tone} data-part="verdict">
        {chip.text}
      </span>
      {line(lead, true)}
      {line(other, false)}
    </td>
  );
}
