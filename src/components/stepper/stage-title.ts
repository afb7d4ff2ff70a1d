import { stepperWords as T } from '../../../content/stepper.ts';
import { fill } from '../../content/template.ts';
import type { Scenario } from '../../scenario/index.ts';

/**
 * The stage's title for the scenario it runs: "Extend four leases · step the members" for the
 * default walk, "Extend 1,000 leases · …" for the thousand, so the title never names another
 * scenario than the one shown.
 */
export function stageTitle(scenario: Scenario): string {
  const count = scenario.held.length;
  const leases =
    count === 1
      ? T.leases.one
      : count < T.leases.words.length
        ? fill(T.leases.many, { count: T.leases.words[count]! })
        : fill(T.leases.many, { count: count.toLocaleString('en-US') });
  return fill(T.title, { leases });
}
