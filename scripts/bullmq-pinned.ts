// The BullMQ scripts as last read and explained by the lesson ("How BullMQ does it" in
// content/lesson.mdx and content/bullmq.ts): BullMQ's version and a fingerprint of each script
// (scripts/bullmq-change.ts), never its text. When BullMQ changes a script, the build warns and
// tests/bullmq-scripts.test.ts fails with what changed; check the lesson's words against the
// new script, then refresh these fingerprints (the failing test prints the new ones).
import type { BullmqScriptName } from './bullmq-scripts.ts';
import type { ScriptFingerprint } from './bullmq-change.ts';

/** The version whose scripts the lesson's words were checked against. */
export const PINNED_VERSION = '6.7.0';

/** Each script of {@link PINNED_VERSION}, fingerprinted. */
export const PINNED_SCRIPTS: Record<BullmqScriptName, ScriptFingerprint> = {
  extendLocks: {
    sha: 'c35baf769e5dc3d9194b2bceca04ab59f7c510f7',
    lines: (
      'fe01b5af 3de96a87 8cb436ec 25553e5e 825af828 3ca3c797 64e1d08a ' +
      '85dd6ef6 374130ac f52e6a50 0f30fef4 83d27ea4 6feedb9c b827bc7e ' +
      '3fe6962b 2560b98c d244c88e ed9eadd3 7a8a8e79 48f6e63a ab71d99e ' +
      '28b6d646 5169742a b94208fe 2c6acb4e 6fce8a5b c9ff2216 cd685141 ' +
      '51c108e6 eb85cda7 063ce5c1 97433167 2389c138 0a9f3dcb 20b59e36 ' +
      'b728cb1a 22bf3436 f0ab2535 7a92f3d2 c6057f99'
    ).split(' '),
    calls: ['GET lockKey', 'SET lockKey token PX lockDuration', 'SREM stalledKey jobId'],
    slots: ['ARGV[1]', 'ARGV[2]', 'ARGV[3]', 'ARGV[4]', 'KEYS[1]'],
  },
  extendLock: {
    sha: 'dc9605328a4cc37f68acbf27cdd42e393f7b762e',
    lines: (
      'fe01b5af 6f0ff21c fb1ecf96 c7b11337 fcd1e3f5 559074f5 15b7a6f8 ' +
      '75c875de 374130ac 8fa27a14 0f30fef4 83d27ea4 db4eb47d fcc1e0fb ' +
      'caf56bf1 3ef0b3b3 a0aa74eb 41211f29 7a92f3d2 06d3d9b2'
    ).split(' '),
    calls: ['GET KEYS[1]', 'SET KEYS[1] ARGV[1] PX ARGV[2]', 'SREM KEYS[2] ARGV[3]'],
    slots: ['ARGV[1]', 'ARGV[2]', 'ARGV[3]', 'KEYS[1]', 'KEYS[2]'],
  },
};
