# Shared by the hardening scripts (sourced): a scratch folder and the check
# helpers.  Each check names what it expects; a script calls `finish` at the
# end, which fails when any check did.
#   hardening_begin NAME RUN_SECONDS   (RUN_SECONDS bounds each command: a
#                                       hang, not a slow machine)
hardening_begin() {
  T=$(mktemp -d "/tmp/mtb-$1.XXXXXX")
  trap 'rm -rf "$T"' EXIT
  RUN_SECONDS=$2
  failures=0
}
bad() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# run CMD...: runs with the time bound; sets rc, out, err.
run() {
  timeout "$RUN_SECONDS" "$@" >"$T/out" 2>"$T/err"
  rc=$?
  out=$(cat "$T/out")
  err=$(cat "$T/err")
}
# expect CODE PATTERN CMD...: exit status CODE and PATTERN (grep -E) in stdout or stderr.
expect() {
  local code=$1 pattern=$2
  shift 2
  run "$@"
  [ "$rc" = "$code" ] || { bad "$* : exit $rc, want $code; stdout: ${out:0:300} stderr: ${err:0:300}"; return; }
  grep -Eq -- "$pattern" "$T/out" "$T/err" || bad "$* : no '$pattern' in output; stdout: ${out:0:300} stderr: ${err:0:300}"
}
# finish WHAT: exit 1 when a check failed, else say all WHAT checks passed.
finish() {
  [ "$failures" = 0 ] || { echo "$failures checks failed" >&2; exit 1; }
  echo "all $1 checks passed"
}
