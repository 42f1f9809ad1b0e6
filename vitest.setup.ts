// Loaded by every vitest config of the repository (`setupFiles`). A listener-leak warning
// (MaxListenersExceededWarning: listeners added per request on a long-lived emitter or signal)
// fails the run where it happens, rather than scrolling by in the test output.
process.on('warning', (warning) => {
  if (warning.name !== 'MaxListenersExceededWarning') return;
  // A plain error: the warning itself carries the whole emitter, which would fill the report.
  const error = new Error(warning.message);
  error.name = warning.name;
  error.stack = warning.stack;
  throw error;
});
