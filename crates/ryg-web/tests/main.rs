//! Every integration test of the web server, in one test binary (one link instead of one per
//! file). Run one file's tests with `cargo test --workspace --profile ci --test integration friends::`.

mod common;

mod api;
mod arena;
mod authz;
mod better;
mod bots;
mod classroom;
mod connections;
mod database;
mod fairplay;
mod faults;
mod files;
mod friends;
mod limits;
mod lobby;
mod operators;
mod outage;
mod passwords;
mod players;
mod replies;
mod routes;
mod security;
mod shared;
mod tournament_bot;
mod tournaments;
mod visitors;
mod weights;
mod wide;
mod work;
