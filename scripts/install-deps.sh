#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only when something is missing.
# libz3-dev: the linked z3 backend. g++: the embedded CaDiCaL. The rest: external solvers
# that the integration tests run for real.
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
need z3         "command -v z3"
need cvc5       "command -v cvc5"
need cadical    "command -v cadical"
need minisat    "command -v minisat"

if [ ${#packages[@]} -eq 0 ]; then
  echo "install-deps: everything is already installed"
  exit 0
fi
echo "install-deps: installing ${packages[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}"
