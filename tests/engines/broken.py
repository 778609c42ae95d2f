#!/usr/bin/env python3
"""A deliberately broken CECP engine for the match runner's tests.

Wraps a real engine (the command after '--'), relays everything both ways,
and misbehaves when the real engine is about to send its Nth move:

  illegal  plays 'move a1a1' (from-square equals to-square: never legal)
  crash    exits with status 3
  hang     goes silent forever (still reads its input)
  claim    claims '1-0 {I say so}' instead of moving
  garbage  prints noise, then 'move %%garbage%%'
  slow     holds each move from its Nth on for 2.5 s before sending it
           (its thinking lines still report the real engine's short search)
  gloomy   not broken: moves normally, but from its Nth move on its last
           thinking line before each move reports -900 centipawns (for the
           referee's resign adjudication)
  stale    not broken: before its first move of every game it prints the
           late 'resign' and draw claim GNU Chess 6 sometimes leaves over
           from the previous game, then moves normally (N is ignored)
  stubborn hangs like 'hang', and worse: it ignores SIGTERM, SIGHUP and
           SIGINT, stays when its input closes or its engine quits, and
           starts a helper process that does the same. Only SIGKILL of
           every process ends it. With PIDFILE it appends its own pid, its
           engine's and its helper's, one per line, when it starts
  latin1   prints a line that is not UTF-8 ('\xe9t\xe9', Latin-1) before
           its Nth move, then moves normally

In the other modes PIDFILE gets this wrapper's pid, one line per start (so
a test counts how often the referee started the engine).

Usage: broken.py MODE N [PIDFILE] -- COMMAND...
"""
import os
import signal
import subprocess
import sys
import threading
import time

mode, after = sys.argv[1], int(sys.argv[2])
dashes = sys.argv.index("--")
pidfile = sys.argv[3] if dashes > 3 else None
cmd = sys.argv[dashes + 1:]
STUBBORN = (
    "import signal, time\n"
    "for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):\n"
    "    signal.signal(s, signal.SIG_IGN)\n"
    "while True:\n"
    "    time.sleep(1)\n"
)
if mode == "stubborn":
    for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(s, signal.SIG_IGN)
proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
if mode == "stubborn":
    helper = subprocess.Popen([sys.executable, "-c", STUBBORN], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if pidfile:
        pids = [os.getpid(), proc.pid, helper.pid]
        try:
            # A shell that started us and stayed in between.
            with open(f"/proc/{os.getppid()}/comm") as f:
                if f.read().strip() in ("sh", "dash", "bash"):
                    pids.append(os.getppid())
        except OSError:
            pass
        with open(pidfile, "a") as f:
            f.write("".join(f"{p}\n" for p in pids))
if pidfile and mode != "stubborn":
    with open(pidfile, "a") as f:
        f.write(f"{os.getpid()}\n")
hung = threading.Event()
fresh_game = threading.Event()


def feed():
    for line in sys.stdin:
        if line.strip() == "new":
            fresh_game.set()
        try:
            proc.stdin.write(line)
            proc.stdin.flush()
        except BrokenPipeError:
            break
    try:
        proc.stdin.close()
    except BrokenPipeError:
        pass


feeder = threading.Thread(target=feed, daemon=True)
feeder.start()
moves = 0
for line in proc.stdout:
    if hung.is_set():
        continue
    if line.startswith("move ") and mode == "stale":
        if fresh_game.is_set():
            fresh_game.clear()
            sys.stdout.write("resign\n1/2-1/2 {Draw by repetition}\n")
    elif line.startswith("move "):
        moves += 1
        if moves >= after:
            if mode == "illegal":
                line = "move a1a1\n"
            elif mode == "crash":
                proc.kill()
                sys.exit(3)
            elif mode in ("hang", "stubborn"):
                hung.set()
                continue
            elif mode == "claim":
                line = "1-0 {I say so}\n"
            elif mode == "gloomy":
                sys.stdout.write("9 -900 10 1000 gloomy\n")
            elif mode == "slow":
                time.sleep(2.5)
            elif mode == "latin1":
                sys.stdout.flush()
                sys.stdout.buffer.write(b"\xe9t\xe9\n")
                sys.stdout.buffer.flush()
            elif mode == "garbage":
                sys.stdout.write("\x01\x02 ~~~ %%%% ###\nlorem ipsum 12 x\n")
                line = "move %%garbage%%\n"
    sys.stdout.write(line)
    sys.stdout.flush()
if mode == "stubborn":
    # Input closed, engine gone: stay anyway, as a hung program does.
    while True:
        time.sleep(1)
if hung.is_set():
    # Silent until the referee gives up and closes our input: then leave,
    # so no orphan outlives the match.
    feeder.join()
