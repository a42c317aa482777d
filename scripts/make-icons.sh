#!/usr/bin/env bash
# Draws the installed app's icons (the web app manifest's) from the same "B" mark as the pages'
# favicon, with Debian's headless Chromium: icon-192.png and icon-512.png (rounded, any purpose)
# and icon-maskable-512.png (full bleed, the mark inside the middle 80 % a launcher may crop to).
# Run it after changing the mark; the PNGs are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/BillfoldServer/Resources
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
draw() {  # name size corner-radius font-size baseline
  local size=$2
  cat >"$work/$1.html" <<HTML
<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block}</style></head><body>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="$size" height="$size"><rect width="512" height="512" rx="$3" fill="#1f5fd1"/><text x="256" y="$5" font-family="DejaVu Sans, sans-serif" font-size="$4" font-weight="700" fill="#ffffff" text-anchor="middle">B</text></svg>
</body></html>
HTML
  chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
    --window-size="$size,$size" --screenshot="$out/$1.png" "file://$work/$1.html" 2>/dev/null
}
draw icon-192 192 112 320 368
draw icon-512 512 112 320 368
draw icon-maskable-512 512 0 240 340
ls -l "$out"/icon-*.png
