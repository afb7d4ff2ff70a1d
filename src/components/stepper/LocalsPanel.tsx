import { memo, useId } from 'react';
import { type LocalView, shownText } from '../../stepper/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import d from './script.module.css';
import { TableContents } from './TableContents.tsx';
import s from './stepper.module.css';

const T = panelWords.locals;

/** The longest name a class of script.module.css sizes the names column for (`.names1`…). */
const NAME_CLASSES = 32;

/**
 * The frame's class for its names column: as wide as its longest name, in ch (the names are
 * monospace), so every row has the same fixed column and lays itself out alone.
 */
function namesClass(locals: readonly LocalView[]): string {
  const widest = locals.reduce((w, l) => Math.max(w, l.name.length), 1);
  return widest <= NAME_CLASSES ? (d[`names${widest}`] ?? d.namesWide!) : d.namesWide!;
}

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
  const alias =
    same.length > 0 ? fill(T.sameTable, { names: same.map((o) => o.name).join(', ') }) : '';
  return `${shownText(v)} · #${l.name} = ${v.length}${alias}`;
}

/** What the mark on a changed local says: a new value, or a write into the table it holds. */
function changeTag(l: LocalView): string {
  // the local kept its table, and the step wrote into it
  if (l.tableWritten) return T.tableWritten;
  return T.justSet;
}

/**
 * The running function's frame, as Python Tutor shows one: every local in scope at this step
 * with its value, innermost last, the ones the step just set marked. A table is shown by the
 * run's address for it and its `#`, with its contents under it (the array part and the other
 * keys, nested tables to a small depth); a table the step wrote into is marked even when the
 * local still holds the same table. The trace keeps each write once, never a copy per step.
 */
export const LocalsPanel = memo(function LocalsPanel({ locals }: LocalsPanelProps) {
  const title = useId();
  return (
    <section className={s.panel} aria-labelledby={title} data-testid="locals">
      <h3 className={s.panelTitle} id={title}>
        {T.heading}
      </h3>
      {locals.length === 0 ? (
        <p className={`${s.muted} ${s.flush}`}>{T.none}</p>
      ) : (
        <dl className={`${d.frame} ${namesClass(locals)}`}>
          {locals.map((l, i) => (
            <LocalRow
              key={`${i} ${l.name}`}
              name={l.name}
              text={valueText(l, locals)}
              changed={l.changed}
              tag={changeTag(l)}
              table={l.table}
            />
          ))}
        </dl>
      )}
    </section>
  );
});

// A step sets one local or none: only its row (and the row it was set on before) renders again,
// since a row's props are its words, which stay equal strings while its value stands (a table's
// contents are the view of its writes up to the step, new only when it was written).
const LocalRow = memo(function LocalRow({
  name,
  text,
  changed,
  tag,
  table,
}: {
  name: string;
  text: string;
  changed: boolean;
  tag: string;
  table: LocalView['table'];
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
        {changed ? <span className={d.justTag}>{tag}</span> : null}
        {table ? <TableContents table={table} /> : null}
      </dd>
    </div>
  );
});
