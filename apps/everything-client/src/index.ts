export { autoAnswerHandlers, fieldValue } from './auto-answer.js';
export {
  CLIENT_INFO,
  type ConformanceInvocation,
  planScenario,
  playScenario,
  UnsupportedScenarioError,
} from './run-scenario.js';
export { sampleArguments } from './sample-arguments.js';
export type { ContextToolCall, Scenario, ScenarioRun } from './scenario.js';
export { scenarios } from './scenarios.js';
