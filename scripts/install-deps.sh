#!/usr/bin/env bash
# Installs the Debian packages puzzlec needs, only when something is missing.
#   install-deps.sh build   what building needs: g++ (embedded CaDiCaL), libz3-dev (linked z3)
#   install-deps.sh         that, plus the solver binaries the tests run for real
set -euo pipefail

packages=()
need() { # need PACKAGE PROBE...: queue PACKAGE unless every probe succeeds
  local pkg=$1; shift
  for probe in "$@"; do
    if ! eval "$probe" >/dev/null 2>&1; then packages+=("$pkg"); return; fi
  done
}
need g++        "command -v g++"
need make       "command -v make"
need libz3-dev  "test -f /usr/include/z3.h"
if [ "${1:-test}" != "build" ]; then
  need z3         "command -v z3"
  need cvc5       "command -v cvc5"
  need cadical    "command -v cadical"
  need minisat    "command -v minisat"
  need parallel   "command -v parallel"     # cluster jobs (puzzlec jobs), run by the tests
  need chromium   "command -v chromium"     # the browser test of --svg
fi

# The independent DRAT checker behind --certify (not in Debian): `cargo install rate`, about
# a minute the first time; it lands in ~/.cargo/bin.
install_rate() {
  if [ "${1:-test}" != "build" ] && ! command -v rate >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/rate" ]; then
    echo "install-deps: cargo install rate (the DRAT proof checker)"
    cargo install rate --locked --quiet
  fi
}

# kissat is not in Debian; the PyPI wheel passagemath-kissat carries a kissat binary, linked
# onto the PATH here (/usr/local/bin as root, else ~/.local/bin).
install_kissat() {
  if [ "${1:-test}" != "build" ] && ! command -v kissat >/dev/null 2>&1; then
    echo "install-deps: pip install passagemath-kissat (the kissat binary)"
    python3 -m pip install --quiet --disable-pip-version-check passagemath-kissat 2>/dev/null
    local loc bin
    loc=$(python3 -m pip show passagemath-kissat | sed -n 's/^Location: //p')
    bin="$loc/sage_wheels/bin/kissat"
    if [ "$(id -u)" -eq 0 ]; then ln -sf "$bin" /usr/local/bin/kissat; else mkdir -p "$HOME/.local/bin"; ln -sf "$bin" "$HOME/.local/bin/kissat"; fi
  fi
}

if [ ${#packages[@]} -eq 0 ]; then
  echo "install-deps: every Debian package is already installed"
  install_rate "${1:-test}"
  install_kissat "${1:-test}"
  exit 0
fi
echo "install-deps: installing ${packages[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}"
install_rate "${1:-test}"
install_kissat "${1:-test}"
