//! The child processes a run starts (callgrind, dhat) die with it, and an interrupted run says so.
//!
//! Each child runs in a process group of its own, registered here while it runs, with `PR_SET_PDEATHSIG` set so the
//! kernel kills it when the harness dies for any reason (SIGKILL included). SIGINT and SIGTERM are taken by one
//! thread ([`install`]): it kills every registered child's group, marks every `.partial` run folder being written
//! as interrupted (the `INTERRUPTED` file names the signal) and exits 130 or 143.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The file that marks a `.partial` run folder as stopped by a signal (its content names the signal).
pub(crate) const INTERRUPTED_FILE: &str = "INTERRUPTED";

/// The process groups of the children running now.
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// The `.partial` run folders being written now.
static WRITING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Set when a signal stops the run: the work that sees its children killed must not exit first with its own status.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Takes SIGINT and SIGTERM from the whole process into one thread that stops the run ([`stop`]). Called first in
/// `main`, before any thread starts: threads inherit the blocked mask, so only that thread ever sees the signals.
/// (Children start with an empty mask: `Command` resets it.)
pub(crate) fn install() {
    // SAFETY: `set` is a local, initialised by sigemptyset before use; pthread_sigmask changes only this thread's
    // mask, which the threads started later inherit.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGINT);
        libc::sigaddset(&mut set, libc::SIGTERM);
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        set
    };
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            loop {
                let mut sig = 0;
                // SAFETY: `set` is initialised and `sig` a valid place for the result.
                if unsafe { libc::sigwait(&set, &mut sig) } == 0 {
                    stop(sig);
                }
            }
        });
    if spawned.is_err() {
        // Without the thread nobody would take the signals: give them back their default action.
        // SAFETY: as above.
        unsafe { libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut()) };
    }
}

/// Kills every running child's group, marks the run folders being written, and exits `128 + sig`.
fn stop(sig: i32) -> ! {
    STOPPING.store(true, Ordering::SeqCst);
    let name = if sig == libc::SIGINT {
        "SIGINT"
    } else {
        "SIGTERM"
    };
    for &group in lock(&RUNNING).iter() {
        // SAFETY: kill has no memory effects; a group that already ended gives ESRCH, which is ignored.
        unsafe { libc::kill(-group, libc::SIGKILL) };
    }
    for pid in own_children() {
        // SAFETY: as above; `pid` is a child of this process, not yet waited for, so its id is not reused.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    for dir in lock(&WRITING).iter() {
        let _ = std::fs::write(
            dir.join(INTERRUPTED_FILE),
            format!("interrupted by {name}\n"),
        );
        eprintln!(
            "interrupted by {name}: {} is left incomplete (marked INTERRUPTED)",
            dir.display()
        );
    }
    std::process::exit(128 + sig)
}

/// The processes whose parent is this one (`/proc/*/stat`): children started without [`spawn`], such as the timing
/// children of `compare` and of the main job, die with the run too.
fn own_children() -> Vec<i32> {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let pid = e.file_name().to_str()?.parse::<i32>().ok()?;
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            // `pid (comm) state ppid ...`: the command name may hold spaces and parentheses, so read after the last ')'.
            let ppid = stat.rsplit_once(')')?.1.split_whitespace().nth(1)?;
            (ppid == me).then_some(pid)
        })
        .collect()
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Waits for the exit [`stop`] is making, if a signal is stopping the run: a command whose child was just killed
/// would otherwise fail (status 1) before the signal's status (130 or 143) is set.
pub(crate) fn wait_if_stopping() {
    while STOPPING.load(Ordering::SeqCst) {
        std::thread::park();
    }
}

/// Notes that `dir` (a `.partial` run folder) is being written, until [`written`].
pub(crate) fn writing(dir: &Path) {
    lock(&WRITING).push(dir.to_path_buf());
}

/// Notes that `dir` is no longer being written (completed, or discarded).
pub(crate) fn written(dir: &Path) {
    lock(&WRITING).retain(|d| d != dir);
}

/// Runs `cmd` as a child that dies with the harness, collecting its output as [`Command::output`] does.
pub(crate) fn output(cmd: &mut Command) -> std::io::Result<Output> {
    cmd.stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let child = spawn(cmd)?;
    let pid = child.id() as i32;
    let out = child.wait_with_output();
    lock(&RUNNING).retain(|&g| g != pid);
    out
}

/// Runs `cmd` as a child that dies with the harness and waits for its status, as [`Command::status`] does.
pub(crate) fn status(cmd: &mut Command) -> std::io::Result<std::process::ExitStatus> {
    let mut child = spawn(cmd)?;
    let pid = child.id() as i32;
    let status = child.wait();
    lock(&RUNNING).retain(|&g| g != pid);
    status
}

/// Starts `cmd` in a process group of its own, killed by the kernel when this process dies, and registers it.
fn spawn(cmd: &mut Command) -> std::io::Result<Child> {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec and calls only async-signal-safe functions
    // (prctl, getppid, _exit); it allocates nothing and touches no lock.
    let parent = unsafe { libc::getpid() };
    unsafe {
        cmd.process_group(0).pre_exec(move || {
            die_with_parent(parent);
            Ok(())
        });
    }
    let child = cmd.spawn()?;
    lock(&RUNNING).push(child.id() as i32);
    Ok(child)
}

/// In a freshly forked process: asks the kernel to kill it when its parent dies, and exits at once if the parent
/// (`parent`) died before the request was made. Async-signal-safe.
pub(crate) fn die_with_parent(parent: libc::pid_t) {
    // SAFETY: prctl with PR_SET_PDEATHSIG takes a signal number and no pointer; getppid and _exit have no
    // memory effects.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
        if libc::getppid() != parent {
            libc::_exit(137);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    #[test]
    fn a_child_runs_in_its_own_group_and_is_forgotten_when_done() {
        let out = output(Command::new("sh").args(["-c", "echo $$ $(cut -d' ' -f5 /proc/$$/stat)"]))
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let ids: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(ids.len(), 2, "{text}");
        assert_eq!(ids[0], ids[1], "the child leads a process group of its own");
        assert!(!lock(&RUNNING).contains(&ids[0].parse().unwrap()));
    }

    #[test]
    fn a_plain_child_is_found_among_the_own_children() {
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let found = own_children().contains(&(child.id() as i32));
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(found);
    }

    /// The kernel sends the parent-death signal when the thread that started the child ends (the process's death
    /// ends them all): a child started by a thread that then ends is killed, which is what happens to every child
    /// when the harness is killed.
    #[test]
    fn a_child_is_killed_when_its_parent_goes() {
        let mut child = std::thread::spawn(|| spawn(Command::new("sleep").arg("30")).unwrap())
            .join()
            .unwrap();
        let status = child.wait().unwrap();
        lock(&RUNNING).retain(|&g| g != child.id() as i32);
        assert_eq!(status.signal(), Some(libc::SIGKILL), "{status}");
    }
}
