/**
 * Waits for `promise` unless `signal` aborts first, then rejects with the signal's reason. The work behind the
 * promise goes on (a shared data load, say); only this caller stops waiting for it.
 * @example await abortable(loadGazetteer(), AbortSignal.timeout(2000))
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
