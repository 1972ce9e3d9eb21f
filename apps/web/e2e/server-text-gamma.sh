#!/bin/sh
# Starts a Chromium renderer with the server's text contrast and gamma (Skia's defaults, as @napi-rs/canvas
# draws) instead of the ones Chromium is built with on Linux (contrast 0.2, gamma 1.2). The renderer, which
# rasterises a canvas, reads these switches from its own command line only, so they are added here, through
# --renderer-cmd-prefix (see the web README, "Text edges").
exec "$@" --text-contrast=0.5 --text-gamma=0
