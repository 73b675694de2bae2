//! The tournaments on a server: stored as documents ([`TournamentStore`]) changed one version
//! at a time, their games made in the game store with each entrant's seat held as their player
//! (so a program entered as a player finds its games as any player does), and a sweep that
//! notes the games' ends and pairs what is due. A pairing is claimed by storing it before its
//! games are made: of two servers sharing a database, one claims it, the other reads it.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Value};

use super::{Format, Outcome, Pairing, Status, Tournament, TournamentError, Who};
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::game::{display_name, ClockSpec, Names, NewGame, SeatSpec};
use crate::games::with_service;
use crate::state::AppState;
use crate::store::players::{PlayerStore, SeatHeld};
use crate::store::tournaments::{StoredTournament, TournamentStore};
use crate::store::{utc, Seat};

/// How often the sweep looks at the live tournaments.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// What a new tournament should be (`POST /api/tournaments`).
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    pub name: Option<String>,
    /// `"round_robin"` or `"arena"`.
    pub kind: String,
    /// An arena's minutes.
    pub minutes: Option<u32>,
    pub size: Option<u8>,
    #[serde(default, deserialize_with = "crate::game::optional_object")]
    pub clock: Option<ClockSpec>,
    pub rated: Option<bool>,
}

impl From<TournamentError> for ApiError {
    fn from(e: TournamentError) -> ApiError {
        match e {
            TournamentError::Invalid(m) => ApiError::bad_request(m),
            TournamentError::NotNow(m) => ApiError::conflict(m),
            TournamentError::NoSuchEntrant => ApiError::not_found(e.to_string()),
        }
    }
}

fn stores(state: &AppState) -> ApiResult<(&dyn PlayerStore, &dyn TournamentStore)> {
    let players = state.store.players().ok_or_else(|| ApiError::internal("this store keeps no players"))?;
    let tournaments =
        players.tournaments().ok_or_else(|| ApiError::internal("this store keeps no tournaments"))?;
    Ok((players, tournaments))
}

fn at(now: i64) -> String {
    utc(u64::try_from(now / 1000).unwrap_or(0))
}

/// Whether `t` still has games to pair or play.
fn live(t: &Tournament) -> bool {
    t.status != Status::Finished || t.pairings.iter().any(Pairing::is_open)
}

fn to_doc(t: &Tournament) -> ApiResult<String> {
    serde_json::to_string(t).map_err(|e| ApiError::internal(format!("tournament: {e}")))
}

/// Creates a tournament at `now`: its public id and the host's secret (shown once).
///
/// # Errors
/// A bad setting; the store failed.
pub fn create(state: &AppState, spec: &NewTournament, now: i64) -> ApiResult<(String, String)> {
    let format = match spec.kind.as_str() {
        "round_robin" => Format::RoundRobin,
        "arena" => Format::Arena { minutes: spec.minutes.unwrap_or(30) },
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown kind {other:?}: expected \"round_robin\" or \"arena\""
            )))
        }
    };
    let size = spec.size.unwrap_or(8);
    if ryg_wide::Size::new(size).is_none() {
        return Err(ApiError::bad_request(format!("bad size {size}: expected {}", ryg_wide::Size::IN_WORDS)));
    }
    if let Some(c) = spec.clock {
        crate::clock::Clock::new(c.minutes, c.increment).map_err(ApiError::bad_request)?;
    }
    let name = display_name(spec.name.as_deref())?.unwrap_or_else(|| "Tournament".to_owned());
    let clock = spec.clock.map(|c| (c.minutes, c.increment));
    let t = Tournament::new(name, format, size, clock, spec.rated.unwrap_or(true))?;
    let (_, store) = stores(state)?;
    let random = |e: getrandom::Error| ApiError::internal(format!("random: {e}"));
    let (public_id, secret) =
        (crate::token::public_id().map_err(random)?, crate::token::generate().map_err(random)?);
    store.insert_tournament(&public_id, &crate::token::hash(&secret), &to_doc(&t)?, &at(now))?;
    Ok((public_id, secret))
}

/// Tournament `id` as stored and read.
///
/// # Errors
/// None such; the store failed.
pub fn load(state: &AppState, id: &str) -> ApiResult<(StoredTournament, Tournament)> {
    let (_, store) = stores(state)?;
    let s = store.tournament(id)?.ok_or_else(|| ApiError::not_found("no such tournament"))?;
    let t = serde_json::from_str(&s.doc).map_err(|e| ApiError::internal(format!("tournament {id}: {e}")))?;
    Ok((s, t))
}

/// Whether `host` (a secret's hash) is tournament `s`'s host.
pub fn is_host(s: &StoredTournament, host: Option<&str>) -> bool {
    host.is_some_and(|h| h == s.host)
}

/// Changes tournament `id` with `change` (read again and retried when another change was
/// stored first); `host`: the hash of the secret the host's actions need, when it is one.
///
/// # Errors
/// Not the host, `change`'s refusal, the store failed.
pub fn change<R>(
    state: &AppState,
    id: &str,
    host: Option<Option<&str>>,
    mut change: impl FnMut(&mut Tournament) -> Result<R, TournamentError>,
) -> ApiResult<(R, Tournament)> {
    let (_, store) = stores(state)?;
    for _ in 0..20 {
        let (s, mut t) = load(state, id)?;
        if let Some(h) = host {
            if h.is_none() {
                return Err(ApiError::new(
                    crate::error::ErrorCode::Unauthorized,
                    "the tournament's host does this: send its host secret (Authorization: Bearer SECRET)",
                ));
            }
            if !is_host(&s, h) {
                return Err(ApiError::forbidden(
                    "only the tournament's host may do this: send its host secret",
                ));
            }
        }
        let r = change(&mut t)?;
        if store.replace_tournament(s.id, s.version, &to_doc(&t)?, live(&t), &at(now_ms()))? {
            return Ok((r, t));
        }
    }
    Err(ApiError::conflict("the tournament changes too fast: try again"))
}

/// Enters the player holding `secret` (a hash) in tournament `id`; their entrant number.
///
/// # Errors
/// No such player; the tournament refuses.
pub fn join(state: &AppState, id: &str, secret: Option<&str>) -> ApiResult<u32> {
    let (players, _) = stores(state)?;
    let me = crate::people::People::new(players).me(secret)?;
    let who = Who::Player { id: me.id, public_id: me.public_id.clone() };
    Ok(change(state, id, None, |t| t.enter(me.name.clone(), who.clone()))?.0)
}

/// The host enters computer `level` in tournament `id`; its entrant number.
///
/// # Errors
/// Not the host, not a computer level, the tournament refuses.
pub fn enter_computer(state: &AppState, id: &str, host: Option<&str>, level: &str) -> ApiResult<u32> {
    let Ok(Seat::Computer(spec)) = level.parse::<Seat>() else {
        return Err(ApiError::bad_request(format!(
            "unknown computer {level:?}: expected \"1\" to \"9\", \"random\" or \"perfect\""
        )));
    };
    let (name, level) = (format!("Computer {spec}"), spec.to_string());
    Ok(change(state, id, Some(host), |t| t.enter(name.clone(), Who::Computer { level: level.clone() }))?.0)
}

/// How a stored game ended, for the tournament.
fn outcome_of(g: &crate::store::StoredGame) -> Option<Outcome> {
    match g.outcome() {
        Some((ryg_wide::Side::Mouse, _)) => Some(Outcome::Mouse),
        Some((ryg_wide::Side::Cats, _)) => Some(Outcome::Cats),
        None => g.is_over().then_some(Outcome::Aborted),
    }
}

/// Notes the ends of tournament `id`'s games and pairs what is due at `now`, making its games.
/// Whether it changed.
///
/// # Errors
/// The store failed.
pub fn advance(state: &Arc<AppState>, id: &str, now: i64) -> ApiResult<bool> {
    let mut changed = false;
    for _ in 0..40 {
        let (s, t) = load(state, id)?;
        let mut next = t.clone();
        for p in t.pairings.iter().filter(|p| p.is_open()) {
            let Some(game) = &p.game else { continue };
            let g = with_service(state, |games| games.resolve_to_act(game).and_then(|n| games.load(n)));
            match g {
                Ok(g) => {
                    if let Some(o) = outcome_of(&g) {
                        next.record(game, o);
                    }
                }
                // deleted: it counts as aborted
                Err(crate::game::GameError::NoSuchGame(_) | crate::game::GameError::NotFound(_)) => {
                    next.record(game, Outcome::Aborted);
                }
                Err(e) => return Err(e.into()),
            }
        }
        super::accuracy::judge(state, &mut next);
        let made = next.pair(now);
        if next == t {
            return Ok(changed);
        }
        let (_, store) = stores(state)?;
        if !store.replace_tournament(s.id, s.version, &to_doc(&next)?, live(&next), &at(now))? {
            continue;
        }
        changed = true;
        // this server claimed the pairings: it makes their games
        let games: Vec<_> = made.iter().map(|&i| (i, make_game(state, &next, &next.pairings[i]))).collect();
        change(state, id, None, |t| {
            for (i, g) in &games {
                match g {
                    Ok((public_id, tokens)) => t.made(*i, public_id.clone(), tokens.clone()),
                    Err(_) => t.pairings[*i].outcome = Some(Outcome::Aborted),
                }
            }
            Ok(())
        })?;
    }
    Ok(changed)
}

/// Makes pairing `p`'s game: its public id and its seats' tokens (a player's seat held by
/// them, rated when the tournament is).
fn make_game(state: &Arc<AppState>, t: &Tournament, p: &Pairing) -> ApiResult<(String, [Option<String>; 2])> {
    let entrants = [p.mouse, p.cats].map(|n| t.entrant(n));
    let [Some(mouse), Some(cats)] = entrants else {
        return Err(ApiError::internal("a pairing names no entrant"));
    };
    let seat = |who: &Who| match who {
        Who::Player { .. } => SeatSpec::from("human"),
        Who::Computer { level } => SeatSpec::from(level.as_str()),
    };
    let spec = NewGame {
        size: Some(t.size),
        mouse: Some(seat(&mouse.who)),
        cats: Some(seat(&cats.who)),
        names: Some(Names { mouse: Some(mouse.name.clone()), cats: Some(cats.name.clone()) }),
        clock: t.clock.map(|(minutes, increment)| ClockSpec { minutes, increment }),
        ..NewGame::default()
    };
    let created = with_service(state, |games| games.create(&spec, now_ms()))?;
    let (players, _) = stores(state)?;
    let mut tokens = [None, None];
    for (side, e) in [(0u8, mouse), (1u8, cats)] {
        if let Who::Player { id, .. } = e.who {
            players.hold_seat(SeatHeld { game: created.game.id, side, player: id, rated: t.rated })?;
            // a bot entrant's stream starts the game at once
            state.inbox.deliver(id, crate::bots::inbox::Notice::Seated(created.game.id));
        }
    }
    for (side, token) in &created.tokens {
        tokens[usize::from(crate::people::rated::side_index(*side))] = Some(token.clone());
    }
    let g = &created.game;
    state.live.update(g);
    crate::games::watch_clock(state, g);
    if [g.mouse, g.cats].iter().any(|s| matches!(s, Seat::Computer(_))) {
        crate::computer::play_owed(state, g.id);
    }
    // a game of two computers is played by the server: nobody steps it
    Ok((g.public_id.clone(), tokens))
}

/// Advances every live tournament now and then, on a task of its own (each server sharing a
/// database does; a pairing runs once all the same).
pub fn sweep(state: &Arc<AppState>) {
    let st = Arc::clone(state);
    tokio::spawn(async move {
        loop {
            let s = Arc::clone(&st);
            let swept = crate::tasks::blocking(move || {
                let (_, store) = stores(&s)?;
                for id in store.live_tournaments()? {
                    if let Err(e) = advance(&s, &id, now_ms()) {
                        tracing::warn!("tournament {id}: {}", e.message);
                    }
                }
                Ok(())
            })
            .await;
            if let Err(e) = swept {
                tracing::warn!("tournaments: {}", e.message);
            }
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    });
}

/// Tournament `t` (public id `id`) as the API shows it; `host`: to its host.
pub fn view(id: &str, version: i64, t: &Tournament, host: bool) -> Value {
    let entrants: Vec<Value> = t
        .entrants
        .iter()
        .map(|e| {
            let (player, computer) = match &e.who {
                Who::Player { public_id, .. } => (Some(public_id.as_str()), None),
                Who::Computer { level } => (None, Some(level.as_str())),
            };
            json!({ "n": e.n, "name": e.name, "player": player, "computer": computer, "removed": e.removed })
        })
        .collect();
    let games: Vec<Value> = t
        .pairings
        .iter()
        .map(|p| json!({ "round": p.round, "mouse": p.mouse, "cats": p.cats, "game": p.game, "outcome": p.outcome }))
        .collect();
    let (kind, minutes) = match t.format {
        Format::RoundRobin => ("round_robin", None),
        Format::Arena { minutes } => ("arena", Some(minutes)),
    };
    json!({
        "id": id,
        "version": version,
        "name": t.name,
        "kind": kind,
        "minutes": minutes,
        "size": t.size,
        "clock": t.clock.map(|(m, i)| json!({ "minutes": m, "increment": i })),
        "rated": t.rated,
        "status": t.status,
        "round": t.round,
        "rounds": (t.format == Format::RoundRobin && t.status != Status::Open).then_some(t.schedule.len()),
        "ends_at": t.ends_ms,
        "left_ms": t.paused_left_ms,
        "entrants": entrants,
        "standings": super::accuracy::standings(t, host),
        "games": games,
        "host": host,
    })
}

/// The entrant the player holding `secret` (a hash) is in tournament `id`, and the game they
/// play now with its seat's token.
///
/// # Errors
/// No such player or tournament.
pub fn mine(state: &AppState, id: &str, secret: Option<&str>) -> ApiResult<Value> {
    let (players, _) = stores(state)?;
    let me = crate::people::People::new(players).me(secret)?;
    let (_, t) = load(state, id)?;
    let Some(e) = t.entrant_of(me.id) else { return Ok(json!({ "entrant": null, "game": null })) };
    let game = t.current_game(e.n).map(|(p, side)| {
        let i = usize::from(crate::people::rated::side_index(side));
        json!({ "id": p.game, "side": side.to_string(), "token": p.tokens[i], "round": p.round })
    });
    Ok(json!({ "entrant": e.n, "game": game }))
}
