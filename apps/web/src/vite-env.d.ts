/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API base; `/api` on the same origin by default. */
  readonly VITE_API_BASE_URL?: string
  /** The ids of the two checkout offer groups (PRODUCT.md §3); `main` and `promo` by default. */
  readonly VITE_OFFER_GROUP_MAIN?: string
  readonly VITE_OFFER_GROUP_PROMO?: string
}
