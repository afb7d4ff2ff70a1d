/**
 * EchoMQ as a module of the simulated server, the way a Valkey module loads into a real one:
 * the native twin's commands (EMQ.EXTENDS, EMQ.EXTEND) and the lesson scripts' trace telling
 * (each lesson script's steps point into its listing and are told member by member). Load it
 * with `createServer({ modules: [echomqModule()] })`. This entry runs a server's commands, so
 * the page imports it only from lazily loaded code; `@batch-lease/echomq` is the light entry.
 */
import type { CommandSpec, ScriptTeller, ServerModule } from '@batch-lease/redis-sim';
import { emqExtend } from './native/extend.ts';
import { emqExtends } from './native/extends.ts';
import { listingFor } from './scripts/lesson-scripts.ts';
import { lessonShape } from './scripts/lesson-shape.ts';
import { lessonStory } from './scripts/lesson-story.ts';

/** The native module's commands: EMQ.EXTENDS and EMQ.EXTEND. */
export const NATIVE_COMMANDS: readonly CommandSpec[] = [emqExtends, emqExtend];

/**
 * The lesson scripts told in the lesson's terms: their listings, and the story of any script
 * with the lesson's shape (told member by member; `lesson-story.ts`).
 */
export const LESSON_SCRIPTS: ScriptTeller = {
  listingOf: (sha) => {
    const listing = listingFor(sha);
    return listing === 'user_script' ? undefined : listing;
  },
  storyOf: (tree) => {
    const shape = lessonShape(tree);
    return shape ? lessonStory(shape) : null;
  },
};

/** Options for {@link echomqModule}. */
export interface EchomqModuleOptions {
  /**
   * Whether the native commands (EMQ.EXTENDS, EMQ.EXTEND) are registered. True by default;
   * false models a node without the native module, which answers them as unknown commands,
   * while the lesson scripts are still told in the lesson's terms.
   */
  native?: boolean;
}

/**
 * The EchoMQ module for `createServer({ modules })`.
 *
 * @example
 * const server = createServer({ modules: [echomqModule()] });
 * server.call(['EMQ.EXTENDS', '2', 'emq:{q}:active', 'emq:{q}:', '30000', 'JOB1', '1']);
 */
export function echomqModule(options: EchomqModuleOptions = {}): ServerModule {
  return {
    name: 'emq',
    commands: options.native === false ? [] : NATIVE_COMMANDS,
    scripts: LESSON_SCRIPTS,
  };
}
