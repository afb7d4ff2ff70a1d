/**
 * How the stepper's server models the clock inside a script. Redis 7.0's TIME reads the system
 * clock afresh on every call (`timeCommand` calls `gettimeofday`; a script's start time is
 * kept only for key expiry, `scriptTimeSnapshot` in db.c), so on a real server each read in
 * one script is later than the one before. The page cannot know the learner's machine, so it
 * models the advance: each command a script sends takes this many microseconds, about what
 * redis-server 7.0.15 took per `redis.call` on this project's machine (3 µs, measured with
 * TIME around 9,000 HGET/ZSCORE/ZADD calls in one script: 2.7 to 3.8 µs a call).
 */
export const SCRIPT_TICK_MICROS = 3;
