import { type EntryView, type TableView, shownText } from '../../stepper/index.ts';
import type { ShownValue } from '@batch-lease/redis-sim/client';
import { panelWords } from '../../../content/panels.ts';
import { fill, grouped } from '../../content/template.ts';
import d from './script.module.css';

const T = panelWords.table;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A key as Lua source would write it in a constructor: `name`, `[1]`, `["two words"]`. */
function keyText(k: ShownValue): string {
  if (typeof k === 'string' && IDENTIFIER.test(k)) return k;
  return `[${shownText(k)}]`;
}

function Value({ entry }: { entry: EntryView }) {
  const { nested, value } = entry;
  if (nested === undefined) return <>{shownText(value)}</>;
  if (nested === 'cycle')
    return (
      <span data-cycle="">
        {shownText(value)} <span className={d.tableNote}>{T.cycle}</span>
      </span>
    );
  if (nested === 'deeper')
    return (
      <>
        {shownText(value)} <span className={d.tableNote}>{'{ … }'}</span>
      </>
    );
  return (
    <>
      {shownText(value)}
      <TableContents table={nested} />
    </>
  );
}

function Entry({ entry }: { entry: EntryView }) {
  return (
    <li
      className={entry.changed ? d.just : undefined}
      data-key={keyText(entry.key)}
      data-changed={entry.changed ? '' : undefined}
    >
      <span className={d.tableKey}>{keyText(entry.key)}</span> = <Value entry={entry} />
      {entry.changed ? <span className={d.justTag}>{T.justWritten}</span> : null}
    </li>
  );
}

/**
 * A table's contents, as Python Tutor draws a frame's objects: the sequence 1..n (a long one
 * keeps its start and end, with how many are left out between), then the other keys in the
 * order they were first written; tables inside drawn in turn to a small depth ("{ … }" beyond),
 * and a table that holds one it is inside of marked as a cycle. The entries the step just
 * wrote are marked.
 */
export function TableContents({ table }: { table: TableView }) {
  const empty = table.array.length === 0 && table.hash.length === 0 && table.more === 0;
  return (
    <div
      className={d.table}
      data-table={table.address}
      data-changed={table.changed ? '' : undefined}
    >
      {empty ? (
        <span className={d.tableNote}>{`{ } ${T.empty}`}</span>
      ) : (
        <ul className={d.entries} aria-label={fill(T.entries, { address: table.address })}>
          {table.array.map((e, i) =>
            'gap' in e ? (
              <li key={`gap ${i}`} className={d.tableNote} data-gap="">
                {fill(T.gap, { count: grouped(e.gap) })}
              </li>
            ) : (
              <Entry key={`a ${i}`} entry={e} />
            ),
          )}
          {table.hash.map((e, i) => (
            <Entry key={`h ${i}`} entry={e} />
          ))}
          {table.more > 0 ? (
            <li className={d.tableNote} data-gap="">
              {fill(T.moreKeys, { count: grouped(table.more) })}
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
