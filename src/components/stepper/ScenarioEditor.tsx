import { memo, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { SHARE_CAPS } from '../../scenario/caps.ts';
import type { Scenario } from '../../scenario/types.ts';
import {
  draftPersistence,
  dropDraft,
  keepDraft,
  readDraft,
  type DraftPersistence,
} from './draft-store.ts';
import {
  addPairs,
  draftErrors,
  draftFromScenario,
  scenarioFromDraft,
  type Draft,
  type DraftPair,
} from './editor-draft.ts';
import s from './stepper.module.css';

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
  memory: ' They are kept while this page is open, not across a reload.',
  'too-large':
    ' This draft is too large for the browser’s session storage: it is kept while this page is open, but a reload or closing the tab would lose it. Run it first.',
  'no-storage':
    ' The browser refuses to store them here, so they are kept while this page is open, but a reload or closing the tab would lose them.',
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
  const errorFor = (name: string): ReactNode =>
    errors[name] ? (
      <p className={s.error} id={fieldId(`${name}-err`)} role="status">
        {errors[name]}
      </p>
    ) : null;
  const inputProps = (name: string, label: string) => ({
    id: fieldId(name),
    className: s.input,
    'aria-label': label,
    'aria-invalid': errors[name] ? ('true' as const) : ('false' as const),
    'aria-describedby': errors[name] ? fieldId(`${name}-err`) : undefined,
    spellCheck: false,
    autoComplete: 'off',
  });

  const apply = () => {
    setTried(true);
    const next = scenarioFromDraft(draft);
    if (!next) return;
    dropDraft(draftKey);
    setBase(null);
    onApply(next);
  };

  const firstIndexOf = new Map<string, number>();
  draft.pairs.forEach((p, n) => {
    if (!firstIndexOf.has(p.id)) firstIndexOf.set(p.id, n);
  });

  return (
    <div className={s.stack}>
      {base !== null ? (
        <div className={s.notice} role="status" data-testid="draft-kept">
          <span data-persistence={keptAs}>
            {elsewhere
              ? 'The stepper now runs another scenario; your unapplied edits below are kept. Run them, or discard them to edit the scenario now running.'
              : keptAs === 'stored'
                ? 'Unapplied edits: kept while the editor is closed or the page reloads, until you run or discard them.'
                : 'Unapplied edits: kept while the editor is closed, until you run or discard them.'}
            {RELOAD_WORDS[keptAs]}
          </span>
          <button type="button" className={s.button} onClick={discard}>
            Discard my edits
          </button>
        </div>
      ) : null}
      <div className={s.editorGrid}>
        <label className={s.field}>
          lease_ms (ARGV[1])
          <input
            {...inputProps('lease', 'lease_ms')}
            value={draft.lease}
            onChange={(e) => patch({ lease: e.target.value })}
            inputMode="numeric"
          />
          {errorFor('lease')}
        </label>
        <label className={s.field}>
          server clock (ms)
          <input
            {...inputProps('clock', 'server clock in ms')}
            value={draft.clock}
            onChange={(e) => patch({ clock: e.target.value })}
            inputMode="numeric"
          />
          {errorFor('clock')}
        </label>
        <label className={s.field}>
          caller
          <select
            className={s.select}
            value={draft.caller}
            onChange={(e) => patch({ caller: e.target.value as Draft['caller'] })}
          >
            <option value="full">full access</option>
            <option value="read-only">read-only on the job rows</option>
          </select>
        </label>
        <label className={s.field}>
          client
          <select
            className={s.select}
            value={draft.client}
            onChange={(e) => patch({ client: e.target.value as Draft['client'] })}
          >
            <option value="verb">extend_locks/4</option>
            <option value="raw">a raw client</option>
          </select>
        </label>
        {draft.client === 'raw' ? (
          <label className={s.field}>
            trailing id, no token (raw)
            <input
              {...inputProps('trailing', 'trailing id')}
              value={draft.trailing}
              onChange={(e) => patch({ trailing: e.target.value })}
              placeholder="none"
            />
            {errorFor('trailing')}
          </label>
        ) : null}
      </div>

      <div className={s.pairHead}>
        <strong>held pairs · {draft.pairs.length}</strong>
        <button type="button" className={s.button} onClick={() => setDraft((d) => addPairs(d, 1))}>
          Add a pair
        </button>
        <button
          type="button"
          className={s.button}
          onClick={() => setDraft((d) => addPairs(d, 100))}
        >
          Add 100 pairs
        </button>
      </div>
      <p
        className={`${draft.pairs.length > SHARE_CAPS.pairs ? s.error : s.muted} ${s.flush}`}
        data-testid="pair-cap"
      >
        {draft.pairs.length > SHARE_CAPS.pairs
          ? `This scenario is too large to share as a link: a link carries at most ${SHARE_CAPS.pairs} pairs, and this one has ${draft.pairs.length.toLocaleString('en')}. It still runs here.`
          : `A link to this scenario carries up to ${SHARE_CAPS.pairs} pairs; more still run here, but are not shared as a link.`}
      </p>
      {pages > 1 ? (
        <div className={s.row}>
          <button
            type="button"
            className={s.button}
            disabled={shownPage === 0}
            onClick={() => setPage(shownPage - 1)}
          >
            Previous pairs
          </button>
          <span className={s.counter}>
            pairs {shownPage * PAGE + 1}–{Math.min(draft.pairs.length, (shownPage + 1) * PAGE)} of{' '}
            {draft.pairs.length}
          </span>
          <button
            type="button"
            className={s.button}
            disabled={shownPage >= pages - 1}
            onClick={() => setPage(shownPage + 1)}
          >
            Next pairs
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
              pair {n + 1} · ARGV[{2 * n + 2}], ARGV[{2 * n + 3}]
            </legend>
            <div className={s.editorGrid}>
              <label className={s.field}>
                id, at most {SHARE_CAPS.idBytes} bytes
                <input
                  {...inputProps(`${k}.id`, `pair ${n + 1} id`)}
                  value={p.id}
                  onChange={(e) => patchPair(k, { id: e.target.value })}
                />
                {errorFor(`${k}.id`)}
              </label>
              <label className={s.field}>
                token
                <input
                  {...inputProps(`${k}.token`, `pair ${n + 1} token`)}
                  value={p.token}
                  onChange={(e) => patchPair(k, { token: e.target.value })}
                  inputMode="numeric"
                />
                {errorFor(`${k}.token`)}
              </label>
              {first ? (
                <>
                  <label className={s.field}>
                    row
                    <select
                      className={s.select}
                      aria-label={`pair ${n + 1} row`}
                      value={p.row}
                      onChange={(e) => patchPair(k, { row: e.target.value as DraftPair['row'] })}
                    >
                      <option value="hash">a hash row</option>
                      <option value="none">no row (gone)</option>
                      <option value="wrongtype">a string (wrong type)</option>
                    </select>
                  </label>
                  {p.row === 'hash' ? (
                    <>
                      <label className={s.field}>
                        attempts
                        <input
                          {...inputProps(`${k}.attempts`, `pair ${n + 1} attempts`)}
                          value={p.attempts}
                          onChange={(e) => patchPair(k, { attempts: e.target.value })}
                          inputMode="numeric"
                        />
                        {errorFor(`${k}.attempts`)}
                      </label>
                      <label className={s.field}>
                        group (lane), at most {SHARE_CAPS.group} characters
                        <input
                          {...inputProps(`${k}.group`, `pair ${n + 1} group`)}
                          value={p.group}
                          onChange={(e) => patchPair(k, { group: e.target.value })}
                          placeholder="flat job"
                        />
                        {errorFor(`${k}.group`)}
                      </label>
                    </>
                  ) : null}
                  <label className={s.field}>
                    place
                    <select
                      className={s.select}
                      aria-label={`pair ${n + 1} place`}
                      value={p.place}
                      onChange={(e) =>
                        patchPair(k, { place: e.target.value as DraftPair['place'] })
                      }
                    >
                      <option value="active">in active</option>
                      <option value="pending">in pending (reaped)</option>
                      <option value="neither">in neither</option>
                    </select>
                  </label>
                  {p.place === 'active' ? (
                    <label className={s.field}>
                      lease left (ms)
                      <input
                        {...inputProps(`${k}.leaseLeft`, `pair ${n + 1} lease left`)}
                        value={p.leaseLeft}
                        onChange={(e) => patchPair(k, { leaseLeft: e.target.value })}
                        inputMode="numeric"
                      />
                      {errorFor(`${k}.leaseLeft`)}
                    </label>
                  ) : null}
                </>
              ) : (
                <p className={`${s.muted} ${s.flush} ${s.alignEnd}`}>
                  the same job as pair {(firstIndexOf.get(p.id) ?? 0) + 1}
                </p>
              )}
            </div>
            <div className={s.row}>
              <button
                type="button"
                className={s.button}
                disabled={n === 0}
                onClick={() => move(n, -1)}
                aria-label={`move pair ${n + 1} up`}
              >
                ↑ Up
              </button>
              <button
                type="button"
                className={s.button}
                disabled={n === draft.pairs.length - 1}
                onClick={() => move(n, 1)}
                aria-label={`move pair ${n + 1} down`}
              >
                ↓ Down
              </button>
              <button
                type="button"
                className={s.button}
                onClick={() =>
                  setDraft((d) => ({ ...d, pairs: d.pairs.filter((x) => x.key !== k) }))
                }
                aria-label={`remove pair ${n + 1}`}
              >
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className={s.row}>
        <button type="button" className={`${s.button} ${s.primary}`} onClick={apply}>
          Run this scenario
        </button>
        {errorCount > 0 ? (
          <span className={s.error} role={tried ? 'alert' : undefined}>
            {errorCount === 1 ? '1 field is refused' : `${errorCount} fields are refused`}; fix{' '}
            {errorCount === 1 ? 'it' : 'them'} to run. Nothing you typed is lost
            {keptAs === 'stored' ? '' : ' while this page is open'}.
          </span>
        ) : null}
      </div>
    </div>
  );
});
