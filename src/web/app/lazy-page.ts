import { lazy, type ComponentType, type ReactNode } from 'react';

type Preloadable = { preload: () => Promise<unknown> };
type Page = (props: never) => ReactNode;

/**
 * A component whose module loads on first render (its own chunk), or earlier through preload():
 * the router preloads the layout and the page of the URL being opened together, so they do not
 * load one after the other.
 */
export function lazyPage<M extends Record<K, Page>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] & Preloadable {
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Component = lazy(async () => ({ default: (await preload())[name] as unknown as ComponentType }));
  return Object.assign(Component, { preload }) as unknown as M[K] & Preloadable;
}
