//! The server's tests, one binary: each file beside this one is a module of it (`cargo test -p
//! fiw-server --test server api::` runs one file's tests). Sixteen binaries each compiled the
//! generic code of the server's stack (axum, sqlx, tokio) they call, and `common`, again, and
//! linked it all: 312 s of the clean build's 1,896 s of compile units (cargo --timings, 2
//! cores); one binary takes 80 s.

// the secrecy audit (secrets.rs) builds views, texts and menus at every step of thousands of
// games: about a quarter faster on mimalloc than on glibc's malloc (the workspace's Cargo.toml)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[macro_use]
mod common;

mod accounts;
mod api;
mod bounds;
mod chat;
mod cites;
mod dropped;
mod duties;
mod load;
mod mail;
mod reproductions;
mod reveal;
mod rules_versions;
mod seats;
mod secrets;
mod two_clients;
mod web;
