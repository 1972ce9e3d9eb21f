#!/usr/bin/env bash
# Installs what a fresh machine (Node, npm, git, g++, python3) lacks: pnpm, and Debian's chromium,
# PostgreSQL, CJK fonts and poppler (pdfinfo, pdftotext, pdffonts, pdftoppm read the PDFs the renderer
# writes) for the browser, database and renderer tests. Safe to run again: it skips what is there.
set -euo pipefail

PNPM_VERSION=10.34.9
if ! command -v pnpm >/dev/null || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  echo "› installing pnpm $PNPM_VERSION"
  npm install --global --silent "pnpm@$PNPM_VERSION"
fi

if [ "${1:-}" = "--with-test-tools" ]; then
  missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  [ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
  command -v pdftotext >/dev/null || missing+=(poppler-utils)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "› installing ${missing[*]} from Debian (needs root)"
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

export TURBO_TELEMETRY_DISABLED=1 STORYBOOK_DISABLE_TELEMETRY=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
echo "› pnpm install"
# Quiet when it works; when it fails (better-sqlite3 cannot compile, the registry cannot be reached), show
# what pnpm said instead of stopping without a word.
install_log=$(mktemp)
if ! pnpm install --frozen-lockfile --reporter=append-only >"$install_log" 2>&1; then
  tail -n 60 "$install_log" >&2
  echo "✖ pnpm install failed (the lines above say why; the full log is $install_log)" >&2
  exit 1
fi
rm -f "$install_log"
