import { sha1Hex } from '../sha1.ts';
import { batchScript } from './batch-script.ts';
import type { ScriptModel } from './script-env.ts';
import { singleScript } from './single-script.ts';

/** SHA1 of the batch script's exact file text: what SCRIPT LOAD of the file answers. */
export const BATCH_SHA = sha1Hex(batchScript.source);
/** SHA1 of the single script's exact file text. */
export const SINGLE_SHA = sha1Hex(singleScript.source);

const MODELS = new Map<string, ScriptModel>();
for (const model of [batchScript, singleScript]) {
  MODELS.set(sha1Hex(model.source), model);
  // the same text without its final newline (as a shell's $(cat file) passes it)
  // runs identically, line for line, so it is recognised too
  const trimmed = model.source.replace(/\n+$/, '');
  MODELS.set(sha1Hex(trimmed), model);
}

/** The model for a script SHA, if the script is one of the lesson's. */
export function modelFor(sha: string): ScriptModel | undefined {
  return MODELS.get(sha);
}

/** The clear refusal for a script the simulator does not model. */
export function unmodelledScriptError(sha: string): string {
  return (
    `ERR the simulator runs only the lesson's scripts (extend_locks2.lua, extend_lock2.lua); ` +
    `script ${sha} is not one of them`
  );
}
