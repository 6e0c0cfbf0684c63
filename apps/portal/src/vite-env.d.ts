/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The portal's own version (apps/portal/package.json), set by vite.config.ts. */
  readonly VITE_APP_VERSION: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
