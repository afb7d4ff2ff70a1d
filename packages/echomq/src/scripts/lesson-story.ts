/**
 * How a traced run of a script with the lesson's shape is told: in the lesson's terms (args,
 * clock, the loop over the pairs, the three checks, re-score or collect, advance), derived from
 * the loop tests, the `and` chain, the guard clauses and the calls the simulator's recorder
 * hands over. This is EchoMQ's interpretation of a general trace; the simulator only offers the
 * pen (`StoryPen`) and tells any script without a story statement by statement.
 */
import {
  LuaTable,
  luaToNumber,
  type LuaAst as A,
  type LuaValue,
  type Reply,
  type ScriptStory,
  type StoryPen,
  type StoryRun,
} from '@batch-lease/redis-sim';
import type { Role, ScriptShape } from './lesson-shape.ts';
import { CHECK_ORDER, type Check, type LessonEvent } from './lesson-trace.ts';

const truthy = (v: LuaValue) => v !== undefined && v !== false;

/** The story a script with the lesson's shape is told in: one {@link LessonRun} per traced run. */
export function lessonStory(shape: ScriptShape): ScriptStory {
  return (pen) => new LessonRun(shape, pen);
}

/** One traced run told member by member. */
class LessonRun implements StoryRun {
  /** A statement whose role is told once it has run (at the next event). */
  private pending: { role: Role; line: number } | null = null;
  private argsTold = false;
  private leaseLine = 0;
  private pairLine = 0;
  private entries = 0;
  private inLoop = false;
  private refused: Check | null = null;
  private clockReply: Reply | null = null;
  private guardIndex = 0;

  constructor(
    private readonly shape: ScriptShape,
    private readonly pen: StoryPen,
  ) {}

  /** The member the run stands on: always 0 for the single verb, the loop's entry for a batch. */
  group(): number | null {
    if (this.shape.kind === 'single') return 0;
    return this.inLoop ? this.entries - 1 : null;
  }

  private emit(line: number, member: number | null, event: LessonEvent): void {
    this.pen.emit(line, member, event);
  }

  private text(name: string): string | null {
    const v = this.pen.local(name);
    return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
  }

  private num(name: string): number | null {
    const v = this.pen.local(name);
    return typeof v === 'number' ? v : null;
  }

  private tellArgs(): void {
    this.argsTold = true;
    const leaseArg = this.pen.argv[0] ?? null;
    const event: LessonEvent =
      this.shape.kind === 'single'
        ? {
            kind: 'args',
            base: null,
            lease: this.num('lease'),
            leaseArg,
            id: this.text('id'),
            token: this.text('token'),
          }
        : { kind: 'args', base: this.text('base'), lease: this.num('lease'), leaseArg };
    this.emit(this.leaseLine, this.shape.kind === 'single' ? 0 : null, event);
  }

  /** Tells the statement that just ran, if its role is told after it. */
  private flush(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    const m = this.group();
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
        const failed = this.pen.local('failed');
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

  statement(kind: 'statement' | 'loop-test', line: number, node: A.Statement): void {
    this.flush();
    if (kind !== 'statement') return;
    const role = this.shape.roles.get(node);
    if (!role) return;
    if (role === 'lease') this.leaseLine = line;
    if (role === 'pair-id') this.pairLine = line;
    this.pending = { role, line };
  }

  loopTest(line: number, enters: boolean): void {
    if (!this.argsTold) this.tellArgs();
    if (enters) {
      this.entries++;
      this.inLoop = true;
    } else this.inLoop = false;
    this.emit(line, this.group(), {
      kind: 'loop',
      i: this.num('i') ?? 0,
      argc: this.pen.argv.length,
      enters,
    });
  }

  branch(line: number, node: A.IfStatement, clause: number, taken: boolean): void {
    if (this.shape.kind !== 'single' || clause !== 0) return;
    if (!this.shape.guards.includes(node)) return;
    const check = CHECK_ORDER[Math.min(this.guardIndex++, CHECK_ORDER.length - 1)]!;
    this.tellCheck(line, check, !taken);
  }

  private tellCheck(line: number, check: Check, passed: boolean): void {
    if (!passed && this.refused === null) this.refused = check;
    const att = this.pen.local('att');
    this.emit(line, this.group(), {
      kind: 'check',
      check,
      passed,
      att: typeof att === 'string' ? att : null,
      token: this.text('token'),
    });
  }

  operand(line: number, node: A.LogicalExpression, index: number, value: LuaValue): void {
    const clause = this.shape.checksIf?.clauses[0];
    if (!clause || clause.type !== 'IfClause' || clause.condition !== node) return;
    if (index === 0) this.refused = null;
    const check = CHECK_ORDER[Math.min(index, CHECK_ORDER.length - 1)]!;
    this.tellCheck(line, check, truthy(value));
  }

  command(line: number, args: readonly string[], reply: Reply, raises: boolean): void {
    this.flush();
    if (!this.argsTold) this.tellArgs();
    // a command whose error ends the run is told by the error step alone
    if (raises) return;
    const verb = args[0]?.toUpperCase();
    if (verb === 'TIME') this.clockReply = reply;
    if (verb === 'ZADD' && args.length === 4 && typeof reply === 'number') {
      const score = luaToNumber(args[2]!) ?? NaN;
      this.emit(line, this.group(), { kind: 'rescore', id: args[3]!, score });
      return;
    }
    this.pen.emit(line, this.group(), { kind: 'command', args: [...args], reply });
  }

  end(): void {
    this.flush();
    if (!this.argsTold) this.tellArgs();
  }
}
