#!/bin/sh
# Runs herd7 on one test as tools/memory-model's runlitmus.sh does: the
# options from LKMM_HERD_OPTIONS, stdout and stderr into FILE.out.
litmus=$1
herdoptions=${LKMM_HERD_OPTIONS--conf linux-kernel.cfg}
echo Herd options: $herdoptions > $litmus.out
herd7 $herdoptions $litmus >> $litmus.out 2>&1
