import { utf8Length } from '@batch-lease/redis-sim/client';
import { RaisedError, noClause } from './raised.ts';
import { inspectBinary } from './terms.ts';

/** The longest id, in UTF-8 bytes, the gate accepts. */
export const JOB_ID_MAX_BYTES = 128;

// \p{White_Space} and \p{Cc} cover ASCII and Unicode spaces and every control character
const FORBIDDEN = /[{}\p{White_Space}\p{Cc}]/u;

/**
 * The gate's one rule: an id is 1 to {@link JOB_ID_MAX_BYTES} bytes of UTF-8
 * with no `{` or `}` (braces are reserved for the queue's hashtag: in
 * `emq:{q}:job:<id>` the tag is still `{q}`, but a key builder that ever put the
 * id first would hand the slot to the id, so ids never carry them), no whitespace and no control characters (either
 * would make the key ambiguous to read or to type). Answers why an id breaks
 * the rule, or null when it keeps it.
 */
export function jobIdProblem(id: string): string | null {
  if (id.length === 0) return 'an id must not be empty';
  if (utf8Length(id) > JOB_ID_MAX_BYTES) return `an id must be at most ${JOB_ID_MAX_BYTES} bytes`;
  const bad = FORBIDDEN.exec(id);
  if (bad) {
    const ch = bad[0];
    if (ch === '{' || ch === '}')
      return "an id must not contain { or }, which are reserved for the queue's hashtag";
    // tab and newline are both; they read as whitespace to a learner
    return /\p{White_Space}/u.test(ch)
      ? 'an id must not contain whitespace'
      : 'an id must not contain control characters';
  }
  return null;
}

/** `Keyspace.queue_key(queue, suffix)`: `emq:{queue}:suffix`. The queue name keeps the id's rule. */
export function queueKey(queue: string, suffix: string): string {
  if (typeof queue !== 'string') throw noClause('EchoMQ.Keyspace.queue_key/2');
  const problem = jobIdProblem(queue);
  if (problem) {
    throw new RaisedError(
      'ArgumentError',
      `invalid queue name ${inspectBinary(queue)}: ${problem.replace('an id', 'a queue name')}`,
    );
  }
  return `emq:{${queue}}:${suffix}`;
}

/**
 * `Keyspace.job_key(queue, id)`: the row key `emq:{queue}:job:<id>`, or an
 * ArgumentError when the id breaks the rule of {@link jobIdProblem}. Every
 * verb calls this before anything reaches the server.
 */
export function jobKey(queue: string, id: string): string {
  if (typeof id !== 'string') throw noClause('EchoMQ.Keyspace.job_key/2');
  const problem = jobIdProblem(id);
  if (problem)
    throw new RaisedError('ArgumentError', `invalid job id ${inspectBinary(id)}: ${problem}`);
  return queueKey(queue, `job:${id}`);
}
