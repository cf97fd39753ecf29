#!/bin/sh
# Regenerates docs/pictures/report-crossed-locking.png and proof-table.png:
# the HTML report of a lock test and the proof table, as headless Chromium
# draws them. Run from the repository root: sh docs/pictures/screenshots.sh
# (the proof table takes some minutes).
set -eu
out=docs/pictures
tmp=$(mktemp -d)
go build -o "$tmp/litmuscheck" ./cmd/litmuscheck
"$tmp/litmuscheck" --html "$tmp/report.html" --lock qspinlock locks/scenarios/crossed-locking.litmus >/dev/null || true
"$tmp/litmuscheck" locks --html "$tmp/proof-table.html" >/dev/null
for page in report:report-crossed-locking proof-table:proof-table; do
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$tmp/profile" \
		--window-size=1400,1800 --screenshot="$out/${page#*:}.png" "file://$tmp/${page%%:*}.html"
done
rm -rf "$tmp"
