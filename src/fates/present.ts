/**
 * The words the picker puts around computed answers: verdict labels, the state in a line, the
 * lease_epoch line. Pure functions of the catalogue and the computed answers, so nothing here can
 * drift from what the simulation did.
 */
import type { Arity, Executor, Fate, RunKey, Verdict } from './catalogue.ts';
import type { CellAnswer, FateAnswers, RunAnswer } from './compute.ts';

/** How a verdict reads on its chip, and its tone. */
export function verdictLabel(run: RunAnswer): {
  text: string;
  tone: 'ok' | 'warn' | 'bad' | 'muted';
} {
  const code = run.code ? ` · ${run.code}` : '';
  const labels: Record<Verdict, { text: string; tone: 'ok' | 'warn' | 'bad' | 'muted' }> = {
    rescored: { text: 're-scored', tone: 'ok' },
    failed: { text: 'joins failed', tone: 'warn' },
    refused: { text: `refused${code}`, tone: 'warn' },
    error: { text: `error${code}`, tone: 'bad' },
    raised: { text: 'raises · nothing sent', tone: 'bad' },
  };
  return labels[run.verdict];
}

/** The call each cell is about, for the verb and for the bare command. */
export function cellNames(arity: Arity, executor: Executor): { verb: string; raw: string } {
  const verb = arity === 'single' ? 'extend_lock/5' : 'extend_locks/4';
  const raw = executor === 'script' ? 'EVALSHA' : arity === 'single' ? 'EMQ.EXTEND' : 'EMQ.EXTENDS';
  return { verb, raw };
}

/**
 * The run a cell leads with: the verb on the script side (what a caller of EchoMQ.Jobs sees),
 * the bare command on the native side (what redis-cli prints), as the lesson reads them.
 */
export function leadRun(cell: CellAnswer): { lead: RunAnswer; other: RunAnswer } {
  return cell.executor === 'script'
    ? { lead: cell.verb, other: cell.raw }
    : { lead: cell.raw, other: cell.verb };
}

/** One fact of the fate's state, for the line above the answers. */
export interface StateFact {
  name: string;
  value: string;
}

/** The one-job state in a few facts, read from the scenario the runs start from. */
export function stateFacts(fate: Fate): StateFact[] {
  const s = fate.scenario;
  const pair = s.held[0]!;
  const job = s.jobs.find((j) => j.id === pair.id);
  const facts: StateFact[] = [{ name: 'held', value: `\`${pair.id}\` · token ${pair.token}` }];
  if (!job || job.row === 'none') facts.push({ name: 'row', value: 'none' });
  else if (job.row === 'wrongtype') facts.push({ name: 'row', value: 'a string, not a hash' });
  else {
    const group = job.group === null ? '' : ` · group \`${job.group}\``;
    facts.push({ name: 'row', value: `attempts ${job.attempts}${group}` });
  }
  const place = job?.place ?? 'neither';
  facts.push({
    name: 'where',
    value:
      place === 'active'
        ? `in \`active\`, ${job!.leaseLeftMs / 1000} s of lease left`
        : place === 'pending'
          ? 'reaped to `pending`, gone from `active`'
          : 'in neither set',
  });
  facts.push({
    name: 'caller',
    value: s.caller === 'full' ? 'full access' : 'may only read the job rows',
  });
  return facts;
}

const COMMAND_OF: Record<RunKey, string> = {
  'single.script.verb': 'extend_lock/5 on wire 4',
  'single.script.raw': 'the single script',
  'single.native.verb': 'extend_lock/5 on wire 6',
  'single.native.raw': 'EMQ.EXTEND',
  'batch.script.verb': 'extend_locks/4 on wire 4',
  'batch.script.raw': 'the batch script',
  'batch.native.verb': 'extend_locks/4 on wire 6',
  'batch.native.raw': 'EMQ.EXTENDS',
};

function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The lease_epoch line: who stamped it, read from the keyspace after each run. */
export function epochLine(a: FateAnswers): { stamped: boolean; text: string } {
  const raws = a.stampedBy.filter((k) => k.endsWith('.raw'));
  const verbs = a.stampedBy.filter((k) => k.endsWith('.verb'));
  const scriptStamped = a.stampedBy.some((k) => k.includes('.script.'));
  if (a.stampedBy.length === 0) {
    return {
      stamped: false,
      text: 'not stamped: no run wrote it',
    };
  }
  const names = (keys: RunKey[]) => joinAnd(keys.map((k) => `\`${COMMAND_OF[k]}\``));
  let text = `stamped with the server's run_id \`${a.runId.slice(0, 8)}…\``;
  if (raws.length > 0 && verbs.length === raws.length) {
    text += ` by ${names(raws)}, sent raw or by the verbs on wire 6`;
  } else if (
    raws.length > 0 &&
    verbs.length === 0 &&
    Object.values(a.cells).every((c) => c.executor === 'script' || c.verb.verdict === 'raised')
  ) {
    text += ` by ${names(raws)} from a raw client (the verbs raise before sending them)`;
  } else {
    text += ` by ${names(a.stampedBy)}`;
  }
  if (!scriptStamped) text += '; the scripts write no such field';
  return { stamped: true, text };
}

/** A short summary for the live region when the learner picks a fate. */
export function announce(a: FateAnswers): string {
  const part = (k: keyof FateAnswers['cells'], name: string) =>
    `${name}: ${verdictLabel(leadRun(a.cells[k]).lead).text}`;
  return [
    `${a.fate.label}.`,
    `${part('single.script', 'single')};`,
    `${part('batch.script', 'batch')};`,
    `${part('single.native', 'EMQ.EXTEND')};`,
    `${part('batch.native', 'EMQ.EXTENDS')};`,
    `lease_epoch ${epochLine(a).stamped ? 'stamped' : 'not stamped'}.`,
  ].join(' ');
}
