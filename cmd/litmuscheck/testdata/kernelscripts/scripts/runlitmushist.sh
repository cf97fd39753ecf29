#!/bin/sh
# Runs the tests named on stdin into DIR/NAME.out as the history scripts
# do; a herd7 failure or a missing Observation line is reported with !!!.
dir=$1
ret=0
while read t
do
	if herd7 $LKMM_HERD_OPTIONS $t > $dir/$t.out 2>&1
	then
		grep -q '^Observation ' $dir/$t.out || { echo ' !!! Herd failed, no Observation:' $t; ret=1; }
	else
		echo ' !!! Herd failed, exit code' $? $t; ret=1
	fi
done
exit $ret
