/**
 * The words of a refused scenario field: the rule in plain words first, then what the real
 * system says (its own words, verbatim, in `{words}`), so a raw exception is kept but never
 * stands alone. `{name}` is a slot the code (src/scenario/validate.ts) fills; the content
 * schema checks each sentence names exactly those slots. The system's own words (the
 * exceptions EchoMQ raises) are not here: they are what the real system prints.
 */
export const validationWords = {
  /** a refusal: the rule, who raises, and the raise itself */
  ruleThenSystem: '{rule}. {who}: {words}',
  id: {
    otherwise: 'the id is not one the key builder accepts',
    who: 'Keyspace.job_key/2 raises',
  },
  group: {
    /** the id gate's rule, said of a group */
    subject: 'a group name',
    because: "{rule}, because it becomes part of the lane's keys",
    who: 'the key builder raises',
  },
  token: {
    rule: "A token must be a whole number, the row's attempts when the job was claimed; got {typed}",
    who: 'Integer.to_string/1 in the verb raises',
  },
  lease: {
    notInteger: 'lease_ms must be an integer; got {typed}',
    notPositive:
      "lease_ms must be a positive integer; the verb's guard (is_integer(lease_ms) and lease_ms > 0) refuses {typed}",
    who: 'extend_locks/4 raises',
    outOfRange: 'lease_ms is out of range',
  },
  clock: {
    notWhole: 'the clock must be a whole number of ms since 1970',
    tooLate: 'the clock is past the last date TIME can report',
  },
  count: '{what} must be a whole number; got {typed}',
  trailingNeedsRaw: 'extend_locks/4 flattens whole pairs: only a raw client sends a trailing id',
  activeKeyNeedsRaw:
    'extend_locks/4 always sends the base active set: only a raw client names another KEYS[1]',
  attempts: 'attempts must be a whole number',
  leaseLeft: 'the lease left must be whole ms',
} as const;

/** The shape of the refusals' words (the schema checks the sentences themselves). */
export type ValidationWords = typeof validationWords;
