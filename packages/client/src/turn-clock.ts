/**
 * The `Date.now()` of the call whose chain is running synchronously, if any (see `CallChain.call`).
 * Reading the clock costs about 0.1 µs where the virtual machine has no fast clock source, over
 * 1% of an in-process call, and the first request of most calls is sent in the very turn the call
 * started: it reads the time its call read. Anything sent after an `await` reads the clock itself.
 */
let turnNow: number | undefined;

/** The time now: the running call's start while its chain runs synchronously, else `Date.now()`. */
export function clockNow(): number {
  return turnNow ?? Date.now();
}

/**
 * Marks the start of a call's synchronous run at `now`; returns what to hand `leaveTurn` once the
 * run returns (a call started inside another's run restores the outer one's time).
 */
export function enterTurn(now: number): number | undefined {
  const outer = turnNow;
  turnNow = now;
  return outer;
}

/** Ends the synchronous run `enterTurn` marked. */
export function leaveTurn(outer: number | undefined): void {
  turnNow = outer;
}
