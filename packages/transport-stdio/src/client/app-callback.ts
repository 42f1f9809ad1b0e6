/** Calls an application callback; one that throws must not break the pipe's reader. */
export function notifyApp<T>(callback: ((value: T) => void) | undefined, value: T): void {
  if (!callback) return;
  try {
    callback(value);
  } catch {
    // The application's problem; the transport keeps going.
  }
}
