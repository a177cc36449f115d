#!/bin/sh
# tests/player/referee.py starts "<program> player --protocol P --budget B";
# this program runs the example player python/examples/P_player.py instead,
# with the same --budget, the interpreter in $MTB_PYTHON and the tables in
# $MTB_TABLES.
here=$(dirname "$0")
exec "${MTB_PYTHON:-python3}" "$here/../../python/examples/${3}_player.py" "$4" "$5"
