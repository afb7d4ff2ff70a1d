/**
 * The words the picker puts around computed answers: verdict labels, the state in a line, the
 * lease_epoch line. Pure functions of the catalogue and the computed answers, so nothing here can
 * drift from what the simulation did.
 */
import { pickerWords as W } from '../../content/fates.ts';
import { fill } from '../content/template.ts';
import type { Arity, Executor, Fate, RunKey, Verdict } from './catalogue.ts';
import type { CellAnswer, FateAnswers, RunAnswer } from './compute.ts';

/** How a verdict reads on its chip, and its tone. */
export function verdictLabel(run: RunAnswer): {
  text: string;
  tone: 'ok' | 'warn' | 'bad' | 'muted';
} {
  const coded = (verdict: string) =>
    run.code ? fill(W.verdicts.withCode, { verdict, code: run.code }) : verdict;
  const V = W.verdicts;
  const labels: Record<Verdict, { text: string; tone: 'ok' | 'warn' | 'bad' | 'muted' }> = {
    rescored: { text: V.rescored, tone: 'ok' },
    failed: { text: V.failed, tone: 'warn' },
    refused: { text: coded(V.refused), tone: 'warn' },
    error: { text: coded(V.error), tone: 'bad' },
    raised: { text: V.raised, tone: 'bad' },
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
  const F = W.facts;
  const facts: StateFact[] = [
    { name: F.held, value: fill(F.heldValue, { id: pair.id, token: pair.token }) },
  ];
  if (!job || job.row === 'none') facts.push({ name: F.row, value: F.noRow });
  else if (job.row === 'wrongtype') facts.push({ name: F.row, value: F.wrongType });
  else {
    const group = job.group === null ? '' : fill(F.group, { group: job.group });
    facts.push({ name: F.row, value: fill(F.attempts, { attempts: job.attempts, group }) });
  }
  const place = job?.place ?? 'neither';
  facts.push({
    name: F.where,
    value:
      place === 'active'
        ? fill(F.inActive, { seconds: job!.leaseLeftMs / 1000 })
        : place === 'pending'
          ? F.reaped
          : F.neither,
  });
  facts.push({ name: F.caller, value: s.caller === 'full' ? F.full : F.readOnly });
  return facts;
}

const COMMAND_OF: Readonly<Record<RunKey, string>> = W.commands;

function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${W.epoch.and}${items.at(-1)}`;
}

/** The lease_epoch line: who stamped it, read from the keyspace after each run. */
export function epochLine(a: FateAnswers): { stamped: boolean; text: string } {
  const raws = a.stampedBy.filter((k) => k.endsWith('.raw'));
  const verbs = a.stampedBy.filter((k) => k.endsWith('.verb'));
  const scriptStamped = a.stampedBy.some((k) => k.includes('.script.'));
  if (a.stampedBy.length === 0) {
    return { stamped: false, text: W.epoch.none };
  }
  const names = (keys: RunKey[]) => joinAnd(keys.map((k) => `\`${COMMAND_OF[k]}\``));
  let text = fill(W.epoch.stamped, { runId: a.runId.slice(0, 8) });
  if (raws.length > 0 && verbs.length === raws.length) {
    text += fill(W.epoch.byRawOrWire6, { names: names(raws) });
  } else if (
    raws.length > 0 &&
    verbs.length === 0 &&
    Object.values(a.cells).every((c) => c.executor === 'script' || c.verb.verdict === 'raised')
  ) {
    text += fill(W.epoch.byRawOnly, { names: names(raws) });
  } else {
    text += fill(W.epoch.by, { names: names(a.stampedBy) });
  }
  if (!scriptStamped) text += W.epoch.noScript;
  return { stamped: true, text };
}

/** A short summary for the live region when the learner picks a fate. */
export function announce(a: FateAnswers): string {
  const A = W.announce;
  const part = (k: keyof FateAnswers['cells'], name: string) =>
    fill(A.part, { name, verdict: verdictLabel(leadRun(a.cells[k]).lead).text });
  return [
    fill(A.fate, { fate: a.fate.label }),
    part('single.script', A.single),
    part('batch.script', A.batch),
    part('single.native', 'EMQ.EXTEND'),
    part('batch.native', 'EMQ.EXTENDS'),
    epochLine(a).stamped ? A.epochStamped : A.epochNotStamped,
  ].join(' ');
}
