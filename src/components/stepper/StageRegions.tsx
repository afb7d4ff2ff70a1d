/**
 * The stage's regions at step k: the script, the state (the members and the active set, or a
 * general script's calls and writes), and one region more that shows one tab at a time. Each
 * region has a fixed place and scrolls inside its own box, so a step changes what they show,
 * never where they are; the region the step changed is marked (`data-changed`), not scrolled to.
 */
import { memo, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import {
  type MoreTab,
  type StepperMachine,
  keyspaceAt,
  panelOfStep,
  selectFailed,
  type RunIndex,
  type StageTab,
  type StepPanel,
  type StepperEvent,
  isGeneralRun,
  selectCalls,
  selectChanges,
  selectClock,
  selectLocals,
  selectLocalsLayout,
  selectOtherChanges,
  selectPointer,
  selectReply,
} from '../../stepper/index.ts';
import type { Executor, Scenario } from '../../scenario/index.ts';
import { ArgvSlots } from './ArgvSlots.tsx';
import { ClockRead } from './ClockRead.tsx';
import { CallsPanel, ChangesPanel } from './GeneralPanels.tsx';
import { ActiveParts, KeyspaceDetail, KeyspacePanel, focusAt } from './KeyspacePanel.tsx';
import { LocalsPanel } from './LocalsPanel.tsx';
import { MembersTable } from './MembersTable.tsx';
import { ReplyPanel } from './ReplyPanel.tsx';
import { StageTabs, nameOf } from './StageTabs.tsx';
import s from './stepper.module.css';
import { sameProps, useAtStep } from './use-at-step.ts';

/** The tabs of the third region a run has (in the order they stand). */
export function moreTabsOf(ix: RunIndex, scenario: Scenario, executor: Executor): MoreTab[] {
  const general = isGeneralRun(ix);
  const tabs: MoreTab[] = [];
  if (executor === 'script') tabs.push('locals');
  tabs.push('keyspace', 'call');
  // the member view lists the writes its tables do not show, when the script makes any
  if (!general && selectOtherChanges(ix, ix.n, scenario).all.length > 0) tabs.push('changes');
  return tabs;
}

/** The tab shown of `tab` (a tab this run does not have gives way to the script). */
export function shownTabOf(tab: StageTab, moreTabs: readonly MoreTab[]): StageTab {
  return tab === 'script' || tab === 'state' || moreTabs.includes(tab) ? tab : 'script';
}

/**
 * The region open: on a phone the only one shown; on any stage the third shows only while one
 * of its tabs is open (beside the script, in the state's place or, on a wide stage, beside it).
 */
export function openRegionOf(shownTab: StageTab): 'script' | 'state' | 'more' {
  return shownTab === 'script' || shownTab === 'state' ? shownTab : 'more';
}

/** The tab a step's changed panel stands in. */
export function tabOfPanel(panel: StepPanel | null, general: boolean): StageTab | null {
  switch (panel) {
    case 'members':
      return 'state';
    case 'keyspace':
      // a general run's state region is its calls and writes; its keyspace is a tab
      return general ? 'keyspace' : 'state';
    case 'argv':
    case 'clock':
    case 'reply':
      return 'call';
    case 'changes':
      return general ? 'state' : 'changes';
    default:
      return null;
  }
}

export interface StageRegionsProps {
  /** the machine, whose step each region's parts follow (`useAtStep`) */
  actor: Actor<StepperMachine>;
  ix: RunIndex;
  scenario: Scenario;
  executor: Executor;
  /** the open tab (what a phone shows) and the third region's tab (what a wide stage shows) */
  tab: StageTab;
  more: MoreTab;
  /** the third region's tabs the run has (`moreTabsOf`: the same array while the run is) */
  moreTabs: readonly MoreTab[];
  /** the script's region: the listing with the lit line */
  script: ReactNode;
  /** a drawer is open: it shows in the place of the state and the tabs (the script stays) */
  drawerOpen: boolean;
  /** shown above the state region's panels (predict mode's question) */
  above?: ReactNode;
  idBase: string;
  send: (e: StepperEvent) => void;
}

/**
 * The tabs that choose what the third region (on a phone: the only one) shows, and the three
 * regions; the run view's body box holds them, after what the step says and the open drawer.
 * They render again when the region a step changed is another (its mark); what the regions
 * show follows the step in the parts that show it, each rendering only when its part changed.
 */
export const StageRegions = memo(function StageRegions({
  actor,
  ix,
  scenario,
  executor,
  tab,
  more,
  moreTabs,
  script,
  drawerOpen,
  above,
  idBase,
  send,
}: StageRegionsProps) {
  const general = isGeneralRun(ix);
  // the region this step changed: marked, never scrolled to
  const changed = useAtStep(actor, ix, (k) => tabOfPanel(panelOfStep(ix, k, scenario), general));
  // a tab this run does not have (locals on the native twin) gives way to its first
  const shownMore = moreTabs.includes(more) ? more : moreTabs[0]!;
  const shownTab = shownTabOf(tab, moreTabs);
  const openRegion = openRegionOf(shownTab);
  // a region that scrolls takes focus, so a keyboard can scroll it too (its keys are the
  // stepper's arrows only when they step); named by the tab it shows
  const region = (name: 'script' | 'state' | 'more', shows: StageTab, children: ReactNode) => (
    <div
      className={name === 'more' ? `${s.region} ${s.moreRegion}` : s.region}
      role="region"
      aria-label={nameOf(shows, general)}
      tabIndex={name === 'script' ? undefined : 0}
      id={`${idBase}-region-${name}`}
      data-region={name}
      data-changed={changed === shows ? '' : undefined}
      data-open={openRegion === name ? '' : undefined}
    >
      {children}
    </div>
  );
  return (
    <>
      {drawerOpen ? null : (
        <StageTabs
          idBase={idBase}
          tabs={moreTabs}
          tab={shownTab}
          changed={changed}
          general={general}
          send={send}
        />
      )}
      {region('script', 'script', script)}
      {drawerOpen
        ? null
        : region(
            'state',
            'state',
            <>
              {above}
              {general ? (
                <GeneralState actor={actor} ix={ix} />
              ) : (
                <>
                  <MembersTable actor={actor} ix={ix} />
                  <StageActive actor={actor} ix={ix} />
                </>
              )}
            </>,
          )}
      {/* the third region shows one tab at a time, and holds nothing while none of its tabs is
          open: it is hidden then (at every width), and rendering its panel on every step was
          about a seventh of a step's script and a third of a scrub's (paired at 4×) */}
      {drawerOpen
        ? null
        : region(
            'more',
            shownMore,
            openRegion === 'more' ? (
              <MoreTabAtStep
                name={shownMore}
                actor={actor}
                ix={ix}
                scenario={scenario}
                executor={executor}
              />
            ) : null,
          )}
    </>
  );
});

interface AtStepProps {
  actor: Actor<StepperMachine>;
  ix: RunIndex;
}

/** A general script's calls and writes so far: they render on every step. */
const GeneralState = memo(function GeneralState({ actor, ix }: AtStepProps) {
  const k = useAtStep(actor, ix, (k) => k);
  return (
    <>
      <CallsPanel calls={selectCalls(ix, k)} current={k > 0 ? k - 1 : null} />
      <ChangesPanel changes={selectChanges(ix, k)} current={k > 0 ? k - 1 : null} />
    </>
  );
});

/**
 * The active set with pending, and the failed list, beside the members: they render when the
 * keyspace after the step (`keyspaceAt`, the same object while no step changed it), the member
 * the lists are centred on or the failed list changes.
 */
const StageActive = memo(function StageActive({ actor, ix }: AtStepProps) {
  const parts = useAtStep(
    actor,
    ix,
    (k) => ({ view: keyspaceAt(ix, k), focusId: focusAt(ix, k), failed: selectFailed(ix, k) }),
    sameProps,
  );
  return <ActiveParts ix={ix} {...parts} />;
});

/** The third region's open tab at the machine's step: it renders on every step while open. */
const MoreTabAtStep = memo(function MoreTabAtStep({
  actor,
  ...props
}: Omit<MoreTabProps, 'k'> & { actor: Actor<StepperMachine> }) {
  const k = useAtStep(actor, props.ix, (k) => k);
  return <MoreTabPanel {...props} k={k} />;
});

interface MoreTabProps {
  name: MoreTab;
  ix: RunIndex;
  k: number;
  scenario: Scenario;
  executor: Executor;
}

/** One tab of the third region at step k: only the tab shown renders on a step. */
const MoreTabPanel = memo(function MoreTabPanel({ name, ix, k, scenario, executor }: MoreTabProps) {
  const general = isGeneralRun(ix);
  switch (name) {
    case 'locals':
      return <LocalsPanel locals={selectLocals(ix, k)} layout={selectLocalsLayout(ix)} />;
    case 'keyspace':
      return general ? (
        <KeyspacePanel ix={ix} scenario={scenario} k={k} />
      ) : (
        <KeyspaceDetail ix={ix} scenario={scenario} k={k} />
      );
    case 'call':
      return (
        <>
          <ArgvSlots scenario={scenario} i={general ? null : (selectPointer(ix, k)?.i ?? null)} />
          {general ? null : <ClockRead clock={selectClock(ix, k)} reads={ix.clockReads[k] ?? 0} />}
          <ReplyPanel
            reply={selectReply(ix, k)}
            verbAnswer={ix.run.verbAnswer}
            executor={executor}
          />
        </>
      );
    case 'changes':
      return (
        <ChangesPanel
          changes={selectOtherChanges(ix, k, scenario)}
          current={k > 0 ? k - 1 : null}
          shows="other"
        />
      );
  }
});
