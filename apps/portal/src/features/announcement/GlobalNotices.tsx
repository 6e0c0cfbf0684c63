import { Suspense, useState } from 'react';
import { usePublicData } from '../../shared/public-data/PublicDataProvider';
import { lazyComponent } from '../../shared/routing/lazyComponent';
import { APP_VERSION } from '../../shared/version';
import { isUpdateRequired } from './version';

// Each loaded only when the configuration calls for it.
const AnnouncementDialog = lazyComponent(() => import('./AnnouncementDialog'), 'AnnouncementDialog', {
  messages: 'core',
});
const UpdateRequiredDialog = lazyComponent(() => import('./UpdateRequiredDialog'), 'UpdateRequiredDialog', {
  messages: 'core',
});

/**
 * What the configuration asks the portal to show over everything: the blocking announcement while the
 * service is closed, otherwise the update-required notice when the API's app version differs from this
 * build's (dismissible for the visit).
 */
export function GlobalNotices() {
  const { config } = usePublicData();
  const [dismissedVersion, setDismissedVersion] = useState<string | null>(null);
  if (!config) return null;

  if (config.serviceClosed) {
    return (
      <Suspense fallback={null}>
        <AnnouncementDialog announcement={config.announcement} />
      </Suspense>
    );
  }
  if (!isUpdateRequired(APP_VERSION, config.appVersion)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateRequiredDialog
        currentVersion={APP_VERSION}
        latestVersion={config.appVersion}
        open={dismissedVersion !== config.appVersion}
        onLater={() => setDismissedVersion(config.appVersion)}
      />
    </Suspense>
  );
}
