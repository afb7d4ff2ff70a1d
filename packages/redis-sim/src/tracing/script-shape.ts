/**
 * The story a traced script can be told in: a lease read from ARGV, a clock, a loop over
 * (id, token) pairs or one pair behind guard clauses, three checks, then a re-score or a
 * collect. The trace recorder (engine-trace.ts) tells a script with a shape in these terms and
 * any other script statement by statement. Which scripts have a shape is not the simulator's
 * business: a {@link ServerModule}'s `scripts` recogniser says so (see `module.ts`).
 */
import type { LuaAst as A } from '../lua/index.ts';
import type { Check } from '../trace-types.ts';

/** What a statement means in the story. */
export type Role = 'lease' | 'clock' | 'pair-id' | 'pair-token' | 'row-key' | 'collect' | 'advance';

/** A script's statements mapped to their roles in the story, found on its tree. */
export interface ScriptShape {
  /** The batch (a loop over the pairs) or the single verb (one pair, guard clauses). */
  kind: 'batch' | 'single';
  roles: Map<A.Statement, Role>;
  /** The loop over the pairs (batch). */
  loop: A.WhileStatement | null;
  /** The `and` chain whose operands are the checks (batch), by chain position. */
  checksIf: A.IfStatement | null;
  /** Guard clauses in order, each one check (single). */
  guards: A.IfStatement[];
}

/** The order the checks come in, in both scripts. */
export const CHECK_ORDER: readonly Check[] = ['row', 'token', 'membership'];
