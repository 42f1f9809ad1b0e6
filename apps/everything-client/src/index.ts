export { autoAnswerHandlers, fieldValue } from './auto-answer.js';
export {
  CLIENT_INFO,
  type ConformanceInvocation,
  planScenario,
  playScenario,
  UnsupportedScenarioError,
} from './run-scenario.js';
export { sampleArguments } from './sample-arguments.js';
export { type ContextToolCall, type Scenario, type ScenarioRun, scenarios } from './scenarios.js';
