#!/usr/bin/env python3
"""The shared probe library exports the C API and nothing else.

    check_exports.py LIBRARY PROBE_H

Fails when `nm -D --defined-only` lists a symbol outside the C API's `mtb_`
names, when a function declared MTB_API in the header is not exported,
or when the SONAME is not libmtb_probe.so.<major>."""
import re
import subprocess
import sys


def main():
    lib, header = sys.argv[1], sys.argv[2]
    out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True, check=True).stdout
    exported = set()
    for line in out.splitlines():
        parts = line.split()
        if parts:
            exported.add(parts[-1].split("@")[0])
    with open(header) as f:
        declared = set(re.findall(r"^MTB_API\b[^(]*?\b(mtb_\w+)\s*\(", f.read(), re.M))
    faults = []
    extra = sorted(s for s in exported if not s.startswith("mtb_") or s not in declared)
    if extra:
        faults.append("exported beyond the C API: " + ", ".join(extra[:20]))
    missing = sorted(declared - exported)
    if missing:
        faults.append("declared MTB_API but not exported: " + ", ".join(missing))
    if not declared:
        faults.append("no MTB_API function found in " + header)
    dyn = subprocess.run(["readelf", "-d", lib], capture_output=True, text=True, check=True).stdout
    soname = re.search(r"\(SONAME\)\s+Library soname: \[(.*)\]", dyn)
    if not soname or not re.fullmatch(r"libmtb_probe\.so\.\d+", soname.group(1)):
        faults.append("SONAME is %r, expected libmtb_probe.so.<major>" % (soname.group(1) if soname else None))
    for fault in faults:
        print("FAIL: " + fault, file=sys.stderr)
    if not faults:
        print("%d C API functions exported, nothing else; SONAME %s" % (len(declared), soname.group(1)))
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
