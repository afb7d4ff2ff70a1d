import { visibleText } from '@batch-lease/redis-sim/client';
import { memo, useMemo } from 'react';
import { type Scenario, keysAndArgv } from '../../scenario/index.ts';
import { windowAround } from '../../stepper/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import s from './stepper.module.css';

export interface ArgvSlotsProps {
  scenario: Scenario;
  /** the loop pointer i, or null before the loop */
  i: number | null;
}

const T = panelWords.argv;
const WINDOW = 9;

/**
 * One key or argument as sent. The ids, tokens and keys are the learner's or a link's: isolated
 * (`<bdi>`), with any format character or byte that is not UTF-8 spelled out (visibleText), so an
 * RLO or a zero-width space in one cannot reverse or hide the slots around it.
 */
function Sent({ text }: { text: string | undefined }) {
  return <bdi>{visibleText(text ?? '')}</bdi>;
}

/** KEYS and ARGV as sent, with the loop pointer i on the pair it reads. */
export const ArgvSlots = memo(function ArgvSlots({ scenario, i }: ArgvSlotsProps) {
  // a thousand pairs make a long argv: build it once per scenario, not once per step
  const { keys, argv } = useMemo(() => keysAndArgv(scenario), [scenario]);
  // slots 2.. hold the pairs; show a window around the pointer when there are many
  const focus = i === null ? 0 : i - 2;
  const [from, to] = windowAround(argv.length - 1, focus, WINDOW * 2);
  const start = from % 2 === 0 ? from : from - 1;
  // whole pairs, as many on every step, so the slots' elements are kept (keyed by place)
  const end = Math.min(to, start + WINDOW * 2);
  const shown = argv.slice(1 + start, 1 + end).map((v, n) => ({ slot: start + n + 2, v }));
  const unpaired = argv.length % 2 === 0 ? argv.length : null;
  const windowed = argv.length - 1 > WINDOW * 2;
  return (
    <section className={s.panel} aria-label={T.region}>
      <h3>
        KEYS · ARGV{' '}
        <span className={`${s.muted} ${s.plainCase}`}>
          {fill(T.count, { count: argv.length })}
          {/* held in place before the loop (unseen), so the heading keeps its lines */}
          <span className={i === null ? s.unseen : undefined}>
            {' · '}
            <span className={s.pointer}>{fill(T.pointer, { i: i ?? 0 })}</span>
          </span>
        </span>
      </h3>
      <ul className={s.slots}>
        <li className={s.slot}>
          <small>KEYS[1]</small>
          <Sent text={keys[0]} />
        </li>
        <li className={s.slot}>
          <small>KEYS[2]</small>
          <Sent text={keys[1]} />
        </li>
        <li className={s.slot}>
          <small>ARGV[1] {T.lease}</small>
          <Sent text={argv[0]} />
        </li>
        {/* a windowed argv keeps the cell of the pairs left out before the window, unseen while
            none are: the slots after it stand in the same cells at every step */}
        {windowed ? (
          <li className={`${s.slot} ${s.slotUnread} ${start > 0 ? '' : s.unseen}`}>
            {fill(T.pairsLeftOut, { count: start / 2 })}
          </li>
        ) : null}
        {shown.map(({ slot, v }, place) => {
          const at = i !== null && (slot === i || slot === i + 1);
          const isUnpaired = slot === unpaired;
          return (
            <li
              key={place}
              className={`${s.slot} ${at ? s.slotAt : ''} ${isUnpaired ? s.slotUnread : ''}`}
              data-slot={slot}
              aria-current={slot === i ? 'true' : undefined}
            >
              <small>
                {/* the pointer's mark takes its room in every slot: the label never moves */}
                <span className={slot === i ? s.pointer : s.unseen}>{T.pointerAt}</span>
                {/* one text node, not four: a scrub rewrites every slot's label */}
                {`ARGV[${slot}] ${isUnpaired ? T.unpaired : slot % 2 === 0 ? T.id : T.token}`}
              </small>
              <Sent text={v} />
            </li>
          );
        })}
        {end < argv.length - 1 ? (
          <li className={`${s.slot} ${s.slotUnread}`}>
            {fill(T.pairsLeftOut, { count: Math.ceil((argv.length - 1 - end) / 2) })}
          </li>
        ) : null}
      </ul>
    </section>
  );
});
