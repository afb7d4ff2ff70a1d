import { isSensitive, type ConsoleHistory } from '../../console/index.ts';

/**
 * Where a line handed back went: into the empty input; into ↑ history, the input keeping what
 * was typed since; into the input with what was typed since moved to ↑ history (a password
 * line, which history never keeps); or, when what was typed since is a password line too, into
 * the input with that one kept unsent in memory, where ↑ reaches it.
 */
export type HandedBack = 'input' | 'history' | 'swapped' | 'bothSecret';

/**
 * Hands back a line that was sent but not run (it waits for the running line, or it was refused
 * once its answer came): the learner may have typed another meanwhile, and neither may be lost.
 * An empty input takes the line back; otherwise the input keeps what was typed and the line goes
 * into ↑ history, one key away. A password line is never kept in history, so it takes the input
 * and what was typed since goes into history instead. Returns what the input shows now.
 *
 * When both are password lines, neither may go to the stored history (it outlives the page, and
 * redis-cli never keeps one), yet dropping either loses what the learner typed: the one typed
 * since is kept in the history's memory only ({@link ConsoleHistory.keepUnsent}), where ↑ reaches
 * it until it is sent or the page goes; nothing that outlives the page holds it.
 */
export function handBack(
  line: string,
  typed: string,
  history: ConsoleHistory,
): { input: string; to: HandedBack } {
  if (typed === '' || typed === line) return { input: line, to: 'input' };
  if (!isSensitive(line)) {
    history.push(line);
    return { input: typed, to: 'history' };
  }
  history.keepUnsent(typed);
  return { input: line, to: isSensitive(typed) ? 'bothSecret' : 'swapped' };
}
