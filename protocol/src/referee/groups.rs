//! Engine process groups: nothing `curio match` starts outlives it.
//!
//! Every engine runs as the leader of a process group of its own (its
//! command goes through `sh -c`, and a wrapper may start more programs:
//! all of them share the group unless they leave it on purpose). Ending an
//! engine, for whatever reason, sends SIGKILL to the whole group and reaps
//! what became our children, so a hung program behind a shell or a wrapper
//! cannot live on as an orphan.
//!
//! [`guard_match_process`] makes the same true when the match itself ends
//! early: SIGINT, SIGTERM and SIGHUP (which, with the engines in groups of
//! their own, no longer reach them from the terminal) and panics kill every
//! engine group before the process goes. Only SIGKILL of `curio match`
//! itself cannot be answered.
//!
//! Soundness of `kill(-pgid)`: a group id is its leader's pid, and the
//! kernel gives neither pid nor group id to a new process while the leader
//! exists, even as a zombie. A group is therefore in `LIVE` only while its
//! leader is not reaped yet, and is taken out under the same lock as it is
//! killed, before the leader is reaped.

use std::io;
use std::process::{Child, Command};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Group ids (= leader pids) of the engines whose leader is not reaped.
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<i32>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The final report of the games finished so far (standings, head to
/// head, SPRT, how games ended), kept after every game: what an
/// interrupted match prints before it exits (see [`guard_match_process`]).
static SO_FAR: Mutex<Option<String>> = Mutex::new(None);

/// Keeps `report` as the one to print if a signal ends the match.
pub(crate) fn set_report_so_far(report: String) {
    *SO_FAR.lock().unwrap_or_else(|e| e.into_inner()) = Some(report);
}

/// Starts `command` as the leader of a new process group and records the
/// group; the lock is held across the start, so a signal that arrives
/// meanwhile still finds the group.
pub(crate) fn spawn_in_own_group(command: &mut Command) -> io::Result<Child> {
    use std::os::unix::process::CommandExt;
    let mut live = live();
    let child = command.process_group(0).spawn()?;
    live.push(child.id() as i32);
    Ok(child)
}

/// SIGKILLs every process of group `pgid` and forgets the group. Call it
/// before reaping the leader (see the module notes).
pub(crate) fn kill_group(pgid: i32) {
    let mut live = live();
    if let Some(i) = live.iter().position(|&p| p == pgid) {
        live.swap_remove(i);
        // SAFETY: kill has no memory effects; the group is ours (above).
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// Reaps the members of group `pgid` that became our children after their
/// parent died (we are their subreaper, see [`guard_match_process`]),
/// waiting at most `within` for the killed ones to go.
pub(crate) fn reap_group(pgid: i32, within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        let mut status = 0;
        // SAFETY: waitpid writes only `status`.
        let r = unsafe { libc::waitpid(-pgid, &mut status, libc::WNOHANG) };
        if r > 0 {
            continue;
        }
        if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return; // ECHILD: none of the group is our child any more
        }
        if Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Whether the child `pid` has ended, without reaping it: its pid, and so
/// its group id, stay reserved until [`kill_group`] has run.
pub(crate) fn has_exited(pid: u32) -> bool {
    // SAFETY: siginfo_t is plain data; waitid writes only `info`.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        // An error (no such child) counts as ended.
        r != 0 || info.si_pid() != 0
    }
}

/// Kills every engine group still recorded, on the way out. With `reap`
/// (a signal: the process exits next) it waits for the lock, reaps the
/// groups and keeps the lock, so that no engine is started after this. A
/// panic hook only tries the lock for a while: the panicking thread might
/// hold it.
fn kill_all(reap: bool) {
    let live = if reap {
        live()
    } else {
        let mut tries = 0;
        loop {
            match LIVE.try_lock() {
                Ok(l) => break l,
                Err(std::sync::TryLockError::Poisoned(e)) => break e.into_inner(),
                Err(std::sync::TryLockError::WouldBlock) if tries < 100 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(2));
                }
                Err(std::sync::TryLockError::WouldBlock) => return,
            }
        }
    };
    for &pgid in live.iter() {
        // SAFETY: as in kill_group.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
    if reap {
        for &pgid in live.iter() {
            let mut status = 0;
            // SAFETY: waitpid writes only `status`. The leader first, then
            // what of its group became ours.
            unsafe {
                libc::waitpid(pgid, &mut status, 0);
            }
            reap_group(pgid, Duration::from_secs(2));
        }
        // Exiting now: keep the lock, so no worker starts another engine.
        std::mem::forget(live);
    }
}

/// Sets up `curio match` so that nothing it starts outlives it: call it
/// first thing, before any other thread exists.
///
/// * SIGINT, SIGTERM and SIGHUP are blocked in every thread and taken by a
///   thread of their own, which kills every engine group, reaps it, prints
///   the report of the games finished so far on stdout (a long match
///   stopped early still tells its result), says so on stderr and exits
///   with status 128 + the signal (130 for Ctrl-C). The caller must not
///   hold stdout's lock while the match runs.
///   Engines start with an empty signal mask (std resets it). A signal
///   ignored when `curio match` started (`nohup`, `&` in a script) stays
///   ignored.
/// * On Linux the process becomes a child subreaper, so the programs an
///   engine started become our children when the engine dies, and are
///   reaped instead of lingering as zombies.
/// * A panic kills every engine group before the usual report (release
///   builds abort on panic, so no destructor would run).
pub fn guard_match_process() -> io::Result<()> {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with these arguments only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
    let set = {
        // SAFETY: sigset_t is plain data, initialised by sigemptyset.
        unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            for s in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::sigaddset(&mut set, s);
            }
            let r = libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            if r != 0 {
                return Err(io::Error::from_raw_os_error(r));
            }
            set
        }
    };
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let mut sig = 0;
            // SAFETY: sigwait reads `set` and writes `sig`.
            while unsafe { libc::sigwait(&set, &mut sig) } != 0 {}
            let name = match sig {
                libc::SIGINT => "SIGINT",
                libc::SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            kill_all(true);
            let so_far = SO_FAR.lock().unwrap_or_else(|e| e.into_inner()).take();
            let shown = match so_far {
                Some(report) => {
                    use std::io::Write;
                    let mut out = io::stdout().lock();
                    let _ = write!(out, "{report}");
                    let _ = out.flush();
                    "the report of the games finished is on stdout"
                }
                None => "no game had finished",
            };
            eprintln!("curio: match interrupted by {name}: every engine process stopped; {shown}");
            std::process::exit(128 + sig);
        })?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        kill_all(false);
        previous(info);
    }));
    Ok(())
}
