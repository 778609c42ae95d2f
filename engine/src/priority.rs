//! Scheduling priority of helper search threads.
//!
//! Lazy SMP helpers only feed the shared transposition table; the main
//! thread decides, reports and keeps the clock. When threads outnumber
//! free cores equal priorities let the scheduler give the main thread only
//! its share of a core: with 4 threads on this project's 2-core machine it
//! reached about one ply less in 120 ms than a single thread. Helpers
//! therefore run at a lower priority (nice +10 on Linux): the main thread
//! keeps a whole core and the helpers share what is left. An engine no
//! longer runs more threads than cores (`Engine::running_threads`), but the
//! cores may be busy with other work, such as the other engine of a match
//! played two games at a time. With a core per thread and an idle machine
//! the priority changes nothing.

/// The nice value helpers run at.
pub const HELPER_NICE: i32 = 10;

#[cfg(target_os = "linux")]
mod sys {
    extern "C" {
        fn gettid() -> i32;
        fn setpriority(which: i32, who: u32, prio: i32) -> i32;
        fn getpriority(which: i32, who: u32) -> i32;
    }
    const PRIO_PROCESS: i32 = 0;

    /// On Linux the nice value belongs to a thread, addressed by its id.
    pub fn set_nice(nice: i32) -> bool {
        // SAFETY: plain system calls on the calling thread's own id; no
        // memory is shared with the callee.
        unsafe { setpriority(PRIO_PROCESS, gettid() as u32, nice) == 0 }
    }

    pub fn nice() -> Option<i32> {
        // SAFETY: as above. -1 is also a valid nice value, so errno would be
        // needed to tell it from an error; the callers only compare.
        Some(unsafe { getpriority(PRIO_PROCESS, gettid() as u32) })
    }
}

#[cfg(not(target_os = "linux"))]
mod sys {
    pub fn set_nice(_: i32) -> bool {
        false
    }
    pub fn nice() -> Option<i32> {
        None
    }
}

/// Lowers the calling thread to [`HELPER_NICE`], never raising it: an
/// engine started at a lower priority still (`nice -n 19 curio`) keeps it
/// in its helpers, which a privileged user's `setpriority` would otherwise
/// lift back to [`HELPER_NICE`]. Returns whether the thread now runs at
/// [`HELPER_NICE`] or lower (elsewhere than Linux nothing changes).
pub fn lower_current_thread() -> bool {
    match sys::nice() {
        Some(now) if now >= HELPER_NICE => true,
        _ => sys::set_nice(HELPER_NICE),
    }
}

/// The calling thread's nice value, where the system has one per thread.
pub fn current_nice() -> Option<i32> {
    sys::nice()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_helper_is_lowered_and_the_caller_is_not() {
        let before = current_nice().unwrap();
        let inside = std::thread::spawn(|| {
            assert!(lower_current_thread());
            current_nice().unwrap()
        })
        .join()
        .unwrap();
        assert_eq!(inside, HELPER_NICE.max(before));
        assert_eq!(current_nice().unwrap(), before, "only the helper changed");
    }
}
