import { type Signal, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { errorText, noteFailure } from '../state/status.ts';

/** Data a page reads from the API: loading, then the data or the error's text; `reload` after a change. */
export interface Resource<T> {
  data: Signal<T | undefined>;
  error: Signal<string | undefined>;
  reload: () => Promise<void>;
}

export function useResource<T>(load: () => Promise<T>, keys: readonly unknown[]): Resource<T> {
  const data = useSignal<T | undefined>(undefined);
  const error = useSignal<string | undefined>(undefined);
  // Only the last load counts: an answer to an older one (a page left behind by a quick Back) arriving late is dropped.
  const latest = useRef(0);
  const reload = async () => {
    latest.current += 1;
    const call = latest.current;
    try {
      const loaded = await load();
      if (call !== latest.current) return;
      data.value = loaded;
      error.value = undefined;
    } catch (failure) {
      if (call !== latest.current) return;
      noteFailure(failure);
      error.value = errorText(failure);
    }
  };
  // The caller names what the load depends on.
  useEffect(() => {
    data.value = undefined;
    void reload();
  }, keys);
  return { data, error, reload };
}
