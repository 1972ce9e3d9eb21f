#!/usr/bin/env bash
# The one start command (README: `npm start`): installs what is missing, builds what is stale (turbo caches
# the rest) and serves the app with its embedded defaults (SQLite under DATA_DIR, demo data) on PORT.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-tools.sh
export PORT="${PORT:-3000}" DEMO_DATA="${DEMO_DATA:-1}"
# Two glibc malloc arenas instead of one per thread: libvips' threads (uploads, renders) otherwise leave
# ~50 MB of fragmented arenas behind (packages/render/README.md, Benchmark); sharp then also uses both cores.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# Buffers of 8 MB and more (a decoded upload: a 49-megapixel photo takes ~300 MB) are mapped and given back to
# the system when freed: left to glibc's sliding threshold they land in the heap, and the process kept ~200 MB
# after a burst of large uploads (apps/server/README.md, bench:abuse). Smaller ones, renders' canvases
# included, stay in the heap as before.
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-8388608}"
pnpm turbo run build --output-logs=errors-only
if [ -f apps/server/dist/main.js ]; then
  exec node apps/server/dist/main.js
fi
# Before the server existed, the start command served the Storybook of the shell.
pnpm exec storybook build -o storybook-static --quiet
exec pnpm exec vite preview --outDir storybook-static --host 127.0.0.1 --port "$PORT" --strictPort
