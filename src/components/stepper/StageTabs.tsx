import { stepperWords } from '../../../content/stepper.ts';
import type { MoreTab, StageTab, StepperEvent } from '../../stepper/index.ts';
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
  /** the tab open (what a phone shows) */
  tab: StageTab;
  /** the third region's tab (what a wide stage shows beside the script and the state) */
  more: MoreTab;
  /** the tab whose region the step just taken changed */
  changed: StageTab | null;
  general: boolean;
  send: (e: StepperEvent) => void;
}

/**
 * The buttons that choose a region's tab. A phone shows every tab, one at a time; a wide stage
 * shows the script and the state always and only the third region's tabs here. Each layout has
 * its own row (the other is not displayed, so neither a reader nor a screen reader meets it),
 * because what is pressed differs: on a phone the tab open, on a wide stage the third region's.
 * A tab whose region the step changed carries a dot, and says so in its title.
 */
export function StageTabs({ idBase, tabs, tab, more, changed, general, send }: StageTabsProps) {
  const row = (which: 'phone' | 'wide', names: readonly StageTab[], pressed: StageTab) => (
    <div
      className={`${s.tabs} ${which === 'phone' ? s.phoneTabs : s.wideTabs}`}
      role="group"
      aria-label={T.tabs}
    >
      {names.map((t) => (
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
      ))}
    </div>
  );
  return (
    <>
      {row('phone', ['script', 'state', ...tabs], tab)}
      {row('wide', tabs, more)}
    </>
  );
}
