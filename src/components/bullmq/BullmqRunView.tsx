/**
 * BullMQ's extendLocks stepped on the simulated server (this module is the lazily loaded chunk).
 * The general view of a script: the current line, and in the stepper's own panels the locals,
 * every `redis.call` with its reply and every keyspace change; BullMQ's keys with their times to
 * live; beside it, on request, EchoMQ's script on the same held jobs. The scenarios are fixed, so
 * the build made every run on the simulator (`virtual:bullmq-runs`) and this chunk carries them
 * as data: stepping them loads no simulator and runs nothing on the page.
 */
import { useId, useMemo, useState } from 'react';
import { runs } from 'virtual:bullmq-runs';
import {
  buildRunIndex,
  bullmqKeyspaceAt,
  bullmqRunFromJSON,
  bullmqSentRows,
  formatList,
  formatRedisCli,
  selectCalls,
  selectChanges,
  selectLocals,
  selectLocalsLayout,
  selectStep,
  heldVerdict,
  type HeldVerdict,
  type Reply,
} from '../../stepper/index.ts';
import { bullmqScenario, bullmqToken, type Scenario } from '../../scenario/index.ts';
import { bullmqWords, type BullmqScenarioId } from '../../../content/bullmq.ts';
import { fill } from '../../content/template.ts';
import { IsolatedText } from '../isolated-text.tsx';
import { CallsPanel, ChangesPanel } from '../stepper/GeneralPanels.tsx';
import { LocalsPanel } from '../stepper/LocalsPanel.tsx';
import { ShownReply } from '../stepper/ShownReply.tsx';
import b from './bullmq.module.css';
import s from '../stepper/stepper.module.css';

const W = bullmqWords;

export interface BullmqRunViewProps {
  scenarioId: BullmqScenarioId;
  compare: boolean;
}

/** BullMQ's run on one scenario, as the build made it, indexed; and its listing's lines. */
function useRun(scenarioId: BullmqScenarioId) {
  return useMemo(() => {
    const scenario = bullmqScenario(scenarioId);
    const bullmq = bullmqRunFromJSON(runs[scenarioId].bullmq);
    // the text the run ran: BullMQ's installed extendLocks, as its client sends it
    const lines = (bullmq.run.script ?? '').replace(/\n$/, '').split('\n');
    return { scenario, bullmq, ix: buildRunIndex(bullmq.run), lines };
  }, [scenarioId]);
}

/** One script's verdict on one held id, marked by what it did. */
function VerdictCell({ verdict }: { verdict: HeldVerdict }) {
  return (
    <td className={verdict === 'extended' ? b.extended : b.failed}>{W.compareView[verdict]}</td>
  );
}

/** The stepper over BullMQ's run, at its own step k. */
export function BullmqRunView({ scenarioId, compare }: BullmqRunViewProps) {
  const { scenario, bullmq, ix, lines } = useRun(scenarioId);
  const [k, setK] = useState(0);
  const ids = useId();
  const n = ix.n;
  const at = Math.min(k, n);
  const step = selectStep(ix, at);
  const line = at > 0 ? (step?.line ?? null) : null;
  const keys = bullmqKeyspaceAt(bullmq, ix, at);
  const go = (to: number) => setK(Math.max(0, Math.min(n, to)));
  return (
    <div data-testid="bullmq-run">
      <div className={b.row} role="group" aria-label={W.controls.region}>
        <button
          type="button"
          onClick={() => go(0)}
          disabled={at === 0}
          aria-label={W.controls.first}
        >
          ⏮
        </button>
        <button
          type="button"
          onClick={() => go(at - 1)}
          disabled={at === 0}
          aria-label={W.controls.back}
        >
          ◀
        </button>
        <button
          type="button"
          onClick={() => go(at + 1)}
          disabled={at === n}
          aria-label={W.controls.forward}
        >
          ▶
        </button>
        <button
          type="button"
          onClick={() => go(n)}
          disabled={at === n}
          aria-label={W.controls.last}
        >
          ⏭
        </button>
        <span aria-live="polite" data-testid="bullmq-position">
          {fill(W.controls.position, { k: at, n })}
          {line !== null ? ` · ${fill(W.line, { line })}` : ''}
        </span>
      </div>
      {at === 0 ? <p className={`${s.muted} ${s.flush}`}>{W.beforeFirst}</p> : null}
      <div className={b.panels}>
        <section className={s.panel} aria-labelledby={`${ids}-code`}>
          <h3 className={s.panelTitle} id={`${ids}-code`}>
            {W.panels.code}
          </h3>
          <pre className={b.code} tabIndex={0}>
            <code>
              {lines.map((text, i) => (
                <span
                  key={i}
                  className={b.line}
                  data-line={i + 1}
                  aria-current={line === i + 1 ? 'step' : undefined}
                >
                  <span className={b.num} aria-hidden="true">
                    {i + 1}
                  </span>
                  {text}
                </span>
              ))}
            </code>
          </pre>
        </section>
        <SentPanel args={bullmq.args} />
        <LocalsPanel locals={selectLocals(ix, at)} layout={selectLocalsLayout(ix)} />
        <CallsPanel calls={selectCalls(ix, at)} current={at > 0 ? at - 1 : null} />
        <ChangesPanel changes={selectChanges(ix, at)} current={at > 0 ? at - 1 : null} />
        <section className={s.panel} aria-labelledby={`${ids}-keys`} data-testid="bullmq-keys">
          <h3 className={s.panelTitle} id={`${ids}-keys`}>
            {W.panels.keyspace}
          </h3>
          <table className={b.table}>
            <thead>
              <tr>
                <th scope="col">{W.panels.keyColumns.key}</th>
                <th scope="col">{W.panels.keyColumns.type}</th>
                <th scope="col">{W.panels.keyColumns.value}</th>
                <th scope="col">{W.panels.keyColumns.ttl}</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((r) => (
                <tr key={r.key} className={r.changed ? b.changed : undefined}>
                  <td>{r.key}</td>
                  <td>{r.type}</td>
                  <td>{r.value}</td>
                  <td>{r.ttlMs === null ? W.panels.noTtl : fill(W.panels.ttl, { ms: r.ttlMs })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className={s.panel} aria-labelledby={`${ids}-reply`} data-testid="bullmq-reply">
          <h3 className={s.panelTitle} id={`${ids}-reply`}>
            {W.panels.reply}
          </h3>
          {at === n ? (
            <ShownReply reply={bullmq.reply} testId="bullmq-reply-cli" className={b.code} />
          ) : (
            <p className={`${s.muted} ${s.flush}`}>{W.panels.noReply}</p>
          )}
        </section>
      </div>
      {compare ? (
        <CompareBoth
          scenario={scenario}
          echoReply={runs[scenarioId].echoReply}
          bullmqReply={bullmq.reply}
        />
      ) : null}
    </div>
  );
}

/**
 * The call as BullMQ's client sent it, slot by slot: the packed tokens and ids as their bytes
 * and as the strings the script unpacks from them.
 */
function SentPanel({ args }: { args: readonly string[] }) {
  const ids = useId();
  const { head, rows } = bullmqSentRows(args);
  const P = W.panels;
  return (
    <section className={s.panel} aria-labelledby={`${ids}-sent`} data-testid="bullmq-sent">
      <h3 className={s.panelTitle} id={`${ids}-sent`}>
        {P.sent}
      </h3>
      <p className={`${s.muted} ${s.flush}`}>{P.sentCaption}</p>
      <pre className={b.code}>{head}</pre>
      <table className={b.table}>
        <thead>
          <tr>
            <th scope="col">{P.sentColumns.slot}</th>
            <th scope="col">{P.sentColumns.sent}</th>
            <th scope="col">{P.sentColumns.unpacked}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.slot}>
              <th scope="row">{r.slot}</th>
              <td>
                <code>{r.sent}</code>
              </td>
              <td>
                {r.unpacked === null ? (
                  <span className={s.muted}>{P.notPacked}</span>
                ) : (
                  <IsolatedText
                    text={fill(P.unpacked, {
                      n: r.unpacked.length,
                      list: formatList(r.unpacked),
                    })}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What a script answered, in the compare view's words: the ids it failed, or its error. */
const answered = (who: string, reply: Reply) =>
  fill(W.compareView.failedList, {
    who,
    list: Array.isArray(reply) ? formatList(reply.map(String)) : formatRedisCli(reply),
  });

/** The same held jobs under both scripts: EchoMQ's reply is the build's run on them too. */
function CompareBoth({
  scenario,
  echoReply,
  bullmqReply,
}: {
  scenario: Scenario;
  echoReply: Reply;
  bullmqReply: Reply;
}) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-compare`} data-testid="bullmq-compare">
      <h3 id={`${ids}-compare`}>{W.compareView.heading}</h3>
      <table className={b.table}>
        <caption>{W.compareView.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{W.compareView.columns.id}</th>
            <th scope="col">{W.compareView.columns.token}</th>
            <th scope="col">{W.compareView.columns.echomq}</th>
            <th scope="col">{W.compareView.columns.bullmq}</th>
          </tr>
        </thead>
        <tbody>
          {scenario.held.map((p, i) => (
            <tr key={`${i} ${p.id}`}>
              <th scope="row">{p.id}</th>
              <td>{bullmqToken(p.token)}</td>
              <VerdictCell verdict={heldVerdict(echoReply, p.id)} />
              <VerdictCell verdict={heldVerdict(bullmqReply, p.id)} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className={s.flush}>
        <IsolatedText text={answered(W.compareView.columns.echomq, echoReply)} />
      </p>
      <p className={s.flush}>
        <IsolatedText text={answered(W.compareView.columns.bullmq, bullmqReply)} />
      </p>
    </section>
  );
}
