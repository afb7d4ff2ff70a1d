/**
 * What the stage shows besides the run: which of its tabs is open and which drawer. They are
 * the machine's state (not a component's), so a link, an embed's host and a test read and set
 * them as they do the step.
 */

/**
 * The stage's tabs. On a wide stage the script and the state (members, active set, pending)
 * are always shown and the other tabs share one region; on a phone every tab takes the stage
 * in turn.
 */
export const STAGE_TABS = ['script', 'state', 'locals', 'keyspace', 'call', 'changes'] as const;
export type StageTab = (typeof STAGE_TABS)[number];

/** The tabs a wide stage always shows side by side. */
export const ALWAYS_SHOWN = ['script', 'state'] as const satisfies readonly StageTab[];

/** The tabs that share the wide stage's third region. */
export type MoreTab = Exclude<StageTab, (typeof ALWAYS_SHOWN)[number]>;

/** Whether `tab` is one of those that share the wide stage's third region. */
export const isMoreTab = (tab: StageTab): tab is MoreTab =>
  !(ALWAYS_SHOWN as readonly StageTab[]).includes(tab);

/** The stage's drawers: one at a time opens over its regions. */
export const STAGE_DRAWERS = ['compare', 'script', 'scenario', 'console'] as const;
export type StageDrawer = (typeof STAGE_DRAWERS)[number];

/** A tab that is not one of the stage's is the script's (a link or host can send anything). */
export const stageTabOf = (tab: unknown): StageTab =>
  (STAGE_TABS as readonly unknown[]).includes(tab) ? (tab as StageTab) : 'script';

/** A drawer that is not one of the stage's closes the open one. */
export const stageDrawerOf = (drawer: unknown): StageDrawer | null =>
  (STAGE_DRAWERS as readonly unknown[]).includes(drawer) ? (drawer as StageDrawer) : null;

/** What a link (or a platform restoring the learner's place) says about the drawers. */
export interface LinkDrawers {
  /** its `compare` flag; undefined when it says nothing of compare */
  compare?: boolean;
  /** it carries the console's typed lines, which replay in the console */
  console?: boolean;
}

/**
 * The drawer a link leaves open, decided here alone (the machine's restore): the console when
 * the link carries typed lines, since they replay there; else compare when it asks for it;
 * else the one open, unless that is compare and the link says it is closed.
 */
export const drawerAfterLink = (
  open: StageDrawer | null,
  link: LinkDrawers,
): StageDrawer | null => {
  if (link.console) return 'console';
  if (link.compare === undefined) return open;
  return link.compare ? 'compare' : open === 'compare' ? null : open;
};
