#!/usr/bin/env bash
# Manual / nightly check of `catan serve` with the real OpenSSH client inside tmux.
#
# Two players (alice, bob) connect, alice creates a table, bob joins, alice
# starts it, both see the game; alice's window is resized; the refusals are
# checked with plain ssh (another user's key, an unknown key, exec, no pty);
# bob's terminal is killed and his app must go away. Loopback only; every wait
# is bounded. Needs: openssh-client, tmux, ssh-keygen, and the project's venv.
#
#   scripts/ssh_tmux_check.sh [PORT]        (default 8622)
#
# Prints one line per check and "N passed, M failed"; exit status 1 on failure.
set -u
PORT="${1:-8622}"
PY="${PY:-python}"
WORK="$(mktemp -d /tmp/catan-ssh-check.XXXXXX)"
PASS=0
FAIL=0
SERVER_PID=""

ok() { PASS=$((PASS + 1)); echo "ok   $*"; }
bad() { FAIL=$((FAIL + 1)); echo "FAIL $*"; }

cleanup() {
  tmux kill-session -t catan_alice 2>/dev/null
  tmux kill-session -t catan_bob 2>/dev/null
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID"
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

SSH_OPTS=(-p "$PORT" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null
  -o LogLevel=ERROR -o IdentitiesOnly=yes -o ConnectTimeout=5)

for u in alice bob mallory; do
  ssh-keygen -q -t ed25519 -N "" -C "$u" -f "$WORK/$u" >/dev/null
done
{
  echo "[users.alice]"; echo "keys = [\"$(cat "$WORK/alice.pub")\"]"
  echo "[users.bob]"; echo "keys = [\"$(cat "$WORK/bob.pub")\"]"
} >"$WORK/users.toml"

$PY -m tui serve --port "$PORT" --users "$WORK/users.toml" --host-key "$WORK/host_key" \
  --saves "$WORK/saves" --bot-pace 0.2 >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/server.log" 2>/dev/null && break; sleep 0.1; done
grep -q listening "$WORK/server.log" && ok "server started" || { bad "server start"; cat "$WORK/server.log"; exit 1; }

screen_of() { tmux capture-pane -p -t "$1"; }
wait_for() { # session text [seconds]
  local i
  for i in $(seq $((${3:-10} * 10))); do
    screen_of "$1" | grep -q -- "$2" && return 0
    sleep 0.1
  done
  return 1
}
connect() { # user
  tmux new-session -d -s "catan_$1" -x 120 -y 40 \
    "ssh -tt ${SSH_OPTS[*]} -i $WORK/$1 $1@127.0.0.1; echo ssh exited \$?; sleep 30"
}

connect alice
connect bob
wait_for catan_alice "signed in as alice" && ok "alice sees the lobby" || bad "alice lobby"
wait_for catan_bob "signed in as bob" && ok "bob sees the lobby" || bad "bob lobby"

tmux send-keys -t catan_alice n
wait_for catan_alice "New table" && ok "create dialog" || bad "create dialog"
tmux send-keys -t catan_alice F5
wait_for catan_alice "waiting" && ok "table created" || bad "table created"
wait_for catan_bob "waiting" && ok "bob sees the table" || bad "bob sees the table"
tmux send-keys -t catan_bob j
wait_for catan_alice "seat 2: bob" && ok "bob took seat 2" || bad "bob took seat 2"
tmux send-keys -t catan_alice s
wait_for catan_alice "Log" 15 && ok "alice is at the game" || bad "alice game screen"
wait_for catan_bob "Log" 15 && ok "bob is at the game" || bad "bob game screen"

tmux resize-window -t catan_alice -x 90 -y 30
sleep 1
width=$(screen_of catan_alice | python3 -c 'import sys; print(max(len(l.rstrip()) for l in sys.stdin))')
[ "$width" -le 90 ] && ok "alice's screen follows a resize (width $width)" || bad "resize ($width)"

out=$(ssh "${SSH_OPTS[@]}" -o BatchMode=yes -i "$WORK/alice" bob@127.0.0.1 true 2>&1)
echo "$out" | grep -q "Permission denied" && ok "alice's key cannot log in as bob" || bad "key as bob: $out"
out=$(ssh "${SSH_OPTS[@]}" -o BatchMode=yes -i "$WORK/mallory" mallory@127.0.0.1 true 2>&1)
echo "$out" | grep -q "Permission denied" && ok "an unlisted key is refused" || bad "mallory: $out"
out=$(ssh "${SSH_OPTS[@]}" -o BatchMode=yes -i "$WORK/alice" alice@127.0.0.1 ls 2>&1)
echo "$out" | grep -q "runs no commands" && ok "exec refused with a message" || bad "exec: $out"
out=$(ssh -T "${SSH_OPTS[@]}" -o BatchMode=yes -i "$WORK/alice" alice@127.0.0.1 </dev/null 2>&1)
echo "$out" | grep -q "needs a terminal" && ok "no-pty session refused with a message" || bad "no pty: $out"

count_apps() { pgrep -f "tui.ssh.zygote" | while read -r z; do pgrep -P "$z"; done | wc -l; }
before=$(count_apps)
tmux kill-session -t catan_bob
for _ in $(seq 50); do [ "$(count_apps)" -lt "$before" ] && break; sleep 0.1; done
after=$(count_apps)
[ "$after" -lt "$before" ] && ok "bob's app ended with his terminal ($before -> $after)" || bad "bob's app lingers"

tmux send-keys -t catan_alice C-q
wait_for catan_alice "ssh exited 0" 5 && ok "alice quits cleanly" || {
  bad "alice quit"; screen_of catan_alice | tail -15; }

# The server stops while alice is in the lobby: her terminal is put back, and she is told.
tmux kill-session -t catan_alice
connect alice
wait_for catan_alice "signed in as alice" && {
  kill -INT "$SERVER_PID"
  if wait_for catan_alice "ssh exited 0" 10 && screen_of catan_alice | grep -q "server is shutting down"; then
    ok "a stopping server says so and leaves the terminal whole"
  else
    bad "server stop"; screen_of catan_alice | tail -8
  fi
} || bad "alice back in the lobby"

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
