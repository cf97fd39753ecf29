#!/bin/sh
# Compares DIR1/NAME.out and DIR2/NAME.out for each name on stdin, Time
# lines aside, as cmplitmushist.sh does.
ret=0
while read t
do
	grep -v '^Time' $1/$t.out > /tmp/cmplh.$$.a
	grep -v '^Time' $2/$t.out > /tmp/cmplh.$$.b
	if cmp -s /tmp/cmplh.$$.a /tmp/cmplh.$$.b
	then
		echo Exact output match: $t
	else
		echo ' !!!' Result changed: $t; ret=1
	fi
done
rm -f /tmp/cmplh.$$.a /tmp/cmplh.$$.b
exit $ret
