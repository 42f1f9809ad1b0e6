// expected-failures.txt must stay empty: every required scenario passes, authorization included. The
// file stays so that a run fails loudly, before it starts, if anyone lists a scenario in it again.

/** The scenario names of the list, without comments and blank lines. */
export function parseExpectedFailures(text) {
  return new Set(
    text
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

/** Every entry is a problem: no required scenario may be expected to fail. */
export function listProblems(expected) {
  return [...expected].map(
    (name) =>
      `expected-failures.txt lists ${name}: every required scenario must pass, so the list stays empty`,
  );
}
