// expected-failures.txt: the required scenarios we are known to fail. Only authorization (auth/*) may be
// listed, as mcpkit's client has no OAuth authorization flow yet; every other required scenario must pass.

/** The scenario names of the list, without comments and blank lines. */
export function parseExpectedFailures(text) {
  return new Set(
    text
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

/** What is wrong with the list itself: an entry outside auth/, or one that no leg requires. */
export function listProblems(expected, required) {
  const problems = [];
  for (const name of expected) {
    if (!name.startsWith('auth/')) {
      problems.push(`expected-failures.txt lists ${name}: only auth/* scenarios may be expected to fail`);
    } else if (!required.includes(name)) {
      problems.push(`expected-failures.txt lists ${name}, which is not a required scenario`);
    }
  }
  return problems;
}
