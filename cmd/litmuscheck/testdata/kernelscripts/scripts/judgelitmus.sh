#!/bin/sh
# Judges FILE.out against the test's " * Result: " comment, as the
# kernel's judgelitmus.sh does: the Observation line must carry it.
litmus=$1
grep '^Observation' $litmus.out
outcome=`grep -m 1 '^ \* Result: ' $litmus | awk '{ print $3 }'`
if ! grep -q '^Observation' $litmus.out
then
	echo ' !!! Verification error' $litmus
	exit 255
fi
if grep '^Observation' $litmus.out | grep -q $outcome
then
	tail -2 $litmus.out | head -1
	exit 0
fi
echo " !!! Unexpected non-$outcome verification" $litmus
exit 1
