import { memo } from 'react';
import { stepperWords } from '../../../content/stepper.ts';
import type { MoreTab, StageTab, StepperEvent } from '../../stepper/index.ts';
import { SideRow } from '../side-row.tsx';
import s from './stepper.module.css';

const T = stepperWords.stage;

/** A tab's name: the state and call tabs are named for what a general script's run shows. */
export function nameOf(tab: StageTab, general: boolean): string {
  if (tab === 'state' && general) return T.tab.stateGeneral;
  if (tab === 'call' && general) return T.tab.callGeneral;
  return T.tab[tab];
}

export interface StageTabsProps {
  idBase: string;
  /** the third region's tabs this run has */
  tabs: readonly MoreTab[];
  /** the tab open (what a phone shows; on a two-column stage, the state or a third-region tab) */
  tab: StageTab;
  /** the tab whose region the step just taken changed */
  changed: StageTab | null;
  general: boolean;
  send: (e: StepperEvent) => void;
}

/**
 * The buttons that choose a region's tab. A phone shows every tab, one at a time. A wider stage
 * shows the script always and, beside it, the state, or the third region's tab open in its
 * place (a laptop's column has no room for both at a useful size; a wide stage shows the two
 * side by side). Each layout has its own row (the other is not displayed, so neither a reader
 * nor a screen reader meets it), because what is pressed differs: on a phone the tab open, on a
 * wider stage the state unless a third region's tab is open. A tab whose region the step
 * changed carries a dot, and says so in its title. Both rows render only when the tab open, the
 * changed tab or the run's tabs change, not on every step.
 */
export const StageTabs = memo(function StageTabs({
  idBase,
  tabs,
  tab,
  changed,
  general,
  send,
}: StageTabsProps) {
  const buttons = (names: readonly StageTab[], pressed: StageTab) =>
    names.map((t) => (
      <button
        key={t}
        type="button"
        className={s.tab}
        aria-pressed={t === pressed}
        aria-controls={`${idBase}-region-${t === 'script' || t === 'state' ? t : 'more'}`}
        data-tab={t}
        data-changed={changed === t ? '' : undefined}
        title={changed === t ? T.changed : undefined}
        onClick={() => send({ type: 'tab.show', tab: t })}
      >
        {nameOf(t, general)}
      </button>
    ));
  // each layout's row (the stage's CSS displays the one its width calls for); a phone's scrolls
  // sideways under a cue while a tab lies beyond its edge
  return (
    <>
      <SideRow
        frame={s.phoneTabsFrame}
        row={`${s.tabs} ${s.phoneTabs}`}
        role="group"
        aria-label={T.tabs}
      >
        {buttons(['script', 'state', ...tabs], tab)}
      </SideRow>
      <div className={`${s.tabs} ${s.wideTabs}`} role="group" aria-label={T.tabs}>
        {buttons(['state', ...tabs], tab === 'script' ? 'state' : tab)}
      </div>
    </>
  );
});
