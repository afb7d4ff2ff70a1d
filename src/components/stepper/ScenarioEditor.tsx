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
import { ChoiceField, TextField } from './EditorField.tsx';
import s from './stepper.module.css';

const CALLER_CHOICES = [
  ['full', 'full access'],
  ['read-only', 'read-only on the job rows'],
] as const satisfies readonly (readonly [Draft['caller'], string])[];
const CLIENT_CHOICES = [
  ['verb', 'extend_locks/4'],
  ['raw', 'a raw client'],
] as const satisfies readonly (readonly [Draft['client'], string])[];
const ROW_CHOICES = [
  ['hash', 'a hash row'],
  ['none', 'no row (gone)'],
  ['wrongtype', 'a string (wrong type)'],
] as const satisfies readonly (readonly [DraftPair['row'], string])[];
const PLACE_CHOICES = [
  ['active', 'in active'],
  ['pending', 'in pending (reaped)'],
  ['neither', 'in neither'],
] as const satisfies readonly (readonly [DraftPair['place'], string])[];

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
        {text('lease', 'lease_ms (ARGV[1])', 'lease_ms', draft.lease, (v) => patch({ lease: v }), {
          inputMode: 'numeric',
        })}
        {text(
          'clock',
          'server clock (ms)',
          'server clock in ms',
          draft.clock,
          (v) => patch({ clock: v }),
          {
            inputMode: 'numeric',
          },
        )}
        <ChoiceField
          caption="caller"
          value={draft.caller}
          options={CALLER_CHOICES}
          onChange={(caller) => patch({ caller })}
        />
        <ChoiceField
          caption="client"
          value={draft.client}
          options={CLIENT_CHOICES}
          onChange={(client) => patch({ client })}
        />
        {draft.client === 'raw'
          ? text(
              'trailing',
              'trailing id, no token (raw)',
              'trailing id',
              draft.trailing,
              (v) => patch({ trailing: v }),
              {
                placeholder: 'none',
              },
            )
          : null}
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
              {text(
                `${k}.id`,
                `id, at most ${SHARE_CAPS.idBytes} bytes`,
                `pair ${n + 1} id`,
                p.id,
                (id) => patchPair(k, { id }),
              )}
              {text(
                `${k}.token`,
                'token',
                `pair ${n + 1} token`,
                p.token,
                (token) => patchPair(k, { token }),
                {
                  inputMode: 'numeric',
                },
              )}
              {first ? (
                <>
                  <ChoiceField
                    caption="row"
                    label={`pair ${n + 1} row`}
                    value={p.row}
                    options={ROW_CHOICES}
                    onChange={(row) => patchPair(k, { row })}
                  />
                  {p.row === 'hash' ? (
                    <>
                      {text(
                        `${k}.attempts`,
                        'attempts',
                        `pair ${n + 1} attempts`,
                        p.attempts,
                        (attempts) => patchPair(k, { attempts }),
                        { inputMode: 'numeric' },
                      )}
                      {text(
                        `${k}.group`,
                        `group (lane), at most ${SHARE_CAPS.group} characters`,
                        `pair ${n + 1} group`,
                        p.group,
                        (group) => patchPair(k, { group }),
                        { placeholder: 'flat job' },
                      )}
                    </>
                  ) : null}
                  <ChoiceField
                    caption="place"
                    label={`pair ${n + 1} place`}
                    value={p.place}
                    options={PLACE_CHOICES}
                    onChange={(place) => patchPair(k, { place })}
                  />
                  {p.place === 'active'
                    ? text(
                        `${k}.leaseLeft`,
                        'lease left (ms)',
                        `pair ${n + 1} lease left`,
                        p.leaseLeft,
                        (leaseLeft) => patchPair(k, { leaseLeft }),
                        { inputMode: 'numeric' },
                      )
                    : null}
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
