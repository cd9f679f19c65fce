import { useEffect, useState } from 'react';
import { addAlert } from '../../stores/alerts.ts';

/**
 * A module loaded once `wanted` turns true; null until it has arrived. Not React.lazy: a
 * Suspense boundary reveals what it waited for up to 300 ms late, which the shopper would
 * see as a slow first click on 'Filter(n)'.
 */
export function useModule<M extends object>(load: () => Promise<M>, wanted: boolean): M | null {
  const [loaded, setLoaded] = useState<M | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    load().then(
      (module) => {
        if (current) setLoaded(module);
      },
      (error: unknown) => {
        console.warn('Could not load a module', error);
        addAlert('error', 'Kunne ikke åpne panelet. Sjekk nettet og prøv igjen.');
      },
    );
    return () => {
      current = false;
    };
  }, [load, wanted, loaded]);
  return loaded;
}
