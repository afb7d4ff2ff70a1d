/**
 * Turns the engine's events into the trace the stepper reads. A script with
 * the lesson's shape is told in the lesson's terms (args, clock, loop, pair,
 * row-key, command, check, rescore, collect, advance, reply/error), derived
 * from the loop tests, the `and` chain, the guard clauses and the calls; any
 * other script statement by statement (statement, loop-test, branch, operand,
 * command). Every step carries the keyspace changes since the previous step
 * and the locals that changed.
 */
import {
  LuaTable,
  type Frame,
  type LocalInfo,
  type LuaAst as A,
  type LuaValue,
  type PointKind,
  type StepHook,
} from '../lua/index.ts';
import type { Keyspace } from '../keyspace.ts';
import { luaToNumber } from '../numbers.ts';
import type {
  Change,
  Check,
  Reply,
  StepEvent,
  StepListing,
  TraceSink,
  TraceStep,
} from '../trace-types.ts';
import { CHECK_ORDER, type ScriptShape, type Role } from './script-shape.ts';
import { LocalsTracker, shown } from './shown-values.ts';
import { PackedTrace } from '../trace-store.ts';
import { returnedText } from './return-text.ts';

const truthy = (v: LuaValue) => v !== undefined && v !== false;

/** What the recorder needs to know about the run. */
export interface TraceContext {
  listing: StepListing;
  shape: ScriptShape | null;
  argv: readonly string[];
  sink: TraceSink;
  ks: Keyspace;
  /** the text the engine compiled, from which a reply step quotes what `return` gave */
  source?: string;
}

/**
 * The Lua engine's step hook for one traced run: turns its events into {@link TraceStep}s on
 * the context's sink, told in the run's {@link ScriptShape} when it has one.
 */
export class TraceRecorder implements StepHook {
  private readonly journal: Change[] = [];
  private readonly tracker = new LocalsTracker();
  private depthNow = 0;
  /** A statement whose role is told once it has run (at the next event). */
  private pending: { role: Role; line: number } | null = null;
  private argsTold = false;
  private leaseLine = 0;
  private pairLine = 0;
  private entries = 0;
  private inLoop = false;
  private lastReturnLine = 0;
  private lastReturn: A.ReturnStatement | null = null;
  private refused: Check | null = null;
  private clockReply: Reply | null = null;
  private guardIndex = 0;
  private readonly chains = new Map<A.LogicalExpression, number>();
  private previousJournal: Change[] | null = null;

  constructor(private readonly ctx: TraceContext) {}

  /** Starts journalling the keyspace. */
  begin(): void {
    this.previousJournal = this.ctx.ks.journal;
    this.ctx.ks.journal = this.journal;
  }

  /** Ends the run: the final reply or error step, and the journal handed back. */
  finish(reply: Reply, errorLine: number | null): void {
    this.flush();
    if (!this.argsTold && this.ctx.shape) this.tellArgs();
    const isErr =
      typeof reply === 'object' && reply !== null && 'error' in reply && errorLine !== null;
    if (isErr)
      this.emit(errorLine > 0 ? errorLine : this.lastReturnLine, this.member(), {
        kind: 'error',
        error: reply.error,
      });
    else this.emit(this.lastReturnLine, null, this.replyEvent(reply));
    this.ctx.ks.journal = this.previousJournal;
    this.tracker.release();
  }

  /** The reply step: the reply, and what the script's `return` wrote when it ran one. */
  private replyEvent(reply: Reply): StepEvent {
    const { source } = this.ctx;
    if (!this.lastReturn || source === undefined) return { kind: 'reply', reply };
    return { kind: 'reply', reply, expr: returnedText(source, this.lastReturn) };
  }

  private get lesson(): ScriptShape | null {
    return this.ctx.shape;
  }

  private member(): number | null {
    const shape = this.lesson;
    if (!shape) return null;
    if (shape.kind === 'single') return 0;
    return this.inLoop ? this.entries - 1 : null;
  }

  private emit(line: number, member: number | null, event: StepEvent): void {
    const locals = this.tracker.delta();
    const sink = this.ctx.sink;
    // a packed trace copies the journal's changes out: no step object, no array per step
    if (sink instanceof PackedTrace) {
      // the recorder's event literals list their fields in the trace's order
      sink.record(this.ctx.listing, line, member, event, this.journal, locals, true);
      this.journal.length = 0;
      return;
    }
    const step: TraceStep = {
      listing: this.ctx.listing,
      line,
      member,
      event,
      changes: this.journal.splice(0),
    };
    if (locals) step.locals = locals;
    sink.push(step);
  }

  private local(name: string): LuaValue {
    return this.tracker.read(name)?.value;
  }

  private text(name: string): string | null {
    const v = this.local(name);
    return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
  }

  private num(name: string): number | null {
    const v = this.local(name);
    return typeof v === 'number' ? v : null;
  }

  private tellArgs(): void {
    this.argsTold = true;
    const shape = this.lesson!;
    const leaseArg = this.ctx.argv[0] ?? null;
    const event: StepEvent =
      shape.kind === 'single'
        ? {
            kind: 'args',
            base: null,
            lease: this.num('lease'),
            leaseArg,
            id: this.text('id'),
            token: this.text('token'),
          }
        : { kind: 'args', base: this.text('base'), lease: this.num('lease'), leaseArg };
    this.emit(this.leaseLine, shape.kind === 'single' ? 0 : null, event);
  }

  /** Tells the statement that just ran, if its role is told after it. */
  private flush(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    const m = this.member();
    switch (p.role) {
      case 'lease':
        return;
      case 'clock': {
        const t = this.clockReply;
        const [seconds, micros] = Array.isArray(t) ? t : [];
        this.emit(p.line, m, {
          kind: 'clock',
          seconds: typeof seconds === 'string' ? seconds : '',
          micros: typeof micros === 'string' ? micros : '',
          now: this.num('now') ?? NaN,
        });
        return;
      }
      case 'pair-id':
        return;
      case 'pair-token':
        this.emit(this.pairLine, m, {
          kind: 'pair',
          i: this.num('i') ?? 0,
          id: this.text('id') ?? '',
          token: this.text('token'),
        });
        return;
      case 'row-key':
        this.emit(p.line, m, { kind: 'row-key', key: this.text('jk') ?? '' });
        return;
      case 'collect': {
        const failed = this.local('failed');
        this.emit(p.line, m, {
          kind: 'collect',
          id: this.text('id') ?? '',
          check: this.refused ?? 'row',
          failedCount: failed instanceof LuaTable ? failed.length() : 0,
        });
        return;
      }
      case 'advance':
        this.emit(p.line, m, { kind: 'advance', i: this.num('i') ?? 0 });
        return;
    }
  }

  statement(
    kind: PointKind,
    line: number,
    locals: readonly LocalInfo[],
    frame: Frame,
    node: A.Statement,
  ): void {
    const shape = this.lesson;
    if (shape && this.depthNow > 1) {
      this.tracker.ranElsewhere();
      return;
    }
    this.tracker.see(locals, frame);
    this.flush();
    if (node.type === 'ReturnStatement' && this.depthNow === 1) {
      this.lastReturnLine = line;
      this.lastReturn = node;
    }
    if (!shape) {
      if (kind === 'statement') this.emit(line, null, { kind: 'statement', depth: this.depthNow });
      return;
    }
    if (kind !== 'statement') return;
    const role = shape.roles.get(node);
    if (!role) return;
    if (role === 'lease') this.leaseLine = line;
    if (role === 'pair-id') this.pairLine = line;
    this.pending = { role, line };
  }

  loopTest(line: number, enters: boolean): void {
    const shape = this.lesson;
    if (!shape) {
      this.emit(line, null, { kind: 'loop-test', enters });
      return;
    }
    if (this.depthNow > 1) return;
    if (!this.argsTold) this.tellArgs();
    if (enters) {
      this.entries++;
      this.inLoop = true;
    } else this.inLoop = false;
    this.emit(line, this.member(), {
      kind: 'loop',
      i: this.num('i') ?? 0,
      argc: this.ctx.argv.length,
      enters,
    });
  }

  branch(line: number, node: A.IfStatement, clause: number, taken: boolean): void {
    const shape = this.lesson;
    if (!shape) {
      this.emit(line, null, { kind: 'branch', taken });
      return;
    }
    if (shape.kind !== 'single' || this.depthNow > 1 || clause !== 0) return;
    const at = shape.guards.indexOf(node);
    if (at < 0) return;
    const check = CHECK_ORDER[Math.min(this.guardIndex++, CHECK_ORDER.length - 1)]!;
    this.tellCheck(line, check, !taken);
  }

  private tellCheck(line: number, check: Check, passed: boolean): void {
    if (!passed && this.refused === null) this.refused = check;
    const att = this.local('att');
    this.emit(line, this.member(), {
      kind: 'check',
      check,
      passed,
      att: typeof att === 'string' ? att : null,
      token: this.text('token'),
    });
  }

  operand(line: number, node: A.LogicalExpression, index: number, value: LuaValue): void {
    const shape = this.lesson;
    if (!shape) {
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
      return;
    }
    const clause = shape.checksIf?.clauses[0];
    if (!clause || clause.type !== 'IfClause' || clause.condition !== node) return;
    if (index === 0) this.refused = null;
    const check = CHECK_ORDER[Math.min(index, CHECK_ORDER.length - 1)]!;
    this.tellCheck(line, check, truthy(value));
  }

  command(line: number, args: readonly string[], reply: Reply, raises: boolean): void {
    const shape = this.lesson;
    if (!shape) {
      this.emit(line, null, { kind: 'command', args: [...args], reply });
      return;
    }
    this.flush();
    if (!this.argsTold) this.tellArgs();
    // a command whose error ends the run is told by the error step alone
    if (raises) return;
    const verb = args[0]?.toUpperCase();
    if (verb === 'TIME') this.clockReply = reply;
    if (verb === 'ZADD' && args.length === 4 && typeof reply === 'number') {
      const score = luaToNumber(args[2]!) ?? NaN;
      this.emit(line, this.member(), { kind: 'rescore', id: args[3]!, score });
      return;
    }
    this.emit(line, this.member(), { kind: 'command', args: [...args], reply });
  }

  depth(delta: 1 | -1): void {
    this.depthNow += delta;
  }
}
