//! Each entrant's accuracy against perfect play, for the tournament's host: every ended game
//! is judged once by the tablebase of its board (the engine's [`Accuracy`]: the share of a
//! side's moves that kept the exact value) and the counts kept in the tournament's document;
//! an entrant's accuracy is the sum over the games they played. A board whose table the
//! server does not hold now (10×10 while it is built, 12×12 without its files, 14×14) leaves
//! its games unjudged until it does.

use std::sync::Arc;

use ryg::review::Accuracy;
use serde_json::{json, Value};

use super::{Judged, Tournament};
use crate::engine::ExactSource;
use crate::games::with_service;
use crate::state::AppState;
use crate::store::StoredGame;

/// The table a tournament's games are judged with.
enum Judge {
    /// Built in memory (up to 10×10).
    Narrow(Arc<ryg::Tablebase>),
    /// Read from files (12×12, or any size whose table is on disk).
    Files(ExactSource),
}

impl Judge {
    /// The table of boards of `size` if the server holds it now (a small one is built at
    /// once; 10×10's build is started and judged later).
    fn of(state: &AppState, size: u8) -> Option<Judge> {
        let wide = ryg_wide::Size::new(size)?;
        if let Some(files) = state.tablebases.on_disk(wide) {
            return Some(Judge::Files(files));
        }
        let narrow = ryg::Size::new(size)?;
        state.tablebases.get(narrow).ok().map(Judge::Narrow)
    }

    /// Each side's moves in `g`, [mouse, cats], and those that kept the exact value.
    fn game(&self, g: &StoredGame) -> Option<[Judged; 2]> {
        let summaries = match (self, ryg_wide::narrow::game(&g.game)) {
            (Judge::Narrow(tb), Some(game)) => {
                let r = ryg::review::review(&**tb, &game).ok()?;
                [r.mouse.accuracy(), r.cats.accuracy()]
            }
            (Judge::Files(source), _) => {
                let r = ryg_wide::review::review(&**source, &g.game).ok()?;
                [r.mouse.accuracy(), r.cats.accuracy()].map(|a| Accuracy { exact: a.exact, moves: a.moves })
            }
            (Judge::Narrow(_), None) => return None,
        };
        Some(summaries.map(|a| Judged { exact: a.exact, moves: a.moves }))
    }
}

/// Judges the ended games of `t` not judged yet, when the server holds their board's table.
/// A game that is gone (deleted) is judged as no moves.
pub fn judge(state: &Arc<AppState>, t: &mut Tournament) {
    let due = |t: &Tournament| t.pairings.iter().any(|p| p.outcome.is_some() && p.accuracy.is_none());
    if !due(t) {
        return;
    }
    let Some(judge) = Judge::of(state, t.size) else { return };
    for p in t.pairings.iter_mut().filter(|p| p.outcome.is_some() && p.accuracy.is_none()) {
        let Some(id) = &p.game else {
            p.accuracy = Some([Judged::default(); 2]);
            continue;
        };
        let g = with_service(state, |games| games.resolve_to_act(id).and_then(|n| games.load(n)));
        p.accuracy = match g {
            Ok(g) => judge.game(&g),
            Err(crate::game::GameError::NoSuchGame(_) | crate::game::GameError::NotFound(_)) => {
                Some([Judged::default(); 2])
            }
            Err(_) => None,
        };
    }
}

/// Entrant `n`'s accuracy over their judged games.
pub fn of_entrant(t: &Tournament, n: u32) -> Accuracy {
    t.pairings
        .iter()
        .filter_map(|p| {
            let [mouse, cats] = p.accuracy?;
            let side = if p.mouse == n {
                mouse
            } else if p.cats == n {
                cats
            } else {
                return None;
            };
            Some(Accuracy { exact: side.exact, moves: side.moves })
        })
        .sum()
}

/// Entrant `n`'s accuracy as the host's standings show it: `exact` of `moves` and the
/// `percent` (rounded down), or `null` before any judged move.
pub fn json(t: &Tournament, n: u32) -> Value {
    let a = of_entrant(t, n);
    match a.percent() {
        Some(percent) => json!({ "exact": a.exact, "moves": a.moves, "percent": percent }),
        None => Value::Null,
    }
}

/// The standings as the API shows them: to the host, each entrant's accuracy too.
pub fn standings(t: &Tournament, host: bool) -> Value {
    let rows = super::standings::standings(t).into_iter().map(|s| {
        let accuracy = host.then(|| super::accuracy::json(t, s.n));
        let mut row = json!(s);
        if let (Some(a), Some(fields)) = (accuracy, row.as_object_mut()) {
            fields.insert("accuracy".into(), a);
        }
        row
    });
    Value::Array(rows.collect())
}
