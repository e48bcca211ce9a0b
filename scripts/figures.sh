#!/usr/bin/env bash
# Renders the README's figures: each puzzle's --svg drawing, screenshotted by headless
# Chromium at its first and last frame (#move-0, #end), as the browser test does.
#   scripts/figures.sh [PUZZLEC]     (default: target/release/puzzlec)
set -euo pipefail
bin=${1:-target/release/puzzlec}
out=docs/figures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
shot() { # shot SVG FRAGMENT PNG
  local w h
  w=$(sed -n 's/^<svg [^>]*width="\([0-9]*\)".*/\1/p' "$1" | head -1)
  h=$(sed -n 's/^<svg [^>]*height="\([0-9]*\)".*/\1/p' "$1" | head -1)
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking --hide-scrollbars \
    --force-device-scale-factor=1 --window-size="$w,$h" --screenshot="$3" "file://$1$2" 2>/dev/null
}
"$bin" solve slide --board "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12" --svg "$tmp/seed.svg" -q >/dev/null
"$bin" solve cross --svg "$tmp/cross.svg" -q >/dev/null
"$bin" solve hex --svg "$tmp/hex.svg" -q >/dev/null
cp "$tmp/seed.svg" "$out/seed.svg"
cp "$tmp/cross.svg" "$out/cross.svg"
shot "$tmp/seed.svg" "#move-0" "$out/seed-first.png"
shot "$tmp/seed.svg" "#end" "$out/seed-last.png"
shot "$tmp/cross.svg" "#move-0" "$out/cross-first.png"
shot "$tmp/cross.svg" "#end" "$out/cross-last.png"
shot "$tmp/hex.svg" "" "$out/hex38.png"
ls -la "$out"
