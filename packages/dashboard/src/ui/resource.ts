import { type Signal, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
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
  const reload = async () => {
    try {
      data.value = await load();
      error.value = undefined;
    } catch (failure) {
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
