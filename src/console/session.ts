/**
 * One console connection to a simulated server, with redis-cli's manners: a typed line is
 * split as redis-cli splits it, run (repeat counts, HELP, CLEAR and its other local words
 * included) and answered with exactly the text redis-cli prints, plus the console's own
 * notes (what changed in the keyspace, what is not simulated, what was refused and why).
 * Pure TypeScript: the component only renders what this returns.
 */
import { grouped } from '../content/template.ts';
import { MAX_SHOWN_LINE_CHARS, cutLine, cutNote } from '../content/shown-cut.ts';
import {
  REDIS_COMMAND_NAMES,
  splitArgs,
  type Connection,
  type SimServer,
} from '@batch-lease/redis-sim';
import {
  cliLineCount,
  eachCliLine,
  formatCliOutput,
  formatCliReply,
  isError,
  LongBulkLines,
  printsRaw,
  secondsText,
  simulatorStopOf,
  type Reply,
} from '@batch-lease/redis-sim/client';
import { helpLines } from './help.ts';
import { outOfScopeGroup, outOfScopeNote } from './out-of-scope.ts';
import { describeChanges, markKeyspace, type KeyspaceMark } from './keyspace-diff.ts';
import { CopyStore, type CopyRef } from './copy-store.ts';
import { cliTextLength, type CopyPiece } from './copy-text.ts';
import { LINE_STEP_BUDGET, LINE_TIME_LIMIT_MS } from './line-limits.ts';
import docs from '@batch-lease/redis-sim/fixtures/command-help.json' with { type: 'json' };

/** How a line of the log is shown: the echoed prompt and input, redis-cli's output, or a console note. */
export const LINE_KINDS = ['input', 'output', 'change', 'note', 'refused'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** One line of the console's log. */
export interface LogLine {
  kind: LineKind;
  text: string;
  /**
   * where the whole output a cut note stands for is kept to copy, by the side that holds the
   * server (the note says how much was shown): asked for only when the learner copies it
   */
  copy?: CopyRef;
}

/** What running one line did. */
export interface RunResult {
  lines: LogLine[];
  /** the log should be emptied first (CLEAR) */
  clear: boolean;
  /** the line was refused before it was parsed: the input should keep it for editing */
  refused: boolean;
  /**
   * the command word the line ran, upper-cased (`GET`; a local word such as `HELP` too), or
   * null when it ran none: what a host may be told, since the arguments are the learner's own
   */
  command: string | null;
  /** the server answered an error (the last reply, for a repeated command) */
  error: boolean;
  /**
   * the work a replay of the line may do to do exactly what it did, in script steps (a line
   * the time limit stopped stops at the same step), when it sent a command: see {@link ConsoleSession.run}
   */
  steps?: number;
  /**
   * set when the line left its client waiting (BLPOP and its kin found nothing to take): the
   * command, and the server clock (ms) its timeout must pass before redis-cli would print the
   * lines, or null when it waits for ever (a timeout of 0), whose reply is never printed
   */
  wait?: BlockedLine;
  /**
   * the line stopped at one of the simulator's own limits (a script it stopped, a script's reply
   * it stopped reading back, or repeats it cut short), where a real server would still be at work
   */
  limited?: boolean;
  /**
   * the learner ended the line before it ended itself: Stop, or a kill or SHUTDOWN NOSAVE typed
   * meanwhile (set by the page's side of the console, which ends the line)
   */
  stopped?: boolean;
}

/** A line left waiting by a blocking command: see {@link RunResult.wait}. */
export interface BlockedLine {
  /** the command, upper-cased (`BLPOP`) */
  command: string;
  /** the timeout in ms (of one run of the command, for a repeated line) */
  timeoutMs: number;
  /** the server clock (ms) the wait ends after; null: for ever */
  until: number | null;
}

/** The longest line the console takes, in UTF-8 bytes (a real redis-cli takes more). */
export const MAX_LINE_BYTES = 64 * 1024;
/** The most times a repeat count (`5 INCR n`) runs a command here. */
export const MAX_REPEAT = 10_000;

const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);

/** The most output lines one typed line prints; the rest is counted, and can be copied. */
export const MAX_SHOWN_LINES = 10_000;
/**
 * The most characters of output one typed line prints, its lines as shown (cut) together: the
 * lines travel from the worker to the page in one message, and 10,000 lines cut at 10,000
 * characters each (100 MB) took the page's thread 280 ms of CPU to receive.
 */
export const MAX_SHOWN_CHARS = 1_000_000;
/**
 * The most output one typed line keeps to copy, in characters of its text: past it only the
 * count stays. The replies are kept, not their text, which is made only when copied.
 */
export const MAX_COPY_CHARS = 16 * 1024 * 1024;
/** How the simulator's own stops of a script begin (the step budget, the time limit). */
const SIMULATOR_STOP = 'ERR the simulator stopped script ';

/** redis-cli's prompt, with (TX) while a transaction is open. */
export const PROMPT = '127.0.0.1:6379';

/** The words the console answers itself (redis-cli's own), by the name a host is told. */
const LOCAL_WORDS: ReadonlyMap<string, string> = new Map([
  ['help', 'HELP'],
  ['?', 'HELP'],
  ['clear', 'CLEAR'],
  ['quit', 'QUIT'],
  ['exit', 'EXIT'],
  ['restart', 'RESTART'],
  ['connect', 'CONNECT'],
  [':', ':SET'],
]);

const note = (text: string): LogLine => ({ kind: 'note', text });
const refusedLine = (text: string): LogLine => ({ kind: 'refused', text });

/**
 * What one typed line printed: its first {@link MAX_SHOWN_LINES} output lines, each cut at
 * {@link MAX_SHOWN_LINE_CHARS}, while they hold under {@link MAX_SHOWN_CHARS}; the number of the
 * rest; and, while its whole text stays under {@link MAX_COPY_CHARS}, its replies kept in
 * `copies` to copy, formatted only if the learner copies them (`copy-text.ts`).
 */
class OutputWindow {
  shown = 0;
  total = 0;
  /** the characters of the lines shown */
  private shownChars = 0;
  /** the longest output line, in characters, when one was cut to show */
  private longest = 0;
  /** the replies to copy, while their text stays under MAX_COPY_CHARS */
  private copy: CopyPiece[] | null = [];
  /** the characters of the whole text, counted, not made */
  private chars = 0;
  /** the lines of long bulk strings, shown cut (see addLongBulk) */
  private readonly longBulks = new LongBulkLines(MAX_SHOWN_LINE_CHARS);

  constructor(
    private readonly into: LogLine[],
    private readonly copies: CopyStore,
  ) {}

  /**
   * Adds one reply to `args` as redis-cli prints it, formatting only the lines shown: once they
   * are full, the rest of a reply is counted ({@link cliLineCount}) and measured
   * ({@link cliTextLength}), never formatted, so a reply of millions of lines costs the worker
   * what it shows.
   */
  addReply(args: readonly string[], reply: Reply): void {
    // INFO and the other raw replies are a server's text, printed as it is
    if (printsRaw(args)) {
      const text = formatCliOutput(args, reply);
      // a trailing newline ends the text's last line
      if (text === '') return;
      const body = text.endsWith('\n') ? text.slice(0, -1) : text;
      this.addBody(body);
      this.keep({ text: body }, body.length + 1);
      return;
    }
    let counted = 0;
    let whole = true;
    eachCliLine(reply, (head, leaf) => {
      counted +=
        typeof leaf === 'string' && leaf.length > MAX_SHOWN_LINE_CHARS
          ? this.addLongBulk(head, leaf)
          : this.addBody(head + formatCliReply(leaf));
      whole = this.room();
      return whole;
    });
    if (!whole) this.total += cliLineCount(reply) - counted;
    if (this.copy) this.keep({ reply }, cliTextLength(reply, MAX_COPY_CHARS - this.chars));
  }

  /** Keeps a reply to copy, `chars` long, unless the copy is then too long to keep. */
  private keep(piece: CopyPiece, chars: number): void {
    if (!this.copy) return;
    this.chars += chars;
    if (this.chars > MAX_COPY_CHARS) this.copy = null;
    else this.copy.push(piece);
  }

  /**
   * Adds a line that shows a long bulk string: only its shown start is quoted, and its length
   * counted. A script may reply one string of ten megabytes a thousand times over (a table of
   * one string's references): quoted whole each time, the shown lines alone were gigabytes to make.
   */
  private addLongBulk(head: string, bulk: string): number {
    this.total++;
    if (!this.room()) return 1;
    const { start, length } = this.longBulks.line(head, bulk);
    this.longest = Math.max(this.longest, length);
    // longer than a shown line (a bulk string quotes to a character or more each): cut
    this.show(cutLine(start));
    return 1;
  }

  /** Whether another line may be shown. */
  private room(): boolean {
    return this.shown < MAX_SHOWN_LINES && this.shownChars < MAX_SHOWN_CHARS;
  }

  /** Shows a line, cut. */
  private show(text: string): void {
    this.into.push({ kind: 'output', text });
    this.shown++;
    this.shownChars += text.length;
  }

  /** Adds output text that ends its last line; answers its lines. */
  private addBody(body: string): number {
    const lines = body.split(/\r?\n/);
    this.total += lines.length;
    // a loop, not push(...lines): a reply of 200,000 lines would overflow the call stack
    for (let i = 0; i < lines.length && this.room(); i++) {
      const line = lines[i]!;
      if (line.length > MAX_SHOWN_LINE_CHARS) this.longest = Math.max(this.longest, line.length);
      this.show(cutLine(line));
    }
    return lines.length;
  }

  /** The note for what was not shown, if anything was cut, with where its copy is kept. */
  finish(): void {
    const cut = cutNote({ total: this.total, shown: this.shown, longest: this.longest });
    if (cut === null) return;
    const text = `${cut}${this.copy ? '' : ' (too long to keep a copy of)'}`;
    const line: LogLine = { kind: 'note', text };
    if (this.copy) line.copy = this.copies.keep(this.copy);
    this.into.push(line);
  }
}

/** A control character the learner cannot have meant to send raw, with its U+ name. */
function controlCharacter(line: string): string | null {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    // a tab is a blank to redis-cli's parser; every other C0 control and DEL is refused
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) {
      return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
    }
  }
  return null;
}

/**
 * redis-cli's repeat count: the first word read by strtol to its end (so `"" PING` reads 0),
 * with more words after it. Null when the first word is not one; a string when it is refused.
 */
function repeatCount(args: readonly string[]): number | null | 'invalid' {
  const first = args[0] ?? '';
  if (args.length < 2) return null;
  if (first !== '' && !/^[\t\n\v\f\r ]*[+-]?\d+$/.test(first)) return null;
  const n = first.trim() === '' ? 0n : BigInt(first.trim());
  if (n > LONG_MAX || n < LONG_MIN || n <= 0n) return 'invalid';
  return Number(n);
}

const HELP_NAMES = new Set(Object.keys(docs.help));
const REAL_NAMES = new Set(REDIS_COMMAND_NAMES);

/**
 * Why the simulator cannot answer `args` though a real server would, or null when it can (or
 * the command does not exist at all, which the server itself then says).
 */
function notSimulated(server: SimServer, args: readonly string[]): string | null {
  const found = server.commands.lookup(args);
  const name = (args[0] ?? '').toUpperCase();
  if ('unknown' in found) {
    if (found.unknown === 'command') {
      if (!REAL_NAMES.has(name.toLowerCase())) return null;
      const group = outOfScopeGroup(name);
      return group !== null
        ? outOfScopeNote(name, group)
        : `${name} is a Redis 7.0 command the simulator does not model; nothing was sent.`;
    }
    const full = `${name} ${(args[1] ?? '').toUpperCase()}`;
    return HELP_NAMES.has(full)
      ? `${full} is a Redis 7.0 command the simulator does not model; nothing was sent.`
      : null;
  }
  return null;
}

/**
 * Whether a line of `args` may write, so its changes are listed under it: anything flagged
 * write, and scripts (the console cannot see their writes coming from the name).
 */
export function mayWrite(server: SimServer, args: readonly string[]): boolean {
  const found = server.commands.lookup(args);
  if ('unknown' in found) return false;
  const { spec } = found;
  return (
    spec.flags.includes('write') ||
    ['exec', 'eval', 'evalsha', 'fcall', 'shutdown', 'flushall'].includes(spec.name)
  );
}

/** A console connected to one simulated server. */
export class ConsoleSession {
  conn: Connection;
  /**
   * The keyspace as the last write line left it, while no command has been sent since: the
   * next write line's "before", so a run of write lines reads the keyspace once each, not
   * twice (a SET beside a sorted set of 60,000 members read all of them before and after).
   * Only this session's commands change its server (a second client has a fork of its own,
   * and an export or Tab reads without a command), and a key whose time passes is purged only
   * by the next command, so nothing between two lines can make it stale; a line that writes
   * nothing keeps it unless it purged a key.
   */
  private lastMark: KeyspaceMark | null = null;

  /**
   * `timeLimitMs`: how long one line may run, its repeats together: the worker's
   * {@link LINE_TIME_LIMIT_MS}, or the page's shorter limit where the page runs the server.
   * `copies`: where the cut outputs are kept to copy (their notes carry where).
   */
  constructor(
    readonly server: SimServer,
    user = 'default',
    private readonly timeLimitMs = LINE_TIME_LIMIT_MS,
    readonly copies = new CopyStore(),
  ) {
    this.conn = server.connect(user);
  }

  /** The prompt redis-cli shows now. */
  prompt(): string {
    return `${PROMPT}${this.conn.multi ? '(TX)' : ''}> `;
  }

  /** The user this console's connection runs as. */
  user(): string {
    return this.conn.user;
  }

  /**
   * Runs one typed line. A replay of it (a new worker after Stop) gives the `steps` its first
   * run answered: the line then has that much script work and no time limit, so it stops
   * where it first stopped, whatever the new machine's speed.
   */
  run(line: string, steps?: number): RunResult {
    const result: RunResult = {
      lines: [],
      clear: false,
      refused: false,
      command: null,
      error: false,
    };
    // a refusal says why and that nothing was sent, not where the line is now: the page's
    // console knows that (in the input, or in ↑ history when the learner typed on meanwhile)
    const bytes = new TextEncoder().encode(line).length;
    if (bytes > MAX_LINE_BYTES) {
      result.refused = true;
      result.lines.push(
        refusedLine(
          `This line is ${grouped(bytes)} bytes; the console takes lines up to ` +
            `${grouped(MAX_LINE_BYTES)} bytes (redis-cli itself would send it). Nothing was sent.`,
        ),
      );
      return result;
    }
    const control = controlCharacter(line);
    if (control) {
      result.refused = true;
      result.lines.push(
        refusedLine(
          `The line holds the control character ${control}, which redis-cli's prompt cannot ` +
            'take as typed. Write it inside double quotes as \\xhh (for example "\\x01"). ' +
            'Nothing was sent.',
        ),
      );
      return result;
    }
    // cut as every shown line is, and as the page cuts the echo it shows before the answer
    result.lines.push({ kind: 'input', text: cutLine(`${this.prompt()}${line}`) });
    if (line === '') return result;
    const split = splitArgs(line);
    if (!split.ok) {
      result.lines.push({ kind: 'output', text: 'Invalid argument(s)' });
      return result;
    }
    let args = split.args;
    if (args.length === 0) return result;
    const repeat = repeatCount(args);
    if (repeat === 'invalid') {
      result.lines.push({ kind: 'output', text: 'Invalid redis-cli repeat command option value.' });
      return result;
    }
    if (repeat !== null) args = args.slice(1);
    const word = (args[0] ?? '').toLowerCase();
    result.command = this.canonical(word);
    if (word === 'quit' || word === 'exit') {
      result.lines.push(
        note('redis-cli would exit here; this console stays open on the simulated server.'),
      );
    } else if (word.startsWith(':')) {
      result.lines.push(note('redis-cli preferences (:set hints) are not simulated.'));
    } else if (word === 'restart') {
      result.lines.push({ kind: 'output', text: "Use 'restart' only in Lua debugging mode." });
    } else if (word === 'connect' && args.length === 3) {
      result.lines.push(
        note('This console is connected to the simulated server in the page only.'),
      );
    } else if (word === 'clear' && args.length === 1) {
      // redis-cli clears the screen, the line just typed included
      result.lines.length = 0;
      result.clear = true;
    } else if (word === 'help' || word === '?') {
      result.lines.push(
        ...helpLines(this.server, args.slice(1)).map((t): LogLine => ({ kind: 'output', text: t })),
      );
    } else {
      this.send(args, Math.min(repeat ?? 1, MAX_REPEAT), result, steps);
      if ((repeat ?? 1) > MAX_REPEAT)
        result.lines.push(
          note(`The console repeats a command at most ${grouped(MAX_REPEAT)} times.`),
        );
    }
    return result;
  }

  /**
   * The name a host may hear for `word`: the server's name for a command it knows, the
   * console's own word (`HELP`, `CLEAR`, …), or `unknown`, since any other first word is text
   * the learner typed (a password, an address) and never leaves the page.
   */
  private canonical(word: string): string {
    const local = LOCAL_WORDS.get(word.startsWith(':') ? ':' : word);
    if (local) return local;
    const found = this.server.commands.lookup([word]);
    return 'spec' in found ? found.spec.name.toUpperCase() : 'unknown';
  }

  private send(args: string[], times: number, result: RunResult, steps?: number): void {
    const why = notSimulated(this.server, args);
    if (why) {
      result.lines.push(note(why));
      return;
    }
    const writes = mayWrite(this.server, args);
    const before = writes ? (this.lastMark ?? markKeyspace(this.server)) : null;
    // a command is sent now: the mark stands for the keyspace after it only if it wrote nothing
    const kept = writes ? null : this.lastMark;
    this.lastMark = null;
    const out = new OutputWindow(result.lines, this.copies);
    // the whole line, its repeats together, has one allowance of script work and of time
    const allowance = {
      steps: steps ?? LINE_STEP_BUDGET,
      deadline: steps === undefined ? performance.now() + this.timeLimitMs : Infinity,
      limitMs: this.timeLimitMs,
    };
    const given = allowance.steps;
    this.server.workAllowance = allowance;
    let ran = 0;
    let stopped = false;
    /** the stop was one a real server would still be running the script at */
    let running = false;
    try {
      for (; ran < times; ran++) {
        if (ran > 0 && (allowance.steps <= 0 || performance.now() > allowance.deadline)) break;
        const reply = this.conn.call(args);
        result.error = isError(reply);
        if (this.conn.closed) {
          out.finish();
          this.reconnect(args, result);
          return;
        }
        // a blocking command that found nothing waits out its timeout before its reply shows
        // (each repeat after the one before); one that waits for ever never shows it
        const wait = this.conn.takeBlocked();
        if (wait) {
          const before = result.wait?.until;
          const until =
            wait.until === null || before === null
              ? null
              : before === undefined
                ? wait.until
                : before + wait.timeoutMs;
          result.wait = {
            command: (args[0] ?? '').toUpperCase(),
            timeoutMs: wait.timeoutMs,
            until,
          };
          if (until === null) {
            ran = times;
            break;
          }
        }
        out.addReply(args, reply);
        // a real server would still be running the script it was stopped in: no repeat follows
        // (one whose reply was stopped as it was read back had ended: there the line's limit is
        // what no repeat is left for)
        if (isError(reply) && reply.error.startsWith(SIMULATOR_STOP)) {
          ran++;
          stopped = true;
          running = simulatorStopOf(reply.error) !== 'reply';
          break;
        }
        // a command's own work (KEYS, a long range) counts too, a step per element
        allowance.steps -= Array.isArray(reply) ? 1 + reply.length : 1;
      }
    } finally {
      this.server.workAllowance = null;
      // the work done; a stopped script never did the step its limit tripped on
      result.steps = given - allowance.steps - (stopped ? 1 : 0);
    }
    out.finish();
    if (stopped || ran < times) result.limited = true;
    if (ran < times) {
      result.lines.push(
        note(
          `The console ran this ${grouped(ran)} of ${grouped(times)} times: ` +
            (running
              ? 'a real server would still be running the script above, so no repeat after it would start.'
              : `the line reached its limit (${grouped(LINE_STEP_BUDGET)} script steps or ` +
                `${secondsText(this.timeLimitMs)} for all its repeats). A real server would ` +
                'run them all; the simulator stops here so the page stays usable.'),
        ),
      );
    }
    if (before && !this.conn.multi) {
      const after = markKeyspace(this.server);
      this.lastMark = after;
      // a change line quotes the values it names, which may be megabytes: cut as output is
      for (const t of describeChanges(before, after))
        result.lines.push({ kind: 'change', text: cutLine(t) });
    } else if (kept && this.server.keyspace.size === kept.keys) {
      // a command that writes nothing changes the keyspace only by purging the keys whose
      // time passed (the simulator evicts none), which its count of keys tells
      this.lastMark = kept;
    }
  }

  /** After SHUTDOWN: redis-cli prints nothing and reconnects, as `default`, on the next command. */
  private reconnect(args: readonly string[], result: RunResult): void {
    const nosave = args.some((a) => a.toLowerCase() === 'nosave');
    result.lines.push(
      note(
        `The simulated server restarted with run_id ${this.server.runId}. ` +
          (nosave
            ? 'NOSAVE: its keyspace is empty. '
            : 'It saved on the way down and reloaded its keyspace. ') +
          'The script cache is empty and users made with ACL SETUSER are gone; ' +
          'this console reconnected as default.',
      ),
    );
    this.conn = this.server.connect();
  }
}
