import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  completionFaultText,
  ConsoleBackend,
  consoleWorkerFactory,
  consoleWorkerUrl,
  ConsoleHistory,
  type CopyRef,
  type ForkSpec,
  type HistoryStore,
  isSensitive,
  type LinkStop,
  type LogLine,
  type RunResult,
  type Running,
  startFaultText,
  exportFaultText,
} from '../../console/index.ts';
import { killCommand } from '@batch-lease/redis-sim/client';
import { useEmbedPlace } from '../../embed/in-embed.ts';
import { CommandLine } from './CommandLine.tsx';
import { ConsoleBar } from './ConsoleBar.tsx';
import { ConsoleLog } from './ConsoleLog.tsx';
import { copyTextOf } from './copy-all.ts';
import { LinkHeldNotice, type HeldLines } from './LinkHeldNotice.tsx';
import { LinkStopNotice } from './LinkStopNotice.tsx';
import { greeting, pageFailedLines, withLines, workerFailedLines } from './log-lines.ts';
import { handBack, type HandedBack } from './hand-back.ts';
import { commandOf } from './running-words.ts';
import { UrlLines, type TellLines, type Waiting } from './url-lines.ts';
import { useTabCompletion } from './use-tab-completion.ts';
import { consoleWords as T } from '../../../content/console.ts';
import { cutLine } from '../../content/shown-cut.ts';
import { fill } from '../../content/template.ts';
import s from './console.module.css';

/** The prompt of a fresh fork, which a link's first line is echoed after. */
const FRESH_PROMPT = '127.0.0.1:6379> ';

export interface ConsoleProps {
  /** the server the console starts from, as data; forked at start and whenever `forkKey` changes */
  fork: ForkSpec;
  /** a new key forks again: the parent changes it to reset or to follow another step */
  forkKey: string;
  /** the reset button was pressed */
  onReset: () => void;
  /** what the fork stands for, in words: "step 3 of 40" */
  origin: string;
  /** the label of the reset button ("Reset to step 3") */
  resetLabel: string;
  /** lines to run at start, as a shared link carries them */
  initialLines?: readonly string[];
  /**
   * the place among `initialLines` of the line the link says reached one of the simulator's
   * limits when it last replayed: the lines are then shown, not run, until the learner runs
   * them again or drops them
   */
  initialLimitAt?: number;
  /** the line at `initialLimitAt` was stopped by the learner when the link last ran (not a limit) */
  initialStopped?: boolean;
  /**
   * told the lines the URL should carry (those typed since the last reset, and a link's lines
   * still held or not run), the place of the one that reached a limit or was stopped, if any,
   * and whether the learner stopped it
   */
  onLinesChange?: TellLines;
  /** where ↑/↓ history is kept (localStorage unless said; null keeps none across reloads) */
  historyStore?: HistoryStore | null;
  /** what the bar adds after the fork's origin (the stepper's console: its run is not changed) */
  aside?: string;
  /** told of each line typed and sent (not one refused before it was parsed) */
  onCommand?: (result: RunResult) => void;
  /** told once the first fork is up and its greeting shown */
  onReady?: () => void;
  /** the log grows with its lines up to its full height (an embed sized to its content) */
  grow?: boolean;
  /**
   * the console fills its box's height, its log taking what the bar and the command line leave
   * (the stepper's drawer, whose height is fixed: the command line must show when it opens)
   */
  fillHeight?: boolean;
  /** more buttons for the bar (the lesson's Embed button) */
  actions?: ReactNode;
}

function defaultStore(): HistoryStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * redis-cli in the page: an input named "Command" over a log named "Console output", on its
 * own fork of a simulated server. Lines are parsed and printed exactly as redis-cli does;
 * ↑/↓ walk the history (kept across reloads), Tab completes command names, CLEAR empties
 * the log, and the copy button exports the keyspace as redis-cli commands.
 */
export function Console({
  fork,
  forkKey,
  origin,
  resetLabel,
  onReset,
  initialLines,
  initialLimitAt,
  initialStopped,
  onLinesChange,
  historyStore,
  aside = T.asideStepper,
  onCommand,
  onReady,
  grow = false,
  fillHeight = false,
  actions,
}: ConsoleProps) {
  const history = useMemo(
    () => new ConsoleHistory(historyStore === undefined ? defaultStore() : historyStore),
    [historyStore],
  );
  const [running, setRunning] = useState<Running | null>(null);
  const [lines, setLines] = useState<LogLine[]>([]);
  // one connection per mounted console: to a worker where the page can make one; it tells
  // the console's state whenever the running line changes
  // (a custom element on another origin's page: from a blob: bootstrap only if the host asked)
  const { offThread } = useEmbedPlace();
  const [backend] = useState(() => {
    const factory = consoleWorkerFactory({ viaBlob: offThread });
    const made = new ConsoleBackend(factory, factory ? consoleWorkerUrl() : '');
    made.onChange = () => setRunning(made.running);
    // said in the log, after the greeting of the fork the page then makes
    made.onWorkerFailed = (failure) => setLines((old) => old.concat(workerFailedLines(failure)));
    made.onPageFailed = (error) => setLines((old) => old.concat(pageFailedLines(error)));
    return made;
  });
  useEffect(() => () => backend.dispose(), [backend]);
  const tab = useTabCompletion();
  /** what the URL carries (see url-lines.ts); `held` is its held lines as the notice shows them */
  const [url] = useState(() => new UrlLines());
  const [held, setHeld] = useState<HeldLines | null>(null);
  const tellLines = () => url.tellTo(onLinesChange);
  const [value, setValue] = useState('');
  /** the input's text as it stands now, which a line handed back later must not overwrite */
  const typed = useRef('');
  const setInput = (text: string) => {
    typed.current = text;
    setValue(text);
  };
  const [prompt, setPrompt] = useState(FRESH_PROMPT);
  const [copied, setCopied] = useState<string>('');
  const [sent, setSent] = useState(0);
  /** the link's line whose limit ended its replay, until the console forks again */
  const [linkStop, setLinkStop] = useState<LinkStop | null>(null);

  const append = useCallback((more: LogLine[], clear = false) => {
    setLines((old) => withLines(old, more, clear));
  }, []);

  /** counts forks: a link's replay still going on an older fork sends no more of its lines */
  const forks = useRef(0);

  /**
   * Sends one line to the server as a typed line goes: echoed at once where its answer comes
   * later, the bar saying it runs (with Stop) until it is answered, its answer printed, and the
   * URL told (it carries the line meanwhile). `waiting` is the line's entry among the unanswered
   * ones when it is already there (a link's line, queued with the rest of the link). `answered`
   * is told the result, whether the answer came later, and the prompt after it. Returns whether
   * the line was refused at once (then nothing outlives it).
   */
  const sendLine = (
    line: string,
    shownPrompt: string,
    answered: (r: RunResult, echoed: boolean, after: string) => void,
    waiting: Waiting = { line },
    fromLink = false,
  ): boolean => {
    const echoed = backend.answersLater;
    // the line as typed, cut as any shown line is (a refused one may be megabytes long)
    const echo: LogLine = { kind: 'input', text: cutLine(`${shownPrompt}${line}`) };
    // in a worker, or before a server is up, the answer comes later: the line shows at once, as
    // a terminal shows it
    if (echoed) append([echo]);
    setSent((n) => n + 1);
    let refusedHere = false;
    let done = false;
    backend.run(line, (r, after) => {
      done = true;
      const wasWaiting = url.isWaiting(waiting);
      url.stopWaiting(waiting);
      // a password line runs, but nothing that outlives it (history, link, snippet) keeps it
      const secret = !r.refused && isSensitive(line);
      // a refusal carries no echo (the line was never parsed): answered at once, it is shown
      // with the line it refuses all the same, as one answered later is, so the learner sees
      // what was refused beside why, wherever the server runs
      const shown = echoed
        ? r.lines.filter((l, i) => !(i === 0 && l.kind === 'input'))
        : r.refused
          ? [echo, ...r.lines]
          : r.lines;
      append(secret ? [...shown, { kind: 'note', text: T.keptOut }] : shown, r.clear);
      setPrompt(after);
      if (r.refused) {
        refusedHere = true;
        // the URL held it while it waited; a refused line was never run, so it goes
        if (wasWaiting) tellLines();
        answered(r, echoed, after);
        return;
      }
      // the host hears of what the learner typed, not of what a link replays
      if (!fromLink) onCommand?.(r);
      if (line.trim() !== '' && !secret) url.answered(line, r);
      if (wasWaiting || (line.trim() !== '' && !secret)) tellLines();
      answered(r, echoed, after);
    });
    if (refusedHere) return true;
    // answered later: the URL keeps it from now (never a password line, as for an answered one)
    if (!done && !url.isWaiting(waiting) && line.trim() !== '' && !isSensitive(line)) {
      url.wait(waiting);
      tellLines();
    }
    return false;
  };

  /**
   * Replays a link's lines one at a time, each as a typed line runs ({@link sendLine}): the
   * learner sees each answered as it comes, the running one marked as running with Stop, and
   * Stop does what it does for a typed line. The first line that reaches one of the simulator's
   * limits, or that the learner stopped, ends the replay: the lines after it are not run (the
   * URL keeps them), and a notice says so. Until each is answered the URL carries it.
   */
  const replayLink = (replay: readonly string[]) => {
    const fork = forks.current;
    const queued: Waiting[] = replay.map((line) => ({ line }));
    url.waitAll(queued.filter((q) => q.line.trim() !== '' && !isSensitive(q.line)));
    const next = (index: number, shownPrompt: string) => {
      const entry = queued[index];
      if (!entry || fork !== forks.current) return;
      sendLine(
        entry.line,
        shownPrompt,
        (r, _echoed, after) => {
          if (fork !== forks.current) return;
          if (r.refused || !(r.limited || r.stopped)) {
            next(index + 1, after);
            return;
          }
          const notRun = queued.slice(index + 1);
          // the URL keeps the link's lines, those not run too, and says which one ended the
          // replay: a reload, or whoever the link is sent to, then sees them held
          url.keepUnrun(notRun, (line) => !isSensitive(line));
          tellLines();
          setLinkStop({
            index,
            total: replay.length,
            line: entry.line,
            notRun: notRun.map((u) => u.line),
            stopped: r.stopped === true,
          });
        },
        entry,
        true,
      );
    };
    next(0, FRESH_PROMPT);
  };

  /** Forks afresh and replays `replay`, or holds it unrun when `heldAt` marks its limited line. */
  const start = (replay: readonly string[], heldAt?: number, heldStopped = false) => {
    forks.current++;
    const hold =
      heldAt === undefined ? null : { lines: [...replay], at: heldAt, stopped: heldStopped };
    url.reset(hold);
    setHeld(hold);
    // the log starts afresh now; lines typed before the fork answers stay after its greeting
    setLines([]);
    setLinkStop(null);
    // the simulator's own faults (it threw) are said in the log: no request waits for ever
    const fault = (text: string) => append([{ kind: 'note', text }]);
    backend.start(
      fork,
      [],
      (started) => {
        const out = greeting(started.user, origin);
        for (const l of started.lines) out.push(l);
        setLines((typedMeanwhile) => out.concat(typedMeanwhile));
        setPrompt(started.prompt);
      },
      (message) => fault(startFaultText(message)),
    );
    // the link's lines are sent behind the fork, one at a time, ahead of any line typed meanwhile
    if (!hold && replay.length > 0) replayLink(replay);
    backend.complete(tab.setNames, (message) => fault(completionFaultText(message)));
  };

  // a shared link's lines replay on the first fork only
  const replay = useRef(initialLines ?? []);
  const replayHeldAt = useRef(initialLimitAt);
  const readyTold = useRef(false);
  // A layout effect, not a passive one: the input shows in the same commit, and a key pressed
  // before a deferred passive effect ran would find no session (Enter and Tab would do nothing).
  // a fork is made when its key changes, not when a callback it reads is rebuilt
  const forkAfresh = useEffectEvent(() => {
    const at = replayHeldAt.current;
    const held = at !== undefined && at < replay.current.length;
    start(replay.current, held ? at : undefined, held && initialStopped === true);
    replay.current = [];
    replayHeldAt.current = undefined;
    if (!readyTold.current) {
      readyTold.current = true;
      onReady?.();
    }
  });
  useLayoutEffect(() => forkAfresh(), [forkKey]);

  /**
   * Gives back a line sent but not run without losing what was typed since ({@link handBack}):
   * `during` is the line it waited for (null: it was refused, whose refusal says why), and the
   * log says where it went (only there: a refusal's own words never say where the line is).
   */
  const giveBack = (line: string, during: Running | null) => {
    const back = handBack(line, typed.current, history);
    setInput(back.input);
    const command = during ? commandOf(during) : '';
    const notes: Record<HandedBack, string[]> = {
      input: [during ? fill(T.waits, { command }) : T.refusedInInput],
      history: [during ? fill(T.waitsTypedSince, { command }) : T.refusedTypedSince],
      swapped: during ? [fill(T.waits, { command }), T.passwordBack] : [T.passwordBack],
      bothSecret: during ? [fill(T.waits, { command }), T.passwordsBack] : [T.passwordsBack],
    };
    const said = notes[back.to];
    if (said.length > 0) append(said.map((text): LogLine => ({ kind: 'note', text })));
  };

  const submit = () => {
    const line = value;
    if (backend.running) {
      // typed while a line runs: another client's command (SCRIPT KILL, SHUTDOWN NOSAVE, BUSY),
      // answered by the console's second client; the input is free meanwhile
      const during = backend.running;
      // redis-cli adds each line it reads to its ↑ history before it sends it, this one too
      // (push leaves a password line out, as redis-cli does)
      history.push(line);
      setInput('');
      backend.interject(line, (answer) => {
        if (answer === null) {
          // nothing can take it yet, as redis-cli sends no line before the last one's answer:
          // it is handed back, and the log says why
          giveBack(line, during);
          return;
        }
        // the line as typed, cut as every shown line is (it may be tens of kB)
        append([{ kind: 'input', text: cutLine(`${prompt}${line}`) }, ...answer]);
        setSent((n) => n + 1);
        // refused (too long, a control character): nothing was sent, and the input was emptied
        // on Enter, so it is handed back as a line of the console's own refused later is
        if (answer.some((l) => l.kind === 'refused')) giveBack(line, null);
      });
      return;
    }
    // redis-cli adds each line it reads to its ↑ history before it sends it; a line the console
    // refuses (too long, a control character) is what the learner typed too, so ↑ brings it back
    // wherever the server runs, whether its refusal comes at once (the page) or later (a worker)
    history.push(line);
    const refused = sendLine(line, prompt, (r) => {
      // a refused line stays in the input for editing (handed back, when it was answered later,
      // to the input or, when the learner typed on, to ↑ history); the log says which
      if (r.refused) giveBack(line, null);
    });
    if (refused) return;
    setInput('');
  };

  const copyExport = () => {
    if (backend.running) return;
    backend.exportCommands(
      (commands) => {
        navigator.clipboard.writeText(`${commands.join('\n')}\n`).then(
          () => setCopied(T.exported),
          () => setCopied(T.exportRefused),
        );
      },
      (message) => {
        setCopied('');
        append([{ kind: 'note', text: exportFaultText(message) }]);
      },
    );
  };

  const copyText = useCallback((ref: CopyRef) => copyTextOf(backend, ref), [backend]);

  const stop = (running: Running) => {
    // a client waiting on BLPOP runs no script: Stop is redis-cli's Ctrl-C
    if (!running.script) {
      backend.stop();
      return;
    }
    // what another client would type to end it: SCRIPT KILL, or FUNCTION KILL
    const kill = killCommand(running.script.kind);
    backend.kill((out) => append([{ kind: 'input', text: `${prompt}${kill}` }, ...out]));
  };

  return (
    // the console owns its keys: arrows, Space, Home and End scroll its log or edit its line,
    // and must not also step a stepper around it
    <div
      className={fillHeight ? `${s.root} ${s.fill}` : s.root}
      data-console=""
      onKeyDown={(e) => e.stopPropagation()}
    >
      <ConsoleBar
        origin={origin}
        aside={aside}
        resetLabel={resetLabel}
        onReset={onReset}
        onCopyExport={copyExport}
        actions={actions}
        running={running}
        onStop={stop}
        copied={copied}
      />
      {held ? (
        <LinkHeldNotice
          held={held}
          // all the URL holds, as a reload would replay it once the marker were gone
          onRun={() => start(url.lines())}
          onDrop={() => {
            // the console already stands without them: only the notice and the URL let go
            url.dropHeld();
            setHeld(null);
            tellLines();
          }}
        />
      ) : linkStop ? (
        <LinkStopNotice
          stop={linkStop}
          onDrop={() => {
            // a fresh fork with none of the link's lines; the URL forgets them too
            start([]);
            onLinesChange?.([]);
          }}
        />
      ) : null}
      <ConsoleLog lines={lines} sent={sent} grow={grow} copyText={copyText} />
      <CommandLine
        prompt={prompt}
        value={value}
        onValue={setInput}
        onEnter={submit}
        onClearLog={() => setLines([])}
        history={history}
        tab={tab}
      />
    </div>
  );
}
