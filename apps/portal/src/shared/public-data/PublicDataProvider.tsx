import { portalEntry, type CouncilDto, type PublicConfigDto } from '@councilpay/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getCouncils, getPublicConfig } from '../api/client';
import { useSnackbar } from '../feedback/SnackbarProvider';
import { pickDefaultCouncil } from './council';

export type LoadStatus = 'loading' | 'ready' | 'error';

/** What the portal reads from the API before anything else: the configuration and the councils. */
export interface PublicData {
  status: LoadStatus;
  config: PublicConfigDto | null;
  councils: readonly CouncilDto[];
  /**
   * The council the portal is titled with: the council of the address it was opened at (`/mps`), else the
   * configured default (config.defaultCouncil).
   */
  defaultCouncil: CouncilDto | null;
  reload: () => void;
}

const PublicDataContext = createContext<PublicData | null>(null);

/** The council of the address the portal was opened at (`/mps` → mps): the page's path never changes after. */
const entryCouncil = typeof window === 'undefined' ? null : (portalEntry(window.location.pathname)?.council ?? null);

export function PublicDataProvider({ children }: { children: ReactNode }) {
  const { showError } = useSnackbar();
  const [config, setConfig] = useState<PublicConfigDto | null>(null);
  const [councils, setCouncils] = useState<readonly CouncilDto[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    Promise.all([getPublicConfig(controller.signal), getCouncils(controller.signal)]).then(
      ([loadedConfig, loadedCouncils]) => {
        setConfig(loadedConfig);
        setCouncils(loadedCouncils);
        setStatus('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus('error');
        showError(error);
      },
    );
    return () => controller.abort();
  }, [attempt, showError]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const value = useMemo<PublicData>(
    () => ({
      status,
      config,
      councils,
      defaultCouncil: pickDefaultCouncil(councils, entryCouncil ?? config?.defaultCouncil),
      reload,
    }),
    [status, config, councils, reload],
  );
  return <PublicDataContext.Provider value={value}>{children}</PublicDataContext.Provider>;
}

export function usePublicData(): PublicData {
  const data = useContext(PublicDataContext);
  if (!data) throw new Error('usePublicData must be used inside <PublicDataProvider>');
  return data;
}
