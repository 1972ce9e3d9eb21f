#!/usr/bin/env bash
# Publishes the Storybook to Chromatic when CHROMATIC_PROJECT_TOKEN is set; says so and succeeds when not.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CHROMATIC_PROJECT_TOKEN:-}" ]; then
  echo "Chromatic skipped: CHROMATIC_PROJECT_TOKEN is not set. Visual regression still runs locally in \`npm test\` (see docs/visual-regression.md)."
  exit 0
fi
pnpm build-storybook
exec pnpm exec chromatic --storybook-build-dir storybook-static --exit-zero-on-changes
