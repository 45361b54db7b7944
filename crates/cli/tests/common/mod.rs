//! What every end-to-end test of the `fiw` binary needs: running it with input, temp files,
//! and the check that a refusal is one line with exit 2.
#![allow(dead_code)]

pub mod serve;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One run of `fiw`.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `fiw` with `args`, feeding `input` on stdin; games people play are autosaved in a
/// directory of this test run, never the user's own.
pub fn fiw(args: &[&str], input: &str) -> Run {
    fiw_with_env(&[], args, input)
}

/// [`fiw`] with these environment variables set (a data folder or file a game reads).
pub fn fiw_with_env(vars: &[(&str, &Path)], args: &[&str], input: &str) -> Run {
    let state = std::env::temp_dir().join(format!("fiw-cli-test-state-{}", std::process::id()));
    fiw_env_in(&state, vars, args, input)
}

/// [`fiw`] with the autosaves in `state`.
pub fn fiw_in(state: &Path, args: &[&str], input: &str) -> Run {
    fiw_env_in(state, &[], args, input)
}

fn fiw_env_in(state: &Path, vars: &[(&str, &Path)], args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fiw"))
        .args(args)
        .envs(vars.iter().copied())
        .env("FIW_STATE_DIR", state)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fiw binary starts");
    {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        // The program may exit before reading everything (bad usage); that is not a failure.
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("fiw runs to the end");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A fresh temp file name, unique across tests and concurrent runs.
pub fn temp(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    std::env::temp_dir().join(format!(
        "fiw-cli-test-{}-{n}-{name}.json",
        std::process::id()
    ))
}

pub fn path(p: &Path) -> &str {
    p.to_str().expect("temp paths are UTF-8")
}

/// Asserts the run was refused as bad input: exit 2, one line on stderr, no panic.
pub fn assert_bad_input(run: &Run, what: &str) {
    assert_eq!(run.code, 2, "{what}: exit code; stderr: {}", run.stderr);
    assert_eq!(
        run.stderr.trim_end().lines().count(),
        1,
        "{what}: one stderr line, got: {}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{what}: {}", run.stderr);
    assert!(
        run.stdout.is_empty(),
        "{what}: nothing on stdout, got: {}",
        run.stdout
    );
}
