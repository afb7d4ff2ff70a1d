/**
 * Which panel a step changes: lesson logic (what a check, a write or the reply touches), kept
 * apart from how the stage marks it.
 */
import type { Scenario } from '../../scenario/index.ts';
import type { RunIndex } from '../runs/run-index.ts';
import type { StepEvent } from '../runs/trace-source.ts';
import { stepWroteOnlyElsewhere } from './general-view.ts';
import { selectStep } from './selectors.ts';

/** The panels a step can change. `changes` lists the writes the member view's tables do not show. */
export const STEP_PANELS = ['argv', 'clock', 'members', 'keyspace', 'reply', 'changes'] as const;
export type StepPanel = (typeof STEP_PANELS)[number];

/** The panel a step of kind `event` changed, knowing whether it wrote to the keyspace. */
export function panelOf(
  event: StepEvent,
  changedKeyspace: boolean,
  ended: boolean,
): Exclude<StepPanel, 'changes'> | null {
  if (ended || event.kind === 'reply') return 'reply';
  switch (event.kind) {
    case 'check':
    case 'verdict':
    case 'collect':
    case 'rescore':
    case 'stamp':
      return changedKeyspace ? 'keyspace' : 'members';
    case 'clock':
      return 'clock';
    case 'args':
    case 'loop':
    case 'pair':
    case 'advance':
      return 'argv';
    default:
      return changedKeyspace ? 'keyspace' : null;
  }
}

/**
 * The panel the step that led to step k changed (none at step 0): a write the tables do not
 * show is in the changes list.
 */
export function panelOfStep(ix: RunIndex, k: number, scenario: Scenario): StepPanel | null {
  const step = selectStep(ix, k);
  if (!step) return null;
  const panel = panelOf(step.event, step.changes.length > 0, k >= ix.n);
  return panel === 'keyspace' && stepWroteOnlyElsewhere(ix, k, scenario) ? 'changes' : panel;
}
