import { stepperWords as T } from '../../../content/stepper.ts';
import { fill, grouped } from '../../content/template.ts';
import type { Scenario } from '../../scenario/index.ts';

/**
 * The stage's title for the scenario it runs: "Extend four leases · step the members" for the
 * default walk, "Extend 1,000 leases · …" for the thousand, so the title never names another
 * scenario than the one shown. The count is grouped without Intl (`grouped`): the page's first
 * Intl call loads its number data, some 50 ms, and a hash change to the thousand paid it here.
 */
export function stageTitle(scenario: Scenario): string {
  const count = scenario.held.length;
  const leases =
    count === 1
      ? T.leases.one
      : count < T.leases.words.length
        ? fill(T.leases.many, { count: T.leases.words[count]! })
        : fill(T.leases.many, { count: grouped(count) });
  return fill(T.title, { leases });
}
