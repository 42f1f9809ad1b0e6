import { type Check, type ClientSchemaSet, loadClientSchemas } from '@mcpkit/protocol/internal';

/** The checks of what a task's requests and notifications carry, from the protocol's schemas. */
export interface TaskChecks {
  isCreateTaskResult: Check;
  isDetailedTask: Check;
  decodeResult: ClientSchemaSet['decodeResult'];
}

let loading: Promise<TaskChecks> | undefined;
let loaded: TaskChecks | undefined;

/**
 * Loads the task checks once: the schemas load with them, so a client that never turns tasks on
 * loads neither. The follower starts this when it is made and waits for it before it reads a task.
 */
export function loadTaskChecks(): Promise<TaskChecks> {
  loading ??= loadClientSchemas().then((schemas) => {
    loaded = {
      isCreateTaskResult: schemas.isCreateTaskResult,
      isDetailedTask: schemas.isDetailedTask,
      decodeResult: schemas.decodeResult,
    };
    return loaded;
  });
  return loading;
}

/** The task checks once `loadTaskChecks` has finished: code that runs after it can stay synchronous. */
export function loadedTaskChecks(): TaskChecks | undefined {
  return loaded;
}
