#!/bin/bash
# The CPU a command and every process it starts use (re-parented browser processes too), against its wall time:
#   tools/cpu_time.sh .venv/bin/python -m pytest -n 2 tests/browser
# prints "== wall W s, cpu C s, cores C/W" (root, a cgroup v1 cpuacct hierarchy: Linux, as on these machines).
# Measured with it: Chromium's tests kept 1.2 of 2 cores busy at -n 2 (Makefile BROWSER_JOBS).
set -u
g=/sys/fs/cgroup/cpuacct/nile-cpu-time-$$
mkdir -p "$g" && echo 0 > "$g/cpuacct.usage" && echo $$ > "$g/cgroup.procs" || { echo "no cpuacct cgroup here"; exit 2; }
start=$(date +%s.%N)
"$@"
rc=$?
end=$(date +%s.%N)
python3 -c "w = $end - $start; c = int(open('$g/cpuacct.usage').read()) / 1e9; print(f'== wall {w:.0f} s, cpu {c:.0f} s, cores {c / w:.2f}')"
exit $rc
