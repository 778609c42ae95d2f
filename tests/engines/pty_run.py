#!/usr/bin/env python3
"""Runs an engine on a pseudo-terminal and relays its input and output.

GNU Chess 6.2.7 (Debian 12) loses its xboard-mode output when its standard
output is a pipe: after the first feature lines nothing more arrives, so a
referee or GUI talking to it over pipes waits forever. On a terminal it
works. This wrapper gives it one (with echo off, so our own commands do not
come back) and relays lines both ways:

    curio match --variant chess --engine gnuchess="python3 tests/engines/pty_run.py /usr/games/gnuchess --xboard" ...

It exits when either side closes.
"""
import os
import pty
import select
import sys
import termios


def main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: pty_run.py COMMAND [ARGS...]\n")
        sys.exit(2)
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execvp(sys.argv[1], sys.argv[1:])
        except OSError as e:
            sys.stderr.write(f"pty_run.py: cannot run {sys.argv[1]}: {e}\n")
            os._exit(127)
    # A line-mode terminal without echo, so our commands do not come back.
    attrs = termios.tcgetattr(fd)
    attrs[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    stdin = sys.stdin.fileno()
    stdout = sys.stdout.fileno()
    try:
        while True:
            ready, _, _ = select.select([stdin, fd], [], [])
            if stdin in ready:
                data = os.read(stdin, 4096)
                if not data:
                    break
                os.write(fd, data)
            if fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                os.write(stdout, data.replace(b"\r\n", b"\n"))
    finally:
        try:
            os.kill(pid, 15)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass


if __name__ == "__main__":
    main()
