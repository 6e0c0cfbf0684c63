/**
 * Whether the app must be updated: the API's `appVersion` (the version people should run) differs from
 * the app's own. Versions are compared as written, ignoring surrounding spaces and a leading "v"; an
 * empty latest version means "no requirement".
 */
export function normaliseVersion(version: string): string {
  return version.trim().replace(/^v/i, '');
}

export function isUpdateRequired(current: string, latest: string | null | undefined): boolean {
  if (!latest || !normaliseVersion(latest)) return false;
  return normaliseVersion(current) !== normaliseVersion(latest);
}
