/**
 * The single script's three refusals, one wire class each. This module is the
 * one place their names and messages live: the script file must contain
 * exactly these texts (a unit test reads it), and the verb maps them back to
 * Elixir reasons.
 */
export const WIRE_CLASSES = {
  gone: { code: 'EMQGONE', message: 'the job row does not exist' },
  stale: { code: 'EMQSTALE', message: 'the token does not match the row attempts' },
  not_active: { code: 'EMQNOTACTIVE', message: 'the job is not in active' },
} as const;

/** The reason atom a refusal maps to in `extend_lock/5`: `:gone`, `:stale`, `:not_active`. */
export type WireReason = keyof typeof WIRE_CLASSES;

/** The full error text of a refusal, as the script's redis.error_reply sends it. */
export function wireErrorText(reason: WireReason): string {
  const c = WIRE_CLASSES[reason];
  return `${c.code} ${c.message}`;
}

/** The reason for an error text, by its leading wire class, or null for any other error. */
export function reasonOfError(text: string): WireReason | null {
  const code = text.split(' ', 1)[0];
  for (const reason of Object.keys(WIRE_CLASSES) as WireReason[]) {
    if (WIRE_CLASSES[reason].code === code) return reason;
  }
  return null;
}
