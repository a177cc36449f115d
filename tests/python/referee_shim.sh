#!/bin/sh
# tests/player/referee.py starts "<program> player --protocol P --budget B";
# this program runs the example player python/examples/P_player.py instead,
# with the interpreter in $MTB_PYTHON (the tables come from $MTB_TABLES).
here=$(dirname "$0")
exec "${MTB_PYTHON:-python3}" "$here/../../python/examples/${3}_player.py" --budget 0.1
