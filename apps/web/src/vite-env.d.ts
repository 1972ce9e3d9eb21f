/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API base; `/api` on the same origin by default. */
  readonly VITE_API_BASE_URL?: string
}
