/** Where the API is: `VITE_API_BASE_URL` at build time, else this origin's `/api` (the client and src/boot.ts). */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '/api'
