#!/bin/sh
scripts/runlitmus.sh $1
scripts/judgelitmus.sh $1
