//! The game service, apart from HTTP and any database: the rules of a stored game ([`game`]),
//! its clock, seat tokens, the computer's reply, the game's JSON ([`view`]) and the store trait
//! the service works over ([`store::GameStore`]). `ryg serve` (crates/ryg-web) puts it over
//! SQLite or PostgreSQL; the static site (crates/ryg-wasm) over a store in the browser.

pub mod clock;
pub mod game;
pub mod invisible;
pub mod reply;
pub mod store;
pub mod token;
pub mod view;
