import {
  memo,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  type RunIndex,
  isGeneralRun,
  selectCalls,
  selectChanges,
  selectOtherChanges,
  selectLocals,
  selectClock,
  selectCurrentMember,
  selectPointer,
  selectReply,
} from '../../stepper/index.ts';
import type { Executor, Scenario } from '../../scenario/index.ts';
import { ArgvSlots } from './ArgvSlots.tsx';
import { ClockRead } from './ClockRead.tsx';
import { CallsPanel, ChangesPanel } from './GeneralPanels.tsx';
import {
  LANDING_EVENT,
  holdPanelAt,
  landingWouldWait,
  type LandingDetail,
  type PanelName,
} from './keep-in-view.ts';
import { KEYSPACE_PARTS, KeyspacePanel, type KeyspacePart } from './KeyspacePanel.tsx';
import { LocalsPanel } from './LocalsPanel.tsx';
import { MembersTable } from './MembersTable.tsx';
import { usePanelsOutOfView } from './panels-in-view.ts';
import { ReplyPanel } from './ReplyPanel.tsx';
import s from './stepper.module.css';

/** Every panel under the deck, by the `data-panel` name it carries. */
export type PanelId = PanelName | 'calls' | 'changes' | 'locals';

// what waits on its own while the stepper moves: a panel, or a part of one (the keyspace panel's
// three parts, by the `data-panel-part` name each carries)
type Waiter = PanelId | KeyspacePart;

// the parts of a panel that wait on their own
const partsOf = (p: PanelId): readonly Waiter[] => (p === 'keyspace' ? KEYSPACE_PARTS : []);

export interface RunPanelsProps {
  ix: RunIndex;
  k: number;
  scenario: Scenario;
  executor: Executor;
  /** the panel this step brings into view (panelOf), which always shows step k */
  followed: PanelId | null;
  /** the panels' grid, where the step's following looks for them */
  gridRef: RefObject<HTMLDivElement | null>;
  /** the pinned deck of controls above the panels, which hides the ones scrolled under it */
  deckRef?: RefObject<HTMLDivElement | null>;
  /** the steps are coming faster than a learner reads them (useMoving) */
  moving: boolean;
}

/**
 * The panels of the run at step k, in two stacks (side by side on a wide stepper). A panel in
 * view, or the one the step brings into view, shows step k; while the stepper moves fast, one out
 * of view (off the screen, or wholly under the pinned deck) keeps the step it showed last until
 * it comes into view or the stepper rests (panels-in-view.ts), so such a step lays out and
 * paints only what the learner can see. The keyspace panel does so part by part: its active set
 * and job rows can be under the deck while its failed list shows below it. The
 * panel the step brings into view waits too while its landing waits for the steps to pause
 * (a scrub, a held key), or while none comes (the learner has scrolled away): it is shown at
 * step k just before a landing measures it.
 */
export function RunPanels({
  ix,
  k,
  scenario,
  executor,
  followed,
  gridRef,
  deckRef,
  moving: stepping,
}: RunPanelsProps) {
  const general = isGeneralRun(ix);
  // the member view lists the writes its tables do not show, when the script makes any
  const otherWrites = !general && selectOtherChanges(ix, k, scenario).all.length > 0;
  const locals = executor === 'script';
  const first: PanelId[] = general
    ? ['calls', 'changes', 'keyspace']
    : otherWrites
      ? ['members', 'changes', 'keyspace']
      : ['members', 'keyspace'];
  const second: PanelId[] = general ? ['argv', 'reply'] : ['argv', 'clock', 'reply'];
  // under the panels a step follows, so following them never depends on its height
  if (locals) second.push('locals');
  // every panel in the order they stand (the second stack beside or below the first)
  const all = [...first, ...second];
  const out = usePanelsOutOfView(gridRef, all.join(' '), deckRef);
  // only a panel out of view waits for the stepper to rest
  const moving = stepping && out.size > 0;
  // The step each panel (or part) showed last, noted while rendering (as useWindowKeys notes its
  // window): one out of view keeps it, so one that leaves the view is not taken back to an older
  // step
  const [shown] = useState(() => new Map<Waiter, { ix: RunIndex; k: number }>());
  // A held landing that is due (keep-in-view.ts): the panel forgets the step it kept, and so do
  // its parts and the panels above it (whose heights place it), so the render it asks for shows step k in all
  // of them, and the landing, taken once that render has committed, aims at where the panel
  // stays: the panels that wait below it cannot move it when the stepper rests.
  const due = useRef<(() => void) | null>(null);
  const order = useRef<PanelId[]>([]);
  order.current = all;
  const [landings, landed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const take = (e: Event) => {
      const name = (e.target as HTMLElement).dataset.panel as PanelId | undefined;
      if (!name) return;
      e.preventDefault();
      for (const p of order.current.slice(0, order.current.indexOf(name) + 1))
        for (const w of [p, ...partsOf(p)]) shown.delete(w);
      due.current = (e as CustomEvent<LandingDetail>).detail.land;
      landed();
    };
    grid.addEventListener(LANDING_EVENT, take);
    return () => grid.removeEventListener(LANDING_EVENT, take);
  }, [gridRef, shown]);
  useLayoutEffect(() => {
    const land = due.current;
    due.current = null;
    land?.();
  }, [landings]);
  // the followed panel (or a part of it) out of view shows step k now unless no landing on it
  // is taken at once; asked only of one out of view, as it reads where the panel is
  let followedWaits: boolean | undefined;
  const landingWaits = () =>
    (followedWaits ??= followed !== null && landingWaitsFor(gridRef.current, followed));
  // the step `w` shows, a panel or a part of the panel `owner`
  const stepOf = (w: Waiter, owner: PanelId) => {
    const last = shown.get(w);
    const waits =
      moving && (out.has(w) || out.has(owner)) && (owner !== followed || landingWaits());
    const at = waits && last !== undefined && last.ix === ix ? last.k : k;
    shown.set(w, { ix, k: at });
    return at;
  };
  // A render that is not a step's (the stepper comes to rest, a panel comes into view) shows
  // step k in panels that waited, and one above the followed panel (under the deck, or above the
  // screen) may change its height and move it. The followed panel is held where it was, as the
  // browser's scroll anchoring would hold what is on screen (the stepper turns that off, see
  // stepper.module.css): where it was is read while rendering, before the commit changes it. A
  // step's own render is left to its landing (Stepper.tsx), as is a landing's render here.
  const seen = useRef({ ix, k });
  const anchor = useRef<{ panel: HTMLElement; top: number } | null>(null);
  const stepped = seen.current.ix !== ix || seen.current.k !== k;
  seen.current = { ix, k };
  // only a render in which a panel that waited catches up can move it (reading where it is
  // lays the page out, which a render that changes nothing, such as the stepper starting to
  // move, need not pay for)
  const catchesUp = [...shown.values()].some((was) => was.ix !== ix || was.k !== k);
  const followedEl =
    stepped || due.current !== null || !catchesUp
      ? null
      : shownPartOf(followedIn(gridRef.current), out);
  anchor.current = followedEl && { panel: followedEl, top: followedEl.getBoundingClientRect().top };
  useLayoutEffect(() => {
    const held = anchor.current;
    anchor.current = null;
    if (held) holdPanelAt(held.panel, held.top);
  });
  const panel = (p: PanelId) =>
    p === 'keyspace' ? (
      <PanelSlot key={p} name={p}>
        <KeyspacePanel
          ix={ix}
          scenario={scenario}
          active={stepOf('active', p)}
          rows={stepOf('rows', p)}
          failed={stepOf('failed', p)}
        />
      </PanelSlot>
    ) : (
      <Panel key={p} name={p} ix={ix} k={stepOf(p, p)} scenario={scenario} executor={executor} />
    );
  return (
    <div className={stepping ? `${s.grid} ${s.moving}` : s.grid} ref={gridRef}>
      <div className={s.stack}>{first.map(panel)}</div>
      <div className={s.stack}>{second.map(panel)}</div>
    </div>
  );
}

// the panel named `name` in `grid`, if it is there
const panelIn = (grid: HTMLElement | null, name: string | undefined) =>
  name ? (grid?.querySelector<HTMLElement>(`[data-panel="${name}"]`) ?? null) : null;

// the panel the stepper follows (the last one a step brought into view, said on the grid)
const followedIn = (grid: HTMLElement | null) => panelIn(grid, grid?.dataset.follow);

// The part of `panel` to hold in place: its first part in view (a part above it, under the deck,
// may change its height as it catches up), else the panel itself
function shownPartOf(panel: HTMLElement | null, out: ReadonlySet<string>): HTMLElement | null {
  if (!panel) return null;
  for (const part of panel.querySelectorAll<HTMLElement>('[data-panel-part]'))
    if (!out.has(part.dataset.panelPart ?? '')) return part;
  return panel;
}

// whether no landing on the panel named `name` in `grid` would be taken at once
// (keep-in-view.ts: a burst holds it, or the learner has scrolled away)
function landingWaitsFor(grid: HTMLElement | null, name: PanelId): boolean {
  const panel = panelIn(grid, name);
  return panel ? landingWouldWait(panel) : false;
}

interface PanelProps {
  /** any panel but the keyspace's, which RunPanels shows part by part */
  name: Exclude<PanelId, 'keyspace'>;
  ix: RunIndex;
  /** the step this panel shows */
  k: number;
  scenario: Scenario;
  executor: Executor;
}

/** The box a panel stands in, named for the stepper's following and the observers. */
function PanelSlot({ name, children }: { name: PanelId; children: ReactNode }) {
  return (
    <div className={s.panelSlot} data-panel={name}>
      {children}
    </div>
  );
}

/** One panel at its step: renders again only when its step (or the run) changes. */
const Panel = memo(function Panel({ name, ix, k, scenario, executor }: PanelProps) {
  return <PanelSlot name={name}>{panelAt(name, ix, k, scenario, executor)}</PanelSlot>;
});

function panelAt(
  name: PanelProps['name'],
  ix: RunIndex,
  k: number,
  scenario: Scenario,
  executor: Executor,
) {
  const general = isGeneralRun(ix);
  switch (name) {
    case 'calls':
      return <CallsPanel calls={selectCalls(ix, k)} current={k > 0 ? k - 1 : null} />;
    case 'changes':
      return general ? (
        <ChangesPanel changes={selectChanges(ix, k)} current={k > 0 ? k - 1 : null} />
      ) : (
        <ChangesPanel
          changes={selectOtherChanges(ix, k, scenario)}
          current={k > 0 ? k - 1 : null}
          shows="other"
        />
      );
    case 'members':
      return <MembersTable ix={ix} k={k} current={selectCurrentMember(ix, k)} />;
    case 'argv':
      return (
        <ArgvSlots scenario={scenario} i={general ? null : (selectPointer(ix, k)?.i ?? null)} />
      );
    case 'clock':
      return <ClockRead clock={selectClock(ix, k)} reads={ix.clockReads[k] ?? 0} />;
    case 'reply':
      return (
        <ReplyPanel reply={selectReply(ix, k)} verbAnswer={ix.run.verbAnswer} executor={executor} />
      );
    case 'locals':
      return <LocalsPanel locals={selectLocals(ix, k)} />;
  }
}
