#!/bin/sh
# tests/player/referee.py starts "<program> player --protocol P --budget B";
# this program runs the example player python/examples/P_player.py instead,
# with the same --budget, the interpreter in $MTB_PYTHON and the tables in
# $MTB_TABLES.
here=$(dirname "$0")
protocol=""
budget=0.05
while [ $# -gt 0 ]; do
  case "$1" in
    --protocol) protocol=$2; shift ;;
    --budget) budget=$2; shift ;;
  esac
  shift
done
exec "${MTB_PYTHON:-python3}" "$here/../../python/examples/${protocol}_player.py" --budget "$budget"
