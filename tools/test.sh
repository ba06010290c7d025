#!/usr/bin/env bash
# Sets everything up and runs the whole test suite through CTest.
#   tools/test.sh                    Release build in build/
#   tools/test.sh address,undefined  ASan + UBSan build in build-address-undefined/
#   tools/test.sh thread             TSan build in build-thread/
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sanitize="${1:-}"
if [ -n "$sanitize" ]; then
  build="$root/build-${sanitize//,/-}"
  FOOTFALL_BUILD_TYPE=RelWithDebInfo "$root/tools/setup.sh" "$build" -DFOOTFALL_SANITIZE="$sanitize"
else
  build="$root/build"
  "$root/tools/setup.sh" "$build"
fi
if [ "$sanitize" = thread ]; then
  # history_size=7 keeps the earlier access's stack, which TBB's stack-reused bookkeeping otherwise
  # loses ("failed to restore the stack"), so its suppression can match and a real race shows.
  export TSAN_OPTIONS="suppressions=$root/tools/tsan.supp halt_on_error=1 history_size=7 ${TSAN_OPTIONS:-}"
fi
cd "$build"
# Sanitized builds run several times slower; the ten-minute and city runs need the room.
timeout=600
[ -z "$sanitize" ] || timeout=2400
status=0
ctest --output-on-failure --parallel "$(nproc)" --timeout "$timeout" || status=$?
# The Python tools (tools/*.py) under Debian's Python and pytest, which setup.sh installs.
/usr/bin/python3 -m pytest -q "$root/tests/python" || status=$?
exit "$status"
