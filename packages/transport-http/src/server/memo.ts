/**
 * Wraps a pure function of one string so that calling it again with the same argument as the
 * previous call returns the previous answer. Clients send the same `Accept`, `Content-Type` and
 * `Host` on every request, so this skips re-parsing them on the hot path.
 */
export function memoizeLast<R>(fn: (value: string) => R): (value: string) => R {
  let lastValue: string | undefined;
  let lastResult!: R;
  return (value) => {
    if (value !== lastValue) {
      lastResult = fn(value);
      lastValue = value;
    }
    return lastResult;
  };
}
