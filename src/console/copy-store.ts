/**
 * The cut outputs a console's server side keeps to copy: the replies behind each note that says
 * an output was cut, under an id the note carries, formatted only when Copy all asks for them.
 * Only the last {@link MAX_KEPT_COPIES} are kept, so a session of big replies holds a few, not
 * all; an older one's Copy all is told it was dropped.
 */
import { copyParts, type CopyPiece } from './copy-text.ts';

/**
 * Where a cut output's copy is kept: the connection that printed it (the page's count of the
 * servers it started, so a copy asked of a server started since is known to be gone) and its
 * number there.
 */
export interface CopyRef {
  generation: number;
  id: number;
}

/** How many cut outputs a console keeps to copy: the last ones printed. */
export const MAX_KEPT_COPIES = 8;

/**
 * Why a copy cannot be given: the server that printed it was replaced (Stop, a kill, SHUTDOWN
 * NOSAVE from the second client, a reset, the simulator's fault), or it was dropped as newer
 * cut outputs came.
 */
export type CopyGone = 'replaced' | 'dropped';

/** A copy's text in parts, or why it is gone. */
export type CopyText = { parts: string[] } | { gone: CopyGone };

/** The cut outputs of one connection (one {@link CopyRef.generation}). */
export class CopyStore {
  private readonly kept = new Map<number, readonly CopyPiece[]>();
  private next = 1;

  constructor(readonly generation = 0) {}

  /** Keeps `pieces`, dropping the oldest kept past {@link MAX_KEPT_COPIES}; answers their place. */
  keep(pieces: readonly CopyPiece[]): CopyRef {
    const id = this.next++;
    this.kept.set(id, pieces);
    // a Map iterates in insertion order: the first key is the oldest
    for (const old of this.kept.keys()) {
      if (this.kept.size <= MAX_KEPT_COPIES) break;
      this.kept.delete(old);
    }
    return { generation: this.generation, id };
  }

  /** The text `ref` stands for, formatted now, or why it is gone. */
  text(ref: CopyRef): CopyText {
    if (ref.generation !== this.generation) return { gone: 'replaced' };
    const pieces = this.kept.get(ref.id);
    return pieces ? { parts: copyParts(pieces) } : { gone: 'dropped' };
  }
}
