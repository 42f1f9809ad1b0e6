// The runner's command line, and the legs and scenarios it selects. A mistyped option or scenario name
// is an error: running nothing and reporting "0 failed" would look like a pass.
import { parseArgs } from 'node:util';

export const USAGE = 'usage: node conformance/run.mjs [--only server|client] [--scenario NAME] [--jobs N]';
const SIDES = ['server', 'client'];

/**
 * `{ only, scenario, jobs }` from the arguments. Throws on an unknown option, a missing value, an `--only`
 * other than server or client, or a `--jobs` that is not a positive integer.
 */
export function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        only: { type: 'string' },
        scenario: { type: 'string' },
        jobs: { type: 'string', default: '3' },
      },
    }));
  } catch (error) {
    throw new Error(`${error.message}\n${USAGE}`);
  }
  if (values.only !== undefined && !SIDES.includes(values.only)) {
    throw new Error(`--only must be server or client, not ${JSON.stringify(values.only)}\n${USAGE}`);
  }
  const jobs = Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) {
    throw new Error(`--jobs must be a positive integer, not ${JSON.stringify(values.jobs)}\n${USAGE}`);
  }
  return { only: values.only, scenario: values.scenario, jobs };
}

/**
 * The legs to run, each given the scenarios it runs (its required ones, then its unscored ones), narrowed
 * by `--only` and `--scenario`. Throws when `--scenario` names no scenario of the selected legs.
 */
export function selectLegs(legs, { only, scenario }) {
  const selected = legs
    .filter((leg) => !only || leg.side === only)
    .map((leg) => {
      const all = [...leg.required, ...leg.unscored.filter((name) => !leg.required.includes(name))];
      return { ...leg, scenarios: scenario === undefined ? all : all.filter((name) => name === scenario) };
    });
  if (scenario === undefined) return selected;
  const matching = selected.filter((leg) => leg.scenarios.length > 0);
  if (matching.length === 0) {
    const where = only ? `the ${only} leg` : 'the server or the client leg';
    throw new Error(`--scenario ${JSON.stringify(scenario)} is no scenario of ${where}`);
  }
  return matching;
}
