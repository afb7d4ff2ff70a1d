import { memo, useId } from 'react';
import type { LocalView } from '../../stepper/views/locals-at.ts';
import { shownText } from '../../stepper/views/shown-text.ts';
import d from './script.module.css';
import s from './stepper.module.css';

export interface LocalsPanelProps {
  locals: readonly LocalView[];
}

/** A table's value in words: its address, its `#`, and the other locals holding the same table. */
function valueText(l: LocalView, all: readonly LocalView[]): string {
  const v = l.value;
  if (v === null || typeof v !== 'object') return shownText(v);
  if ('function' in v) return shownText(v);
  const same = all.filter(
    (o) =>
      o !== l &&
      o.value !== null &&
      typeof o.value === 'object' &&
      'table' in o.value &&
      o.value.table === v.table,
  );
  const alias = same.length > 0 ? ` · the same table as ${same.map((o) => o.name).join(', ')}` : '';
  return `${shownText(v)} · #${l.name} = ${v.length}${alias}`;
}

/**
 * The running function's frame, as Python Tutor shows one: every local in scope at this step
 * with its value, innermost last, the ones the step just set marked. Tables are shown by the
 * run's address for them and their `#` (the trace keeps identities, not copies of contents).
 */
export const LocalsPanel = memo(function LocalsPanel({ locals }: LocalsPanelProps) {
  const title = useId();
  return (
    <section className={s.panel} aria-labelledby={title} data-testid="locals">
      <h3 className={s.panelTitle} id={title}>
        Locals · the script&apos;s frame
      </h3>
      {locals.length === 0 ? (
        <p className={`${s.muted} ${s.flush}`}>No locals in scope yet.</p>
      ) : (
        <dl className={d.frame}>
          {locals.map((l, i) => (
            <LocalRow
              key={`${i} ${l.name}`}
              name={l.name}
              text={valueText(l, locals)}
              changed={l.changed}
            />
          ))}
        </dl>
      )}
    </section>
  );
});

// A step sets one local or none: only its row (and the row it was set on before) renders again,
// since a row's props are its words, which stay equal strings while its value stands.
const LocalRow = memo(function LocalRow({
  name,
  text,
  changed,
}: {
  name: string;
  text: string;
  changed: boolean;
}) {
  return (
    <div
      className={changed ? d.just : undefined}
      data-local={name}
      data-changed={changed ? '' : undefined}
    >
      <dt>{name}</dt>
      <dd>
        {text}
        {changed ? <span className={d.justTag}>just set</span> : null}
      </dd>
    </div>
  );
});
