#!/usr/bin/env bash
# Benchmarks for play over SSH (reported, not asserted): first frame after the
# SSH handshake, memory (PSS) per session, key round trip with N sessions.
# Loopback only; see tui/ssh/bench.py. Usage: scripts/ssh_bench.sh [N]   (default 10)
set -eu
cd "$(dirname "$0")/.."
exec "${PY:-python}" -m tui.ssh.bench "${1:-10}"
