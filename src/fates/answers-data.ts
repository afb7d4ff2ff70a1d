/**
 * The fate picker's answers as island props carry them. The build computes every fate on the
 * simulated server (see compute.ts) and the page ships only the results, so the browser runs
 * no simulator for the picker. The fate itself (label, state, why) is in the catalogue the
 * picker imports anyway, so the data names it by id.
 */
import { fateById, type FateId } from './catalogue.ts';
import type { FateAnswers } from './compute.ts';

/** {@link FateAnswers} with the fate named by id. */
export type FateAnswersData = Omit<FateAnswers, 'fate'> & { fate: FateId };

/** The data form of computed answers. */
export function toAnswersData(a: FateAnswers): FateAnswersData {
  return { ...a, fate: a.fate.id };
}

/** Computed answers back from their data form, joined with the catalogue's fate. */
export function fromAnswersData(d: FateAnswersData): FateAnswers {
  return { ...d, fate: fateById(d.fate) };
}
