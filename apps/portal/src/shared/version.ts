/** This build's version (apps/portal/package.json, injected by vite.config.ts). */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION || '0.0.0';
