// What every panel reaches without props: the shared REST client and the "open this entity" action.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { RestClient } from '../client';

/** The page's REST client. */
export const ClientContext = createContext<RestClient | null>(null);

/** Opens an entity (dotted path) in the inspector and reveals it in the tree. */
export const OpenEntityContext = createContext<(path: string) => void>(() => undefined);

/** The page's REST client (throws outside the app, which would be a programming error). */
export function useClient(): RestClient {
  const c = useContext(ClientContext);
  if (!c) throw new Error('useClient: no ClientContext provider above this component');
  return c;
}

/** The "open this entity" action. */
export function useOpenEntity(): (path: string) => void {
  return useContext(OpenEntityContext);
}
