/**
 * Reads until `done` holds or the time is up, and answers the last value read: the caller's assertion on it then
 * says what was seen, for work that finishes a moment after the request (a job, a dispatched event, a delivery).
 */
export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
