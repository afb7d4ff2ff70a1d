/**
 * The console's command history, as redis-cli keeps one: ↑ walks back through the lines
 * typed, ↓ forward again to the line being written, and it survives a reload (redis-cli
 * keeps ~/.rediscli_history; the page keeps it in storage). Sensitive lines (AUTH, HELLO
 * with AUTH, ACL SETUSER with a password: sensitive.ts) are not kept, as redis-cli leaves them
 * out. Every tab shares the one stored list: a line is added to what storage holds now, not to
 * what this tab read when it opened, so two tabs never overwrite each other's lines, and a walk
 * back with ↑ starts from the list as it stands (another tab's lines included).
 */

import { isSensitive } from './sensitive.ts';

/** Where the history is kept: localStorage in the page, a map in tests. */
export interface HistoryStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The most lines kept. */
export const MAX_HISTORY = 200;

export class ConsoleHistory {
  private entries: string[];
  /** the position ↑/↓ stand at; entries.length is the line being written */
  private at: number;
  private draft = '';
  /** false once storage refused a write: this tab's list then holds lines storage lacks */
  private shared = true;
  /**
   * password lines the learner typed and never sent, moved out of the input by a line handed
   * back ({@link keepUnsent}): in this object only, so never in storage, and gone with the page
   */
  private unsent: string[] = [];

  constructor(
    private readonly store: HistoryStore | null,
    private readonly key = 'emq-console-history',
  ) {
    this.entries = load(store, key);
    this.at = this.entries.length;
  }

  /** The lines kept, oldest first. */
  all(): readonly string[] {
    return this.entries;
  }

  /** Records a line that was run and goes back to an empty line. */
  push(line: string): void {
    // a password line kept unsent is sent now: it was only kept so as not to be lost
    this.unsent = this.unsent.filter((l) => l !== line);
    this.at = this.walk().length;
    this.draft = '';
    if (line.trim() === '' || isSensitive(line)) return;
    // what the other tabs added since this one last looked, then this line after them
    if (this.shared) this.entries = load(this.store, this.key, this.entries);
    if (this.entries.at(-1) !== line) this.entries.push(line);
    if (this.entries.length > MAX_HISTORY)
      this.entries.splice(0, this.entries.length - MAX_HISTORY);
    this.at = this.walk().length;
    try {
      this.store?.setItem(this.key, JSON.stringify(this.entries));
    } catch {
      // storage full or refused: the history still works for this visit, from this tab's list
      this.shared = false;
    }
  }

  /**
   * Keeps a line the learner typed but has not sent, which must leave the input (a line handed
   * back takes it), where ↑ reaches it. Any other line goes into the history as a sent one does;
   * a password line, which the history never stores, is kept in this object's memory only: ↑
   * reaches it (after the stored lines, as the newest) until it is sent or the page goes, and
   * nothing that outlives the page (storage, another tab) ever holds it.
   */
  keepUnsent(line: string): void {
    if (!isSensitive(line)) {
      this.push(line);
      return;
    }
    this.unsent = this.unsent.filter((l) => l !== line).concat(line);
    this.at = this.walk().length;
    this.draft = '';
  }

  /** ↑: the previous line, keeping what was being typed; null at the oldest. */
  back(current: string): string | null {
    if (this.at === this.walk().length) {
      // a new walk back: from the list as every tab has left it
      if (this.shared) this.entries = load(this.store, this.key, this.entries);
      this.at = this.walk().length;
      this.draft = current;
    }
    if (this.at === 0) return null;
    this.at--;
    return this.walk()[this.at] ?? null;
  }

  /** ↓: the next line, or the one being typed after the newest; null past it. */
  forward(): string | null {
    const walk = this.walk();
    if (this.at >= walk.length) return null;
    this.at++;
    return this.at === walk.length ? this.draft : (walk[this.at] ?? null);
  }

  /** What ↑/↓ walk: the stored lines, then the password lines kept unsent (newest last). */
  private walk(): readonly string[] {
    return this.unsent.length === 0 ? this.entries : this.entries.concat(this.unsent);
  }
}

/**
 * The stored list, or `fallback` when storage cannot be read (refused, or a value no version of
 * the page wrote): this tab's lines are then all there is.
 */
function load(store: HistoryStore | null, key: string, fallback: string[] = []): string[] {
  try {
    const raw = store?.getItem(key);
    if (raw === null || raw === undefined) return fallback;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed
          .filter((l): l is string => typeof l === 'string' && !isSensitive(l))
          .slice(-MAX_HISTORY)
      : fallback;
  } catch {
    return fallback;
  }
}
