#!/bin/sh
# Checks every test of litmus/, as the kernel's checkalllitmus.sh.
ret=0
for i in litmus/*.litmus
do
	if ! scripts/checklitmus.sh $i
	then
		ret=1
	fi
done
exit $ret
