#!/usr/bin/env bash
# Cross-check the compiled kernel (game/engine/_ckernel.c) for 64-bit Windows from Linux:
# compile it with MinGW-w64 (Debian's gcc-mingw-w64-x86-64) to a Windows object file, with
# -Wall -Werror, in both of its variants: the native unsigned __int128 division and the byte
# division MSVC gets (-DHACHI_NO_INT128). Windows' C is LLP64 (a long has 32 bits), so this
# finds a long that should be a long long, a missing header, a POSIX-only call, before the
# Windows job does.
#
# There is no Windows Python here, so the headers are this Python's with a small shim for
# pyconfig.h: its posix one, then the Windows sizes (SIZEOF_LONG 4, SIZEOF_WCHAR_T 2) and
# MS_WIN64 / MS_WINDOWS / NT_THREADS, without the POSIX-only <sys/select.h>. It compiles,
# it does not link (that needs python3X.lib): the Windows CI job builds and tests the real
# thing with MSVC, whose own branches (_MSC_VER: _BitScanForward64) only it can check.
#
#   bash tools/cross_check.sh           # the two Windows compiles
#   bash tools/cross_check.sh --tests   # and the kernel tests on a native no-__int128 build
#                                       # (built in place, the native build put back after)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cc="${CC_WINDOWS:-x86_64-w64-mingw32-gcc}"
python="${PYTHON:-python}"
if ! command -v "$cc" >/dev/null; then
  echo "cross_check: $cc is missing: apt-get install gcc-mingw-w64-x86-64" >&2
  exit 2
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
include="$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
# Python.h includes "pyconfig.h" from its own folder first: the shim goes into a copy of it
cp -r "$include" "$tmp/py"
mv "$tmp/py/pyconfig.h" "$tmp/py/pyconfig_posix.h"
cat > "$tmp/py/pyconfig.h" <<'H'
/* tools/cross_check.sh: this Python's posix pyconfig.h, made to look like 64-bit Windows */
#include "pyconfig_posix.h"
#undef SIZEOF_LONG
#define SIZEOF_LONG 4
#undef SIZEOF_WCHAR_T
#define SIZEOF_WCHAR_T 2
#undef HAVE_SYS_SELECT_H
#define MS_WIN32
#define MS_WIN64
#define MS_WINDOWS
#define NT_THREADS
H
for variant in native HACHI_NO_INT128; do
  flags=()
  [ "$variant" = native ] || flags=("-D$variant")
  "$cc" -c -O2 -Wall -Werror "${flags[@]}" -I "$tmp/py" \
    "$here/game/engine/_ckernel.c" -o "$tmp/ckernel-$variant.o"
  kind="$(x86_64-w64-mingw32-objdump -f "$tmp/ckernel-$variant.o" 2>/dev/null \
          | sed -n 's/.*file format //p')"
  echo "cross_check: _ckernel.c compiles for Windows x64 ($variant): ${kind:-object written}"
done
if [ "${1:-}" = "--tests" ]; then
  cd "$here"
  restore() { "$python" setup.py --quiet build_ext --inplace --force >/dev/null; }
  trap 'restore; rm -rf "$tmp"' EXIT
  CFLAGS="${CFLAGS:-} -DHACHI_NO_INT128" "$python" setup.py --quiet build_ext --inplace --force
  "$python" -c "import game.engine._ckernel as k; assert not k.native_int128, 'not the fallback'"
  HACHI_REQUIRE_CKERNEL=1 "$python" -m pytest -q -p no:cacheprovider tests/engine/test_ckernel.py
  echo "cross_check: the kernel tests pass on the no-__int128 build"
fi
