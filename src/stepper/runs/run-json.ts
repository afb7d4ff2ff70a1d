/**
 * A ready run in a form JSON can carry: the build computes the default scenario's runs on the
 * simulated server and hands them to the page as island props, so the first walk needs no
 * simulator in the browser. Only the keyspace view holds Maps; everything else is plain data.
 */
import type { Executor, Scenario } from '../../scenario/index.ts';
import type { KeyspaceView } from './keyspace-view.ts';
import type { PrerenderedRun } from './run-source.ts';
import type { ReadyRun } from './trace-source.ts';

/** {@link KeyspaceView} with its Maps as entry lists, in their insertion order. */
export interface KeyspaceViewJSON {
  active: [string, number][];
  rows: [string, [string, string][] | 'wrongtype'][];
  pending: string[];
  keys?: { active: string; pending: string };
}

/** {@link ReadyRun} as JSON carries it. */
export type ReadyRunJSON = Omit<ReadyRun, 'initial'> & { initial: KeyspaceViewJSON };

/** Every number a run holds must survive JSON: NaN, ±Infinity and -0 would come back changed. */
export function assertJsonSafe(value: unknown, path: string): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0)) {
      throw new Error(`run is not JSON-safe: ${path} is ${Object.is(value, -0) ? '-0' : value}`);
    }
  } else if (typeof value === 'bigint') {
    // an integer reply past 2^53 (intReply): JSON has no such number
    throw new Error(`run is not JSON-safe: ${path} is the integer ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => assertJsonSafe(v, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) assertJsonSafe(v, `${path}.${k}`);
  }
}

/** The JSON form of a ready run; throws rather than let a number change on the way. */
export function runToJSON(run: ReadyRun): ReadyRunJSON {
  const { initial, ...rest } = run;
  const json: ReadyRunJSON = {
    ...rest,
    initial: {
      active: [...initial.active],
      rows: [...initial.rows].map(([key, row]) => [key, row === 'wrongtype' ? row : [...row]]),
      pending: [...initial.pending],
      ...(initial.keys ? { keys: initial.keys } : {}),
    },
  };
  assertJsonSafe(json, 'run');
  return json;
}

/** The run {@link runToJSON} was given, from its JSON form (after any JSON round trip). */
export function runFromJSON(json: ReadyRunJSON): ReadyRun {
  const { initial, ...rest } = json;
  const view: KeyspaceView = {
    active: new Map(initial.active),
    rows: new Map(
      initial.rows.map(([key, row]) => [key, row === 'wrongtype' ? row : new Map(row)]),
    ),
    pending: [...initial.pending],
  };
  if (initial.keys) view.keys = initial.keys;
  return { ...rest, initial: view };
}

/** {@link PrerenderedRun} as JSON carries it (island props). */
export interface PrerenderedRunJSON {
  scenario: Scenario;
  executor: Executor;
  script?: string;
  run: ReadyRunJSON;
}

/** The JSON form of a build-time run. */
export function prerenderedToJSON(p: PrerenderedRun): PrerenderedRunJSON {
  const script = p.script === undefined ? {} : { script: p.script };
  return { scenario: p.scenario, executor: p.executor, ...script, run: runToJSON(p.run) };
}

/** A build-time run from its JSON form. */
export function prerenderedFromJSON(p: PrerenderedRunJSON): PrerenderedRun {
  const script = p.script === undefined ? {} : { script: p.script };
  return { scenario: p.scenario, executor: p.executor, ...script, run: runFromJSON(p.run) };
}
