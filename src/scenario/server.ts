/**
 * A simulated server in a scenario's state, and the connection of the scenario's caller:
 * the one setup the stepper's runs and the fate picker's answers both start from. Only
 * code that runs the simulator imports this (the stepper's lazy chunk and the build), so
 * the rest of src/scenario stays free of it.
 */
import { SCRIPT_TICK_MICROS } from './clock-model.ts';
import {
  createServer,
  type Connection,
  type CreateServerOptions,
  type SimServer,
} from '@batch-lease/redis-sim';
import { isError } from '@batch-lease/redis-sim/client';
import { BATCH_SOURCE, SINGLE_SOURCE } from '@batch-lease/echomq';
import { queueKeys } from './keys.ts';
import { setupCommands } from './setup.ts';
import type { Scenario } from './types.ts';
import { echomqModule } from '@batch-lease/echomq/module';

/** The user a read-only caller connects as. */
export const READ_ONLY_USER = 'reader';

/**
 * The read-only caller's rules: read the rows, full access to active and the base. The
 * real server serves this user the batch script and refuses it the row write the native
 * twin needs (checked on redis-server 7.0 in the differential ACL cases).
 */
export function readOnlyRules(queue: string): string[] {
  const k = queueKeys(queue);
  return ['on', 'nopass', '+@all', `%R~${k.base}job:*`, `~${k.active}`, `~${k.base}`];
}

/** What a scenario's server is given besides its clock: who it is, its budget, its modules. */
export type ScenarioServerOptions = Pick<
  CreateServerOptions,
  'runId' | 'scriptStepBudget' | 'scriptTimeLimitMs' | 'modules'
>;

/**
 * A server at the scenario's clock, put into the state `setup` writes: the one clock model
 * (TIME advances inside a script as on a live server, by a modelled amount per command) for
 * every server a scenario runs on, EchoMQ's keys or a mirror of them in another layout.
 */
export function serverSetUp(
  scenario: Scenario,
  setup: readonly (readonly string[])[],
  options: ScenarioServerOptions,
): SimServer {
  const server = createServer({
    now: () => scenario.clockMs,
    scriptTickMicros: SCRIPT_TICK_MICROS,
    ...options,
  });
  for (const cmd of setup) {
    const r = server.call(cmd);
    if (isError(r)) throw new Error(`scenario setup refused: ${cmd.join(' ')} → ${r.error}`);
  }
  return server;
}

/**
 * A server at the scenario's clock with its keyspace set up and both lesson scripts loaded,
 * so a verb's EVALSHA is the only command it sends. `runId` is fixed by the caller so a
 * prerendered page and the live one show the same lease_epoch. `scriptTimeLimitMs`: the
 * wall-clock limit of a script it runs (none when absent: the runs the build makes, and the
 * worker's, which the page ends itself).
 */
export function serverFor(
  scenario: Scenario,
  runId: string,
  scriptStepBudget?: number,
  scriptTimeLimitMs?: number,
): SimServer {
  const server = serverSetUp(scenario, setupCommands(scenario), {
    runId,
    scriptStepBudget,
    ...(scriptTimeLimitMs === undefined ? {} : { scriptTimeLimitMs }),
    modules: [echomqModule()],
  });
  server.call(['SCRIPT', 'LOAD', BATCH_SOURCE]);
  server.call(['SCRIPT', 'LOAD', SINGLE_SOURCE]);
  return server;
}

/** The connection the scenario's caller uses. */
export function callerOf(server: SimServer, scenario: Scenario): Connection {
  if (scenario.caller === 'full') return server.connect();
  const r = server.call(['ACL', 'SETUSER', READ_ONLY_USER, ...readOnlyRules(scenario.queue)]);
  if (isError(r)) throw new Error(`the read-only caller could not be made: ${r.error}`);
  return server.connect(READ_ONLY_USER);
}
