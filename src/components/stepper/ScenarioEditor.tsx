import { memo, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  draftDiscarded,
  draftPersistence,
  dropDraft,
  keepDraft,
  readDraft,
  type DraftPersistence,
} from './draft-store.ts';
import {
  SHARE_CAPS,
  addPairs,
  draftErrors,
  draftFromScenario,
  scenarioFromDraft,
  type Draft,
  type DraftPair,
  type Scenario,
} from '../../scenario/index.ts';
import { ChoiceField, TextField } from './EditorField.tsx';
import { editorWords } from '../../../content/editors.ts';
import { fill, grouped } from '../../content/template.ts';
import s from './stepper.module.css';

const T = editorWords.scenario;

/** A choice field's options, in the order given, each with its words from content. */
const choices = <V extends string>(order: readonly V[], words: Readonly<Record<V, string>>) =>
  order.map((v) => [v, words[v]] as const);
const CALLER_CHOICES = choices<Draft['caller']>(['full', 'read-only'], T.callers);
const CLIENT_CHOICES = choices<Draft['client']>(['verb', 'raw'], T.clients);
const ROW_CHOICES = choices<DraftPair['row']>(['hash', 'none', 'wrongtype'], T.rows);
const PLACE_CHOICES = choices<DraftPair['place']>(['active', 'pending', 'neither'], T.places);

export interface ScenarioEditorProps {
  scenario: Scenario;
  onApply: (scenario: Scenario) => void;
  /**
   * Where unapplied edits are kept while the editor is closed, the scenario changes, or the page
   * reloads (the stepper's hash key; a `local:` key keeps them in memory only).
   */
  draftKey: string;
}

const PAGE = 20;
/** How long typing may pause before the draft is written to session storage. */
const SAVE_DELAY_MS = 300;

/** What the kept-edits bar says about a reload, true to where the draft lives. */
const RELOAD_WORDS: Readonly<Record<DraftPersistence, string>> = {
  stored: '',
  memory: T.reload.memory,
  'too-large': T.reload.tooLarge,
  'no-storage': T.reload.noStorage,
};

/**
 * Edits the held pairs and the server-side state; refuses bad input inline and keeps it.
 * Unapplied edits outlive the editor: closing it, a preset or a link loading another scenario,
 * or a reload keep them (see draft-store.ts) until they are run or discarded.
 * Memoised: stepping the run must not re-check a thousand drafted pairs.
 */
export const ScenarioEditor = memo(function ScenarioEditor({
  scenario,
  onApply,
  draftKey,
}: ScenarioEditorProps) {
  const uid = useId();
  const [source, setSource] = useState(scenario);
  // the edits kept from before (the editor closed, a reload) win over the running scenario
  const [kept] = useState(() => readDraft(draftKey));
  // a kept draft storage held damaged was discarded (draft-store.ts): said once, above the fields
  const [discarded] = useState(() => draftDiscarded(draftKey));
  const [draft, setDraftState] = useState<Draft>(() => kept?.draft ?? draftFromScenario(scenario));
  // JSON of the scenario the unapplied edits began from; null while there are none
  const [base, setBase] = useState<string | null>(kept?.base ?? null);
  // where the kept edits live: in session storage (they outlive a reload) or only in memory
  const [keptAs, setKeptAs] = useState<DraftPersistence>(() => draftPersistence(draftKey));
  const [page, setPage] = useState(0);
  const [tried, setTried] = useState(false);
  // a scenario loaded from outside (a preset, a link) replaces the draft only when nothing is
  // unapplied; otherwise the edits stay, and the bar below says so and offers to discard them
  if (source !== scenario) {
    setSource(scenario);
    if (base === null) {
      setDraftState(draftFromScenario(scenario));
      setPage(0);
      setTried(false);
    }
  }
  const setDraft = (update: (d: Draft) => Draft) => {
    if (base === null) setBase(JSON.stringify(scenario));
    setDraftState(update);
  };
  const discard = () => {
    dropDraft(draftKey);
    setBase(null);
    setDraftState(draftFromScenario(scenario));
    setPage(0);
    setTried(false);
  };
  const elsewhere = useMemo(
    () => base !== null && base !== JSON.stringify(scenario),
    [base, scenario],
  );

  // keep the edits: in memory at once, in session storage once typing pauses and on leaving
  const latest = useRef<{ draft: Draft; base: string | null }>({ draft, base });
  useEffect(() => {
    latest.current = { draft, base };
    if (base === null) return;
    keepDraft(draftKey, { draft, base }, false);
    const timer = setTimeout(() => setKeptAs(keepDraft(draftKey, { draft, base })), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, base, draftKey]);
  useEffect(() => {
    const flush = () => {
      const { draft: d, base: b } = latest.current;
      if (b !== null) keepDraft(draftKey, { draft: d, base: b });
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [draftKey]);

  const errors = useMemo(() => draftErrors(draft), [draft]);
  const errorCount = Object.keys(errors).length;
  const where = keptAs === 'stored' ? '' : T.whileOpen;
  const pages = Math.max(1, Math.ceil(draft.pairs.length / PAGE));
  const shownPage = Math.min(page, pages - 1);

  const patch = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));
  const patchPair = (key: string, p: Partial<DraftPair>) =>
    setDraft((d) => ({ ...d, pairs: d.pairs.map((x) => (x.key === key ? { ...x, ...p } : x)) }));
  const move = (n: number, by: -1 | 1) =>
    setDraft((d) => {
      const pairs = [...d.pairs];
      const [x] = pairs.splice(n, 1);
      pairs.splice(n + by, 0, x!);
      return { ...d, pairs };
    });

  const fieldId = (name: string) => `${uid}-${name}`;
  /** The text field for draft field `name`, with its id and refusal wired. */
  const text = (
    name: string,
    caption: ReactNode,
    label: string,
    value: string,
    onChange: (v: string) => void,
    more: { inputMode?: 'numeric'; placeholder?: string } = {},
  ) => (
    <TextField
      id={fieldId(name)}
      caption={caption}
      label={label}
      value={value}
      onChange={onChange}
      error={errors[name]}
      {...more}
    />
  );

  /** A pair's text field `field` (its id, label and refusal are the pair's). */
  const pairText = (
    p: DraftPair,
    n: number,
    field: 'id' | 'token' | 'attempts' | 'group' | 'leaseLeft',
    caption: ReactNode,
    more?: { inputMode?: 'numeric'; placeholder?: string },
  ) =>
    text(
      `${p.key}.${field}`,
      caption,
      fill(T[field].label, { n: n + 1 }),
      p[field],
      (v) => patchPair(p.key, { [field]: v }),
      more,
    );

  // the editor's own box: a refused Run takes the learner to the first field it refused
  const box = useRef<HTMLDivElement>(null);
  const apply = () => {
    setTried(true);
    const next = scenarioFromDraft(draft);
    if (!next) {
      box.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    dropDraft(draftKey);
    setBase(null);
    onApply(next);
  };

  const firstIndexOf = new Map<string, number>();
  draft.pairs.forEach((p, n) => {
    if (!firstIndexOf.has(p.id)) firstIndexOf.set(p.id, n);
  });

  return (
    <div className={s.stack} ref={box}>
      {discarded && base === null ? (
        <p className={s.notice} role="status" data-testid="draft-discarded">
          {T.discarded}
        </p>
      ) : null}
      {base !== null ? (
        <div className={s.notice} role="status" data-testid="draft-kept">
          <span data-persistence={keptAs}>
            {elsewhere ? T.keptElsewhere : keptAs === 'stored' ? T.keptStored : T.keptOpen}
            {RELOAD_WORDS[keptAs]}
          </span>
          <button type="button" className={s.button} onClick={discard}>
            {T.discard}
          </button>
        </div>
      ) : null}
      <div className={s.editorGrid}>
        {text('lease', T.lease.caption, T.lease.label, draft.lease, (v) => patch({ lease: v }), {
          inputMode: 'numeric',
        })}
        {text('clock', T.clock.caption, T.clock.label, draft.clock, (v) => patch({ clock: v }), {
          inputMode: 'numeric',
        })}
        <ChoiceField
          caption={T.caller}
          value={draft.caller}
          options={CALLER_CHOICES}
          onChange={(caller) => patch({ caller })}
        />
        <ChoiceField
          caption={T.client}
          value={draft.client}
          options={CLIENT_CHOICES}
          onChange={(client) => patch({ client })}
        />
        {draft.client === 'raw'
          ? text(
              'trailing',
              T.trailing.caption,
              T.trailing.label,
              draft.trailing,
              (v) => patch({ trailing: v }),
              {
                placeholder: T.trailing.none,
              },
            )
          : null}
      </div>

      <div className={s.pairHead}>
        <strong>{fill(T.pairs, { count: draft.pairs.length })}</strong>
        <button type="button" className={s.button} onClick={() => setDraft((d) => addPairs(d, 1))}>
          {T.addPair}
        </button>
        <button
          type="button"
          className={s.button}
          onClick={() => setDraft((d) => addPairs(d, 100))}
        >
          {T.addHundred}
        </button>
      </div>
      <p
        className={`${draft.pairs.length > SHARE_CAPS.pairs ? s.error : s.muted} ${s.flush}`}
        data-testid="pair-cap"
      >
        {draft.pairs.length > SHARE_CAPS.pairs
          ? fill(T.tooLargeToShare, {
              cap: SHARE_CAPS.pairs,
              count: grouped(draft.pairs.length),
            })
          : fill(T.shareCap, { cap: SHARE_CAPS.pairs })}
      </p>
      {pages > 1 ? (
        <div className={s.row}>
          <button
            type="button"
            className={s.button}
            disabled={shownPage === 0}
            onClick={() => setPage(shownPage - 1)}
          >
            {T.previousPairs}
          </button>
          <span className={s.counter}>
            {fill(T.pairsShown, {
              from: shownPage * PAGE + 1,
              to: Math.min(draft.pairs.length, (shownPage + 1) * PAGE),
              total: draft.pairs.length,
            })}
          </span>
          <button
            type="button"
            className={s.button}
            disabled={shownPage >= pages - 1}
            onClick={() => setPage(shownPage + 1)}
          >
            {T.nextPairs}
          </button>
        </div>
      ) : null}
      {draft.pairs.slice(shownPage * PAGE, (shownPage + 1) * PAGE).map((p, j) => {
        const n = shownPage * PAGE + j;
        const first = firstIndexOf.get(p.id) === n;
        const k = p.key;
        return (
          <fieldset key={k} className={s.pairCard} data-pair={n}>
            <legend className={s.label}>
              {fill(T.pair, { n: n + 1, idSlot: 2 * n + 2, tokenSlot: 2 * n + 3 })}
            </legend>
            <div className={s.editorGrid}>
              {pairText(p, n, 'id', fill(T.id.caption, { cap: SHARE_CAPS.idBytes }))}
              {pairText(p, n, 'token', T.token.caption, { inputMode: 'numeric' })}
              {first ? (
                <>
                  <ChoiceField
                    caption={T.row.caption}
                    label={fill(T.row.label, { n: n + 1 })}
                    value={p.row}
                    options={ROW_CHOICES}
                    onChange={(row) => patchPair(k, { row })}
                  />
                  {p.row === 'hash' ? (
                    <>
                      {pairText(p, n, 'attempts', T.attempts.caption, { inputMode: 'numeric' })}
                      {pairText(p, n, 'group', fill(T.group.caption, { cap: SHARE_CAPS.group }), {
                        placeholder: T.group.none,
                      })}
                    </>
                  ) : null}
                  <ChoiceField
                    caption={T.place.caption}
                    label={fill(T.place.label, { n: n + 1 })}
                    value={p.place}
                    options={PLACE_CHOICES}
                    onChange={(place) => patchPair(k, { place })}
                  />
                  {p.place === 'active'
                    ? pairText(p, n, 'leaseLeft', T.leaseLeft.caption, { inputMode: 'numeric' })
                    : null}
                </>
              ) : (
                <p className={`${s.muted} ${s.flush} ${s.alignEnd}`}>
                  {fill(T.sameJob, { n: (firstIndexOf.get(p.id) ?? 0) + 1 })}
                </p>
              )}
            </div>
            <div className={s.row}>
              <button
                type="button"
                className={s.button}
                disabled={n === 0}
                onClick={() => move(n, -1)}
                aria-label={fill(T.up.label, { n: n + 1 })}
              >
                {T.up.face}
              </button>
              <button
                type="button"
                className={s.button}
                disabled={n === draft.pairs.length - 1}
                onClick={() => move(n, 1)}
                aria-label={fill(T.down.label, { n: n + 1 })}
              >
                {T.down.face}
              </button>
              <button
                type="button"
                className={s.button}
                onClick={() =>
                  setDraft((d) => ({ ...d, pairs: d.pairs.filter((x) => x.key !== k) }))
                }
                aria-label={fill(T.remove.label, { n: n + 1 })}
              >
                {T.remove.face}
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className={`${s.row} ${s.editorActions}`}>
        <button type="button" className={`${s.button} ${s.primary}`} onClick={apply}>
          {T.run}
        </button>
        {errorCount > 0 ? (
          <span className={s.error} role={tried ? 'alert' : undefined}>
            {errorCount === 1
              ? fill(T.refusedOne, { where })
              : fill(T.refusedMany, { count: errorCount, where })}
          </span>
        ) : null}
      </div>
    </div>
  );
});
