import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { allMessages } from '../i18n/i18n';
import { isChunkLoadError, reloadOnce } from './reload-guard';

export interface LazyOptions {
  /**
   * 'core': the component uses only the catalogue groups bundled with the first load (the home page, the
   * 404 page, the shell's notices), so it does not wait for the rest of the messages. Default 'all'.
   */
  messages?: 'core' | 'all';
}

/**
 * A component loaded on first render, from a named export:
 * `lazyComponent(() => import('./features/info/FaqPage'), 'FaqPage')`. Pages use it (one chunk per
 * route) and so do dialogs and menus that most visits never open, keeping the first load small.
 * Unless `messages: 'core'`, loading also waits for the messages outside the first load's core.
 * A chunk that fails to load reloads the page once (reload guard); otherwise the error reaches the
 * nearest error boundary.
 */
export function lazyComponent<
  Name extends string,
  // `any` props: the constraint of React's own `lazy`; the returned component keeps the real props type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Module extends Record<Name, ComponentType<any>>,
>(load: () => Promise<Module>, name: Name, { messages = 'all' }: LazyOptions = {}): LazyExoticComponent<Module[Name]> {
  return lazy(async () => {
    try {
      const [module] = await Promise.all([load(), messages === 'all' ? allMessages() : undefined]);
      return { default: module[name] };
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnce()) {
        return new Promise<never>(() => undefined); // The page is reloading; keep showing the fallback.
      }
      throw error;
    }
  });
}
