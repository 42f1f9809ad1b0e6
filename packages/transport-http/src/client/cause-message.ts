/**
 * The most specific message in `error`'s chain of causes: `connect ECONNREFUSED 127.0.0.1:3999`
 * rather than fetch's `fetch failed`; the first of Node's connection attempts when all of them failed.
 */
export function causeMessage(error: unknown): string {
  let message = 'the HTTP request failed before the response';
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const attempts = (current as Partial<AggregateError>).errors;
    if (current.message !== '') message = current.message;
    else if (Array.isArray(attempts) && attempts[0] instanceof Error) message = attempts[0].message;
    current = current.cause;
  }
  return message;
}
