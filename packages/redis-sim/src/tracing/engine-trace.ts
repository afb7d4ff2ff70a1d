/**
 * Turns the engine's events into the trace a stepper reads. A script a module gives a story
 * (see `module.ts`) is told by that story, through a pen this recorder holds; any other script
 * statement by statement (statement, loop-test, branch, operand, command). Every step carries
 * the keyspace changes since the previous step and the locals that changed, and the run ends
 * with its reply or its error.
 */
import { fromLuaString } from '../lua/index.ts';
import type { Frame, LocalInfo, LuaAst as A, LuaValue, PointKind, StepHook } from '../lua/index.ts';
import type { Keyspace } from '../keyspace.ts';
import type { ScriptStory, StoryPen, StoryRun } from '../module.ts';
import type {
  AnyEvent,
  Change,
  GeneralEvent,
  Reply,
  StepListing,
  TraceSink,
  TraceStep,
} from '../trace-types.ts';
import { LocalsTracker, shown } from './shown-values.ts';
import { PackedTrace } from '../trace-store.ts';
import { returnedText } from './return-text.ts';

/** What the recorder needs to know about the run. */
export interface TraceContext {
  listing: StepListing;
  /** the story a module tells the script in, or null: statement by statement */
  story: ScriptStory | null;
  argv: readonly string[];
  sink: TraceSink;
  ks: Keyspace;
  /** the text the engine compiled, from which a reply step quotes what `return` gave */
  source?: string;
}

/**
 * The Lua engine's step hook for one traced run: turns its events into {@link TraceStep}s on
 * the context's sink, told by the run's story when a module gave it one.
 */
export class TraceRecorder implements StepHook, StoryPen {
  private readonly journal: Change[] = [];
  private readonly tracker = new LocalsTracker();
  private depthNow = 0;
  private lastReturnLine = 0;
  private lastReturn: A.ReturnStatement | null = null;
  private readonly chains = new Map<A.LogicalExpression, number>();
  private previousJournal: Change[] | null = null;
  private readonly story: StoryRun | null;
  readonly argv: readonly string[];

  constructor(private readonly ctx: TraceContext) {
    this.argv = ctx.argv;
    this.story = ctx.story ? ctx.story(this) : null;
  }

  /** Starts journalling the keyspace. */
  begin(): void {
    this.previousJournal = this.ctx.ks.journal;
    this.ctx.ks.journal = this.journal;
  }

  /** Ends the run: the final reply or error step, and the journal handed back. */
  finish(reply: Reply, errorLine: number | null): void {
    this.story?.end();
    const isErr =
      typeof reply === 'object' && reply !== null && 'error' in reply && errorLine !== null;
    if (isErr)
      this.emit(errorLine > 0 ? errorLine : this.lastReturnLine, this.story?.group() ?? null, {
        kind: 'error',
        error: reply.error,
      });
    else this.emit(this.lastReturnLine, null, this.replyEvent(reply));
    this.ctx.ks.journal = this.previousJournal;
    this.tracker.release();
  }

  /** The reply step: the reply, and what the script's `return` wrote when it ran one. */
  private replyEvent(reply: Reply): GeneralEvent {
    const { source } = this.ctx;
    if (!this.lastReturn || source === undefined) return { kind: 'reply', reply };
    return { kind: 'reply', reply, expr: returnedText(source, this.lastReturn) };
  }

  /** Writes a step with the changes and locals since the previous one (the story's pen). */
  emit<E extends AnyEvent>(line: number, group: number | null, event: E): void {
    const locals = this.tracker.delta();
    const sink = this.ctx.sink;
    // a packed trace copies the journal's changes out: no step object, no array per step
    if (sink instanceof PackedTrace) {
      // the recorder's and the stories' event literals list their fields in the trace's order
      sink.record(this.ctx.listing, line, group, event, this.journal, locals, true);
      this.journal.length = 0;
      return;
    }
    const step: TraceStep<AnyEvent> = {
      listing: this.ctx.listing,
      line,
      group,
      event,
      changes: this.journal.splice(0),
    };
    if (locals) step.locals = locals;
    sink.push(step);
  }

  /**
   * The value of a local in scope in the script's body now (the story's pen): a string as the
   * simulator's text, as `argv` and a command's args are, never the engine's bytes: an id with
   * any character past ASCII (an accent, an RLO) would reach the story, and the narration it
   * writes, as one character per byte ("cafÃ©").
   */
  local(name: string): LuaValue {
    const v = this.tracker.read(name)?.value;
    return typeof v === 'string' ? fromLuaString(v) : v;
  }

  statement(
    kind: PointKind,
    line: number,
    locals: readonly LocalInfo[],
    frame: Frame,
    node: A.Statement,
  ): void {
    const story = this.story;
    if (story && this.depthNow > 1) {
      this.tracker.ranElsewhere();
      return;
    }
    this.tracker.see(locals, frame);
    if (node.type === 'ReturnStatement' && this.depthNow === 1) {
      this.lastReturnLine = line;
      this.lastReturn = node;
    }
    if (story) story.statement(kind, line, node);
    else if (kind === 'statement')
      this.emit(line, null, { kind: 'statement', depth: this.depthNow });
  }

  loopTest(line: number, enters: boolean): void {
    const story = this.story;
    if (!story) this.emit(line, null, { kind: 'loop-test', enters });
    else if (this.depthNow <= 1) story.loopTest(line, enters);
  }

  branch(line: number, node: A.IfStatement, clause: number, taken: boolean): void {
    const story = this.story;
    if (!story) this.emit(line, null, { kind: 'branch', taken });
    else if (this.depthNow <= 1) story.branch(line, node, clause, taken);
  }

  operand(line: number, node: A.LogicalExpression, index: number, value: LuaValue): void {
    if (this.story) {
      this.story.operand(line, node, index, value);
      return;
    }
    let chain = this.chains.get(node);
    if (chain === undefined) {
      chain = this.chains.size;
      this.chains.set(node, chain);
    }
    this.emit(line, null, {
      kind: 'operand',
      chain,
      index,
      value: shown(value, this.tracker.addresses),
    });
  }

  command(line: number, args: readonly string[], reply: Reply, raises: boolean): void {
    if (this.story) this.story.command(line, args, reply, raises);
    else this.emit(line, null, { kind: 'command', args: [...args], reply });
  }

  depth(delta: 1 | -1): void {
    this.depthNow += delta;
  }
}
