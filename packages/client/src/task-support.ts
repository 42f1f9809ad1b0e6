import type { TaskFollower, TaskFollowerConfig } from './task-follower.js';
import type { TaskSupport, TasksClientOptions } from './task-options.js';

/** Where a `TaskSupport` keeps how to build a client's follower: a key no options object can hold. */
const FOLLOWER = Symbol('task follower');

interface BuildsFollower extends TaskSupport {
  readonly [FOLLOWER]: (config: TaskFollowerConfig) => TaskFollower;
}

/** A `TaskSupport` whose follower `build` makes (what `followTasks` returns). */
export function taskSupport(
  options: TasksClientOptions,
  build: (config: TaskFollowerConfig) => TaskFollower,
): TaskSupport {
  const support: BuildsFollower = { options, [FOLLOWER]: build };
  return support;
}

/**
 * The follower of a client whose `tasks` option is `support`; `undefined` without one. Anything
 * but what `followTasks` made is a `TypeError`.
 */
export function followerFor(
  support: TaskSupport | undefined,
  config: TaskFollowerConfig,
): TaskFollower | undefined {
  if (support === undefined) return undefined;
  const build = (support as Partial<BuildsFollower>)[FOLLOWER];
  if (typeof build !== 'function') {
    throw new TypeError(
      'McpClientOptions.tasks takes what followTasks() returns, e.g. { tasks: followTasks() }',
    );
  }
  return build(config);
}
