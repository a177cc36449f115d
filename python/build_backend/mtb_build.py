"""A PEP 517 build backend from the standard library alone, so that

    pip install ./python

works offline, in any virtual environment, with nothing from PyPI (not
even setuptools or wheel).  The wheel holds the pure-Python package mtb/
(with its py.typed marker) plus mtb/_build_tree.py, which records the source checkout it came from
so that the installed package finds build*/probe/libmtb_probe.so there."""
import base64
import hashlib
import os
import re
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
NAME = "mtb"


def _version():
    with open(os.path.join(HERE, NAME, "_version.py")) as f:
        return re.search(r'__version__ = "([^"]+)"', f.read()).group(1)


def _dist_info():
    return "%s-%s.dist-info" % (NAME, _version())


def _metadata():
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
            "Summary: Exact values of Morris positions from mtb tablebases (ctypes over libmtb_probe.so)\n"
            "Requires-Python: >=3.8\n" % (NAME, _version()))


def _write_wheel(wheel_directory, files):
    """files: [(archive name, bytes)]; adds the dist-info and RECORD."""
    info = _dist_info()
    files = list(files) + [
        (info + "/METADATA", _metadata().encode()),
        (info + "/WHEEL", b"Wheel-Version: 1.0\nGenerator: mtb_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
        (info + "/top_level.txt", (NAME + "\n").encode()),
    ]
    record = []
    for name, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append("%s,sha256=%s,%d" % (name, digest, len(data)))
    record.append(info + "/RECORD,,")
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    wheel = "%s-%s-py3-none-any.whl" % (NAME, _version())
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            z.writestr(name, data)
    return wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = []
    package = os.path.join(HERE, NAME)
    for name in sorted(os.listdir(package)):
        # py.typed: the PEP 561 marker, so that type checkers read the package's hints.
        if (name.endswith(".py") and name != "_build_tree.py") or name == "py.typed":
            with open(os.path.join(package, name), "rb") as f:
                files.append((NAME + "/" + name, f.read()))
    root = os.path.dirname(HERE)
    files.append((NAME + "/_build_tree.py",
                  ("# Written at install time: the source checkout whose build*/probe/ folders\n"
                   "# are searched for libmtb_probe.so.\nSOURCE_ROOT = %r\n" % root).encode()))
    return _write_wheel(wheel_directory, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """`pip install -e ./python`: a .pth file pointing at python/."""
    return _write_wheel(wheel_directory, [(NAME + "_editable.pth", (HERE + "\n").encode())])


def _prepare_metadata(metadata_directory):
    info = os.path.join(metadata_directory, _dist_info())
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write(_metadata())
    return _dist_info()


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _prepare_metadata(metadata_directory)


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _prepare_metadata(metadata_directory)


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []
