import { readFileSync } from 'node:fs';
import { isError, type Caller } from '@batch-lease/redis-sim/differential/caller.ts';
import { sha1 } from '@batch-lease/redis-sim/differential/lua-compare.ts';
import type { ScriptName } from './scenario.ts';

/** The lesson's listing files: the single source both servers load. */
const FILES: Record<ScriptName, string> = {
  batch: 'extend_locks2.lua',
  single: 'extend_lock2.lua',
};

export type ScriptSources = Record<ScriptName, string>;
export type Shas = Record<ScriptName, string>;

/** Reads both scripts from packages/echomq/lua, byte for byte. */
export function readScriptSources(): ScriptSources {
  const read = (file: string) =>
    readFileSync(new URL(`../../packages/echomq/lua/${file}`, import.meta.url), 'utf8');
  return { batch: read(FILES.batch), single: read(FILES.single) };
}

/**
 * SCRIPT LOADs both scripts into a server and returns their SHAs. A reply other
 * than the script's own SHA1 is an error: it would make every EVALSHA a NOSCRIPT.
 */
export async function loadScripts(server: Caller, sources: ScriptSources): Promise<Shas> {
  const load = async (name: ScriptName) => {
    const reply = await server.call(['SCRIPT', 'LOAD', sources[name]]);
    if (isError(reply) || reply !== sha1(sources[name])) {
      throw new Error(`SCRIPT LOAD of ${FILES[name]} answered ${JSON.stringify(reply)}`);
    }
    return reply;
  };
  return { batch: await load('batch'), single: await load('single') };
}
