import { lazy, useState, type ComponentType } from 'react';
import { loadChunk } from './lazy-chunk';

/** A lazy screen that can be loaded ahead; once loaded, it renders at once rather than suspending. */
export type Screen = ComponentType & { preload(): Promise<unknown> };

/**
 * A screen in its own chunk (loaded through loadChunk: timeout, one retry). React.lazy suspends on
 * first render even when the chunk has already arrived, and React holds a revealed Suspense boundary
 * back up to 300 ms after its fallback showed: on a cold start that is dead time before the first
 * screen. A screen preloaded before it mounts (main.tsx waits for the first one) therefore renders
 * directly; one not yet loaded goes through React.lazy. Which of the two an instance uses is fixed
 * when it mounts, so a screen is never remounted by its chunk arriving.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): Screen {
  let loaded: ComponentType | undefined;
  const fetchOnce = () =>
    loadChunk(load).then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(fetchOnce);
  function LazyScreen() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(LazyScreen, { preload: () => (loaded ? Promise.resolve() : fetchOnce()) });
}
