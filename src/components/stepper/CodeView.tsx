import { memo, useMemo, type ReactNode, type Ref } from 'react';
import type { Token } from '../../content/listing-types.ts';
import {
  LESSON_SCRIPT,
  diffScript,
  untrueCommentLines,
  type LineMark,
  type StepListing,
} from '../../stepper/index.ts';
import { tokenSpans } from '../token-spans.tsx';
import { linesOf } from './listings.ts';
import { panelWords } from '../../../content/panels.ts';
import { reconstructedOf } from '../../../content/reconstructed.ts';
import { ReconstructedNote } from '../reconstructed-note.tsx';
import { fill } from '../../content/template.ts';
import d from './script.module.css';
import s from './stepper.module.css';

const T = panelWords.code;

export interface CodeViewProps {
  listing: StepListing;
  /** the 1-based line the run stands on, or null before the first step */
  line: number | null;
  /**
   * The text that ran, when it is not the lesson's (a counterfactual or the learner's edit):
   * shown as it is, with its differences from the lesson's script marked.
   */
  script?: string | undefined;
  /** the caption's words for that text (what the edit is) */
  scriptName?: string | undefined;
  /** the listing's `<pre>`, where the step writer (`step-writer.ts`) lights the lines after */
  ref?: Ref<HTMLPreElement>;
}

/** The caption of a listing: its file, and what the edit is when the script is not the lesson's. */
const titleOf = (listing: StepListing, script: string | undefined, scriptName?: string) =>
  script === undefined ? listing : `${listing} · ${scriptName ?? 'edited'}`;

/** What the listing's diff against the lesson's script counts, for its accessible name. */
function summaryOf(diff: ReturnType<typeof diffScript> | null): string {
  return diff === null || diff.same
    ? ''
    : fill(T.summary, {
        changed: count(diff.marks, 'changed'),
        added: count(diff.marks, 'added'),
        removed: [...diff.removed.values()].reduce((a, r) => a + r.length, 0),
      });
}

const labelAt = (title: string, summary: string, line: number | null) =>
  fill(T.label, { title, line: line ?? T.noLine, summary });

/**
 * The listing's accessible name at a line, for a script (undefined: the lesson's): the one
 * function behind what CodeView renders and what the step writer writes on each step.
 */
export function codeLabelOf(
  listing: StepListing,
  script: string | undefined,
  scriptName?: string,
): (line: number | null) => string {
  const title = titleOf(listing, script, scriptName);
  const summary = summaryOf(script === undefined ? null : diffScript(LESSON_SCRIPT, script));
  return (line) => labelAt(title, summary, line);
}

/**
 * A script's line may be drawn in the colours of the lesson's line it equals only when no line
 * can begin inside a token of the lines before it: a long string or comment (`[[`, `[==[`) or
 * a quoted string continued past a line's end (`\` before the newline) would make a line the
 * lesson has read as something else.
 */
const SPANS_LINES = /\[=*\[|\\\r?\n/;

/**
 * The listing with the current line lit; each line is addressable as data-line. The lesson's
 * listings are the build's highlighted tokens. Any other script (a what-if, the learner's edit)
 * shows each line it keeps from the lesson's in that line's colours, and its changed and added
 * lines as plain text (colouring them would need a tokenizer in this chunk), with the diff's
 * marks: each line as the lesson's (unmarked), changed, or added, and the lesson's removed
 * lines struck through where they stood.
 */
export const CodeView = memo(function CodeView({
  listing,
  line,
  script,
  scriptName,
  ref,
}: CodeViewProps) {
  const diff = useMemo(
    () => (script === undefined ? null : diffScript(LESSON_SCRIPT, script)),
    [script],
  );
  // a what-if's comments that its edit made false, marked where they stand
  const untrue = useMemo(
    () => (script === undefined ? null : untrueCommentLines(LESSON_SCRIPT, script)),
    [script],
  );
  const title = titleOf(listing, script, scriptName);
  const reconstructed = reconstructedOf(listing);
  let rows: ReactNode[];
  if (script === undefined || diff === null) {
    rows = linesOf(listing === 'user_script' ? 'extend_locks2.lua' : listing).map((tokens, n) => (
      // only the line left and the line reached render again on a step
      <CodeLine key={n} n={n + 1} tokens={tokens} here={n + 1 === line} mark="same" />
    ));
  } else {
    const text = script.split('\n');
    if (text.length > 1 && text[text.length - 1] === '') text.pop();
    const lesson = SPANS_LINES.test(script) ? null : linesOf('extend_locks2.lua');
    rows = [];
    text.forEach((t, n) => {
      const gone = diff.removed.get(n + 1);
      if (gone) rows.push(<RemovedLines key={`r${n}`} lines={gone} />);
      rows.push(
        <CodeLine
          key={n}
          n={n + 1}
          {...tokensOrText(lesson, diff.from[n] ?? null, t)}
          here={n + 1 === line}
          mark={diff.marks[n]!}
          untrue={untrue?.has(n + 1) ?? false}
        />,
      );
    });
    const tail = diff.removed.get(text.length + 1);
    if (tail) rows.push(<RemovedLines key="r-end" lines={tail} />);
  }
  const summary = summaryOf(diff);
  return (
    <figure className={`${s.panel} ${s.flush}`} data-testid="code-view">
      <figcaption className={s.panelTitle}>{title}</figcaption>
      {reconstructed ? (
        <ReconstructedNote note={reconstructed} className={`${s.hint} ${s.flush}`} />
      ) : null}
      {/* the listing's box: a block, not a flex item, so a step's lit line lays out the
          listing alone (Chromium never takes a flex or grid item as a relayout boundary) */}
      <div className={s.codeBox}>
        <pre ref={ref} className={s.code} tabIndex={0} aria-label={labelAt(title, summary, line)}>
          <code>{rows}</code>
        </pre>
      </div>
    </figure>
  );
});

/** A script's line as the lesson's tokens of the line it equals, or as its plain text. */
function tokensOrText(
  lesson: readonly (readonly Token[])[] | null,
  from: number | null,
  text: string,
): { tokens: readonly Token[] } | { text: string } {
  const tokens = lesson && from !== null ? lesson[from - 1] : undefined;
  return tokens ? { tokens } : { text };
}

const count = (marks: readonly LineMark[], m: LineMark) => marks.filter((x) => x === m).length;

interface CodeLineProps {
  n: number;
  /** the line's build-time tokens (the same array on every render, so memo holds) */
  tokens?: readonly Token[];
  /** or its plain text (a script that is not the lesson's) */
  text?: string;
  here: boolean;
  mark: LineMark;
  /** a comment of the lesson's that the running what-if made false */
  untrue?: boolean;
}

const CodeLine = memo(function CodeLine({
  n,
  tokens,
  text,
  here,
  mark,
  untrue = false,
}: CodeLineProps) {
  const body = tokens ? (tokens.length === 0 ? ' ' : tokenSpans(tokens)) : text || ' ';
  const [indent, words] = tokens ? tokenWords(tokens) : textWords(text ?? '');
  const markClass = mark === 'changed' ? d.changed : mark === 'added' ? d.added : '';
  const tag = mark !== 'same' ? T.marks[mark] : untrue ? T.untrue : null;
  const plain = tokens ? tokens.map(([t]) => t).join('') : (text ?? '');
  return (
    <span
      data-line={n}
      data-mark={mark === 'same' ? undefined : mark}
      data-untrue={untrue ? '' : undefined}
      className={`${s.codeLine} ${markClass} ${untrue ? d.untrue : ''} ${here ? s.current : ''}`}
      aria-current={here ? 'step' : undefined}
    >
      <span className={s.lineNo} aria-hidden="true">
        {n}
      </span>
      {/* a tagged line's words end in "…" where they would run under its tag (the lit copy,
          and the title, give them whole) */}
      <span
        className={tag !== null ? s.tagged : undefined}
        data-part="words"
        title={tag !== null ? plain : undefined}
      >
        {untrue ? <s>{body}</s> : body}
      </span>
      {tag !== null ? (
        <span className={d.tag} data-part="tag">
          {tag}
        </span>
      ) : (
        <span />
      )}
      {/* The line as it reads lit: shown over the line only while it is lit (the stylesheet
          shows it), wrapped whole where the line is wider than the box, its further rows laid
          over the lines below. The line itself keeps its one row, so lighting a line moves
          nothing: a phone's box holds every line of the script, one row each, and the lit one
          is still read whole. A copy for the eye only: the line itself is what is read out. */}
      <span className={s.litCopy} data-part="lit-copy" aria-hidden="true">
        <span className={s.lineNo}>{n}</span>
        <span className={s.litText}>
          {indent ? <span className={s.indent}>{indent}</span> : null}
          <span className={s.words}>
            {untrue ? <s>{words}</s> : words}
            {tag !== null ? <span className={`${d.tag} ${s.litTag}`}>{tag}</span> : null}
          </span>
        </span>
      </span>
    </span>
  );
});

/**
 * A line's leading blanks and the words after them (a blank line's words are one space), so
 * the lit copy wraps the words under their own first character, not under the indentation.
 */
function textWords(text: string): [indent: string, words: string] {
  const blanks = /^[ \t]*/.exec(text)![0];
  return [blanks, text.slice(blanks.length) || ' '];
}

/** The same for a line's build-time tokens (one token may hold blanks and words both). */
function tokenWords(tokens: readonly Token[]): [indent: string, words: ReactNode] {
  let indent = '';
  for (let j = 0; j < tokens.length; j++) {
    const [text, style] = tokens[j]!;
    const blanks = /^[ \t]*/.exec(text)![0];
    indent += blanks;
    if (blanks.length < text.length)
      return [indent, tokenSpans([[text.slice(blanks.length), style], ...tokens.slice(j + 1)])];
  }
  return [indent, ' '];
}

/**
 * The lesson's lines an edit removed, struck through where they stood (no line number). The
 * same array on every step (it is the diff's), so a step never renders them again.
 */
const RemovedLines = memo(function RemovedLines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((t, i) => (
        <span key={i} className={`${s.codeLine} ${d.removed}`} data-mark="removed">
          <span className={s.lineNo} aria-hidden="true">
            −
          </span>
          <del>{t || ' '}</del>
          <span className={d.tag}>{T.marks.removed}</span>
        </span>
      ))}
    </>
  );
});
