/**
 * The console's command history, as redis-cli keeps one: ↑ walks back through the lines
 * typed, ↓ forward again to the line being written, and it survives a reload (redis-cli
 * keeps ~/.rediscli_history; the page keeps it in storage). Sensitive lines (AUTH, HELLO
 * with AUTH, ACL SETUSER with a password) are not kept, as redis-cli leaves them out.
 */

/** Where the history is kept: localStorage in the page, a map in tests. */
export interface HistoryStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The most lines kept. */
export const MAX_HISTORY = 200;

/** Whether redis-cli would leave `line` out of its history (isSensitiveCommand). */
export function isSensitive(line: string): boolean {
  const words = line.trim().toLowerCase().split(/\s+/);
  const [a = '', b = ''] = words[0] && /^\d+$/.test(words[0]) ? words.slice(1) : words;
  if (a === 'auth') return true;
  if (a === 'hello' && words.includes('auth')) return true;
  if (a === 'acl' && b === 'setuser') return true;
  if (a === 'migrate' && words.includes('auth')) return true;
  if (
    a === 'config' &&
    b === 'set' &&
    words.some((w) => w.includes('masterauth') || w.includes('requirepass'))
  )
    return true;
  return false;
}

export class ConsoleHistory {
  private entries: string[];
  /** the position ↑/↓ stand at; entries.length is the line being written */
  private at: number;
  private draft = '';

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
    this.at = this.entries.length;
    this.draft = '';
    if (line.trim() === '' || isSensitive(line)) return;
    if (this.entries.at(-1) !== line) this.entries.push(line);
    if (this.entries.length > MAX_HISTORY)
      this.entries.splice(0, this.entries.length - MAX_HISTORY);
    this.at = this.entries.length;
    try {
      this.store?.setItem(this.key, JSON.stringify(this.entries));
    } catch {
      // storage full or refused: the history still works for this visit
    }
  }

  /** ↑: the previous line, keeping what was being typed; null at the oldest. */
  back(current: string): string | null {
    if (this.at === 0) return null;
    if (this.at === this.entries.length) this.draft = current;
    this.at--;
    return this.entries[this.at] ?? null;
  }

  /** ↓: the next line, or the one being typed after the newest; null past it. */
  forward(): string | null {
    if (this.at >= this.entries.length) return null;
    this.at++;
    return this.at === this.entries.length ? this.draft : (this.entries[this.at] ?? null);
  }
}

function load(store: HistoryStore | null, key: string): string[] {
  try {
    const raw = store?.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter((l): l is string => typeof l === 'string').slice(-MAX_HISTORY)
      : [];
  } catch {
    return [];
  }
}
