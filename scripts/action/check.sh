#!/usr/bin/env bash
# Runs wodds check once for the GitHub Action (action.yml): annotations on
# the log (workflow commands), the table after them, a Markdown summary
# appended to $GITHUB_STEP_SUMMARY, and exit-code= and moved= on
# $GITHUB_OUTPUT; exits with wodds check's code (1: something moved, 2: bad
# input), which fails the job.
#
# Environment: WODDS_BASELINE (the baseline's directory), WODDS_ARGS (extra
# flags, split on spaces), GITHUB_STEP_SUMMARY, GITHUB_OUTPUT.
set -uo pipefail

baseline="${WODDS_BASELINE:-baseline}"
read -r -a extra <<< "${WODDS_ARGS:-}"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT

wodds check --baseline "$baseline" --quiet --format github --summary "$summary" "${extra[@]}"
code=$?

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    if [ -s "$summary" ]; then
        cat "$summary" >> "$GITHUB_STEP_SUMMARY"
    else
        # No summary: wodds stopped on bad input before comparing.
        {
            echo "## wodds check: could not run (exit $code)"
            echo
            echo "Bad input: the log names the file and field at fault."
        } >> "$GITHUB_STEP_SUMMARY"
    fi
fi
moved=false
[ "$code" = 1 ] && moved=true
if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
        echo "exit-code=$code"
        echo "moved=$moved"
    } >> "$GITHUB_OUTPUT"
fi
exit "$code"
