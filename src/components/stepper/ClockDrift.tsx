import { memo } from 'react';
import { SCRIPT_TICK_MICROS } from '../../scenario/clock-model.ts';
import s from './stepper.module.css';

export interface ClockDriftProps {
  /** how many TIME reads the run has made so far */
  reads: number;
  /** the distinct deadlines the members were given so far, ascending */
  scores: readonly number[];
  /** the microseconds part of the latest read (TIME's second string) */
  micros: string | null;
}

const MODELLED = `This stepper models the advance: ${SCRIPT_TICK_MICROS} µs for every command the script sends, about what redis-server 7.0.15 takes per call on this project's machine; a real server's advance depends on its machine and load.`;

/**
 * What a run that reads the clock more than once must say, as a real Redis 7.0 server does it:
 * every TIME in a script reads the system clock afresh, so the reads move on (modelled here, and
 * said so), and the members' deadlines drift apart once the reads cross a millisecond.
 */
export const ClockDrift = memo(function ClockDrift({ reads, scores, micros }: ClockDriftProps) {
  if (scores.length > 1) {
    const first = scores[0]!;
    const last = scores[scores.length - 1]!;
    return (
      <p className={`${s.broken} ${s.flush}`} data-testid="drift">
        The scores drift: {scores.length} different deadlines so far, from {first} to {last} (
        {last - first} ms apart), where one clock read gives every member the same one. {MODELLED}
      </p>
    );
  }
  if (reads <= 1) return null;
  return (
    <p className={`${s.hint} ${s.flush}`} data-testid="clock-reads">
      The server clock has been read {reads} times in this run, once per member. On Redis 7.0 each
      TIME reads the system clock afresh (timeCommand calls gettimeofday; only key expiry keeps the
      time the script started), so every read is later than the one before
      {micros === null ? '' : `: the latest is at ${micros} µs into its second`}. {MODELLED} These
      reads still fall in one millisecond, so the members share a deadline by timing, not by design:
      a batch whose reads cross a millisecond gives its members different deadlines.
    </p>
  );
});
