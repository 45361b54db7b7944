//! Exact battle odds (written by the odds work; see `fiw odds louisbourg`).
