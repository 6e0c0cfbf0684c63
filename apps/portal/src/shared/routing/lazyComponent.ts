import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { isChunkLoadError, reloadOnce } from './reload-guard';

/**
 * A component loaded on first render, from a named export:
 * `lazyComponent(() => import('./features/info/FaqPage'), 'FaqPage')`. Pages use it (one chunk per
 * route) and so do dialogs and menus that most visits never open, keeping the first load small.
 * A chunk that fails to load reloads the page once (reload guard); otherwise the error reaches the
 * nearest error boundary.
 */
export function lazyComponent<
  Name extends string,
  // `any` props: the constraint of React's own `lazy`; the returned component keeps the real props type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Module extends Record<Name, ComponentType<any>>,
>(load: () => Promise<Module>, name: Name): LazyExoticComponent<Module[Name]> {
  return lazy(async () => {
    try {
      const module = await load();
      return { default: module[name] };
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnce()) {
        return new Promise<never>(() => undefined); // The page is reloading; keep showing the fallback.
      }
      throw error;
    }
  });
}
