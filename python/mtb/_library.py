"""Finds and loads libmtb_probe.so and declares the C API (mtb/probe.h) for
ctypes.  Nothing else in the package touches ctypes declarations.

The library is looked for, in this order:
  1. $MTB_PROBE_LIBRARY: the library file, or a folder holding it (nothing
     else is tried then);
  2. lib/ under this Python's prefix (`cmake --install build --prefix VENV`);
  3. the build tree of the source checkout the package was installed from
     (or runs from): build/probe/, then any other build*/probe/, newest first;
  4. /usr/local/lib and the system's library path (ldconfig)."""
from __future__ import annotations

import ctypes
import ctypes.util
import glob
import importlib
import os
import sys
import threading
from typing import Any, Dict, List, Optional, Tuple

from .errors import LibraryNotFoundError

LIBRARY_ENV = "MTB_PROBE_LIBRARY"
SONAME = "libmtb_probe.so.0"
EXPECTED_MAJOR = 0  # the SONAME's number; MTB_VERSION_MAJOR of a compatible library

MAX_POSITION_TEXT = 64  # MTB_MAX_POSITION_TEXT
NO_POINT = 255  # MTB_NO_POINT


class Status(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint32), ("message", ctypes.c_char * 256)]


class Pos(ctypes.Structure):
    _fields_ = [
        ("white", ctypes.c_uint32),
        ("black", ctypes.c_uint32),
        ("white_hand", ctypes.c_uint8),
        ("black_hand", ctypes.c_uint8),
        ("side_to_move", ctypes.c_uint8),
        ("plies_since_capture", ctypes.c_uint8),
    ]


class CMove(ctypes.Structure):
    _fields_ = [
        ("from_", ctypes.c_uint8),
        ("to", ctypes.c_uint8),
        ("remove", ctypes.c_uint8),
        ("reserved", ctypes.c_uint8),
        ("value", ctypes.c_uint32),
        ("text", ctypes.c_char * 16),
    ]


_P = ctypes.POINTER
_u32, _uint, _size, _str = ctypes.c_uint32, ctypes.c_uint, ctypes.c_size_t, ctypes.c_char_p
_vp = ctypes.c_void_p  # mtb_tb*, mtb_rules*: opaque

# name: (return type, argument types), as declared in mtb/probe.h.
_SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    "mtb_version_number": (_uint, []),
    "mtb_is_error": (_uint, [_u32]),
    "mtb_get_error_code": (ctypes.c_int, [_u32]),
    "mtb_error_name": (_str, [_u32]),
    "mtb_open": (_vp, [_str, _str, _size, _P(Status)]),
    "mtb_close": (None, [_vp]),
    "mtb_table_count": (_size, [_vp]),
    "mtb_probe": (_u32, [_vp, _P(Pos), _P(Status)]),
    "mtb_probe_root": (_u32, [_vp, _P(Pos), _P(CMove), _size, _P(_size), _P(Status)]),
    "mtb_rules_find": (_vp, [_str, _P(Status)]),
    "mtb_rules_of": (_vp, [_vp]),
    "mtb_rules_name": (_str, [_vp]),
    "mtb_rules_stones": (_uint, [_vp]),
    "mtb_rules_no_capture_limit": (_uint, [_vp]),
    "mtb_point_count": (_uint, [_vp]),
    "mtb_point_name": (_str, [_vp, _uint]),
    "mtb_adjacent": (_u32, [_vp, _uint]),
    "mtb_mills": (_size, [_vp, _P(_u32), _size]),
    "mtb_start_position": (_u32, [_vp, _P(Pos), _P(Status)]),
    "mtb_position_from_text": (_u32, [_vp, _str, _P(Pos), _P(Status)]),
    "mtb_position_to_text": (_u32, [_vp, _P(Pos), ctypes.c_char_p, _size, _P(Status)]),
    "mtb_game_state_of": (_u32, [_vp, _P(Pos), _P(Status)]),
    "mtb_legal_moves": (_u32, [_vp, _P(Pos), _P(CMove), _size, _P(_size), _P(Status)]),
    "mtb_play_move": (_u32, [_vp, _P(Pos), _str, _P(Status)]),
    "mtb_level_name": (_str, [_uint]),
    "mtb_level_blunder_rate": (ctypes.c_double, [_uint]),
    "mtb_choose_ply": (_u32, [_P(CMove), _size, _uint, ctypes.c_uint64, _P(_size)]),
    "mtb_ultra_root": (_u32, [_vp, _P(Pos), _P(CMove), _P(ctypes.c_double), _size, _P(_size), _P(Status)]),
    "mtb_value_text": (_size, [_u32, ctypes.c_char_p, _size]),
}


def _source_roots() -> List[str]:
    """Source checkouts to look in for a build tree: the one recorded when the
    package was installed, and the one it runs from (python/mtb/ in it)."""
    roots: List[str] = []
    try:
        # Written by python/build_backend at install time (absent in a checkout).
        build_tree = importlib.import_module(__package__ + "._build_tree")
        roots.append(str(build_tree.SOURCE_ROOT))
    except ImportError:
        pass
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if os.path.exists(os.path.join(here, "probe", "include", "mtb", "probe.h")):  # a checkout, not site-packages
        roots.append(here)
    return [r for i, r in enumerate(roots) if r not in roots[:i]]


def _in_folder(folder: str) -> Optional[str]:
    for name in ("libmtb_probe.so", SONAME):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            return path
    return None


def candidates() -> List[Tuple[str, Optional[str]]]:
    """(where, path) pairs to try, in order; path None when nothing is there."""
    out: List[Tuple[str, Optional[str]]] = []
    env = os.environ.get(LIBRARY_ENV)
    if env:
        out.append(("$" + LIBRARY_ENV, _in_folder(env) if os.path.isdir(env) else env))
        return out  # an explicit choice is never second-guessed
    out.append(("prefix " + sys.prefix, _in_folder(os.path.join(sys.prefix, "lib"))))
    for root in _source_roots():
        trees = [os.path.join(root, "build")]
        others = glob.glob(os.path.join(root, "build*"))
        trees += sorted((t for t in others if t not in trees), key=os.path.getmtime, reverse=True)
        for tree in trees:
            out.append(("build tree " + tree, _in_folder(os.path.join(tree, "probe"))))
    out.append(("prefix /usr/local", _in_folder("/usr/local/lib")))
    out.append(("system library path", ctypes.util.find_library("mtb_probe")))
    return out


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


def load() -> Tuple[ctypes.CDLL, str]:
    """The loaded library; LibraryNotFoundError saying what to do otherwise."""
    tried = []
    for where, path in candidates():
        if not path:
            tried.append(where)
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s: %s" % (where, e))
            continue
        missing = [n for n in _SIGNATURES if not hasattr(lib, n)]
        major = lib.mtb_version_number() // 10000 if hasattr(lib, "mtb_version_number") else -1
        if missing or major != EXPECTED_MAJOR:
            tried.append("%s: %s is another version of the library (lacks %s)" %
                         (where, path, ", ".join(missing) or "major version %d" % EXPECTED_MAJOR))
            continue
        return _declare(lib), path
    raise LibraryNotFoundError(
        "mtb: libmtb_probe.so not found or not usable; looked in: " + "; ".join(tried) +
        ".  Build it (`bash scripts/build.sh` makes build/probe/libmtb_probe.so), install it "
        "(`cmake --install build --prefix PREFIX`), or set %s to the library file." % LIBRARY_ENV)


_lib: Optional[ctypes.CDLL] = None
_path: Optional[str] = None
_load_lock = threading.Lock()


def lib() -> Any:
    """The library, loaded on first use (importing mtb never fails for want of it)."""
    global _lib, _path
    if _lib is None:
        with _load_lock:
            if _lib is None:
                _lib, _path = load()
    return _lib


def library_path() -> str:
    lib()
    assert _path is not None
    return _path
