import { memo, useId } from 'react';
import { type LocalView, type LocalsLayout, shownText } from '../../stepper/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import d from './script.module.css';
import { TableContents } from './TableContents.tsx';
import s from './stepper.module.css';

const T = panelWords.locals;

/** The longest name a class of script.module.css sizes the names column for (`.names1`…). */
const NAME_CLASSES = 32;

/**
 * The frame's class for its names column: as wide as the longest name of the whole run, in ch
 * (the names are monospace), so the values stand in one place at every step. A longer name is
 * cut at the widest class, whole in its title.
 */
function namesClass(widest: number): string {
  return d[`names${Math.max(1, Math.min(widest, NAME_CLASSES))}`]!;
}

export interface LocalsPanelProps {
  locals: readonly LocalView[];
  /** what the frame reserves over the whole run (selectLocalsLayout) */
  layout: LocalsLayout;
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
 *
 * The frame is a fixed region: its names column is as wide as the run's longest name, every
 * row is one line (a long value scrolls the region sideways), a place that ever holds a table
 * keeps a box as tall as that table ever grows (its contents scroll inside beyond that), and
 * the places of locals not in scope yet stand empty; so a step changes what the rows say,
 * never where one stands.
 */
export const LocalsPanel = memo(function LocalsPanel({ locals, layout }: LocalsPanelProps) {
  const title = useId();
  const places = Math.max(layout.slots, locals.length);
  return (
    <section className={s.panel} aria-labelledby={title} data-testid="locals">
      <h3 className={s.panelTitle} id={title}>
        {T.heading}
      </h3>
      {places === 0 ? (
        <p className={`${s.muted} ${s.flush}`}>{T.none}</p>
      ) : (
        <dl className={`${d.frame} ${namesClass(layout.widestName)}`}>
          {Array.from({ length: places }, (_, i) => {
            const l = locals[i];
            const lines = layout.tableLines[i] ?? 0;
            return l ? (
              <LocalRow
                key={`${i} ${l.name}`}
                name={l.name}
                text={valueText(l, locals)}
                changed={l.changed}
                tag={changeTag(l)}
                table={l.table}
                lines={lines}
              />
            ) : (
              <Vacant key={`${i} `} lines={lines} note={i === 0 ? T.none : null} />
            );
          })}
        </dl>
      )}
    </section>
  );
});

/** A table's box: as tall as the table at its place ever grows in the run, scrolling beyond. */
function TableBox({ lines, table }: { lines: number; table?: LocalView['table'] | undefined }) {
  return (
    <div className={`${d.tableBox} ${d[`lines${lines}`] ?? ''}`}>
      {table ? <TableContents table={table} /> : null}
    </div>
  );
}

/** The place of a local not in scope at this step: as tall as its row is when it is. */
const Vacant = memo(function Vacant({ lines, note }: { lines: number; note: string | null }) {
  return (
    <div data-vacant="" aria-hidden={note === null ? true : undefined}>
      <dt />
      <dd className={note === null ? undefined : s.muted}>
        {/* the row's line, which a table's box stands under */}
        {note ?? '\u00a0'}
        {lines > 0 ? <TableBox lines={lines} /> : null}
      </dd>
    </div>
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
  lines,
}: {
  name: string;
  text: string;
  changed: boolean;
  tag: string;
  table: LocalView['table'];
  /** the lines its place reserves for a table (0: its place never holds one) */
  lines: number;
}) {
  return (
    <div
      className={changed ? d.just : undefined}
      data-local={name}
      data-changed={changed ? '' : undefined}
    >
      <dt title={name.length > NAME_CLASSES ? name : undefined}>{name}</dt>
      <dd>
        {text}
        {changed ? <span className={d.justTag}>{tag}</span> : null}
        {lines > 0 ? <TableBox lines={lines} table={table} /> : null}
      </dd>
    </div>
  );
});
