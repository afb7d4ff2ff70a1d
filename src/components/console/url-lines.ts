/**
 * The lines a console's URL carries, kept for one mounted console: a link's lines held unrun,
 * the lines answered since the fork, then those still waiting for their answer; and the one
 * among them that reached a limit or that the learner stopped, so a reload holds it rather than
 * running it again.
 */
import type { HeldLines } from './LinkHeldNotice.tsx';

/** Told what the URL should carry: the lines, the place of the one a limit or Stop ended, and whether it was Stop. */
export type TellLines = (lines: readonly string[], limitAt?: number, stopped?: boolean) => void;

/** A line sent and not yet answered: its own object, so two equal lines wait apart. */
export interface Waiting {
  line: string;
}

/** See the module's comment. One per mounted console, never shared. */
export class UrlLines {
  /** a link's lines shown but not run, until the learner runs them again or drops them */
  private held: HeldLines | null = null;
  /** the lines answered since the fork (typed, or a link's), password lines left out */
  private typed: string[] = [];
  /**
   * lines sent whose answer has not come (the worker still starting, or busy): the URL carries
   * them after the answered ones, so a learner who leaves before the answer (or a platform that
   * saves the place as the page goes) keeps a line they saw echoed
   */
  private unanswered: Waiting[] = [];
  /** the line in `typed` that reached a limit, or that the learner stopped (`stopped`) */
  private ended: { at: number; stopped: boolean } | null = null;

  /** A fresh fork: nothing answered or waiting, and `held` (or nothing) held. */
  reset(held: HeldLines | null): void {
    this.typed = [];
    // a line still waiting on the old fork is never answered now: a reset forgets it
    this.unanswered = [];
    this.ended = null;
    this.held = held;
  }

  /** The learner dropped the held lines: the console already stands without them. */
  dropHeld(): void {
    this.held = null;
  }

  /** Whether `entry` waits for its answer. */
  isWaiting(entry: Waiting): boolean {
    return this.unanswered.includes(entry);
  }

  /** `entry` waits for its answer, after those already waiting (once). */
  wait(entry: Waiting): void {
    if (!this.unanswered.includes(entry)) this.unanswered = [...this.unanswered, entry];
  }

  /** A link's lines, queued to replay: they wait, in place of anything waiting before. */
  waitAll(entries: readonly Waiting[]): void {
    this.unanswered = [...entries];
  }

  /** `entry`'s answer came (or never will): it waits no longer. */
  stopWaiting(entry: Waiting): void {
    this.unanswered = this.unanswered.filter((u) => u !== entry);
  }

  /**
   * A line answered: kept, and, when it reached a limit or was stopped and none before it did,
   * marked at once, so the first reload holds it rather than running it again.
   */
  answered(line: string, ended: { limited?: boolean; stopped?: boolean }): void {
    this.typed = [...this.typed, line];
    if ((ended.limited || ended.stopped) && this.ended === null)
      this.ended = { at: this.typed.length - 1, stopped: ended.stopped === true };
  }

  /**
   * A link's replay ended before `notRun`: they wait no longer, but the URL keeps them (not a
   * password line) after the line that ended it, so a reload, or whoever the link is sent to,
   * sees them held.
   */
  keepUnrun(notRun: readonly Waiting[], keep: (line: string) => boolean): void {
    this.unanswered = this.unanswered.filter((u) => !notRun.includes(u));
    this.typed = this.typed.concat(notRun.map((u) => u.line).filter(keep));
  }

  /** Every line the URL holds, in the order a reload would replay them. */
  lines(): string[] {
    return (this.held?.lines ?? []).concat(
      this.typed,
      this.unanswered.map((u) => u.line),
    );
  }

  /** Tells `tell` what the URL carries: the held lines' mark while they are held, else the ended line's. */
  tellTo(tell: TellLines | undefined): void {
    const held = this.held;
    if (held) tell?.(this.lines(), held.at, held.stopped);
    else tell?.(this.lines(), this.ended?.at, this.ended?.stopped ?? false);
  }
}
