/**
 * Runs `job` now and again a second after each run ends (never two at once). A failure is logged
 * once until a run succeeds again: a database that is away for a while is one line, not one a second.
 * Used by main.ts for the sales rollups' fold, and by the bench's server the same way.
 */
export function everySecondAfter(job: () => Promise<unknown>, onError: (err: unknown) => void): void {
  let failing = false;
  const run = async () => {
    try {
      await job();
      failing = false;
    } catch (err) {
      if (!failing) onError(err);
      failing = true;
    }
    setTimeout(() => void run(), 1_000).unref();
  };
  void run();
}
