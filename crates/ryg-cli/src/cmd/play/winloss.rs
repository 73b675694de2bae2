//! `hint` and `eval` on a board whose table was built by win/loss only (14×14, by
//! `ryg solve --size 14 --win-loss`): the winner of the position and of every move, not the
//! distance.

use anyhow::Result;
use ryg_wide::{Position, Side, Size};

use super::text::ended;
use crate::layers::{LayerStore, WinLossStore};
use crate::tablebase::CacheArgs;

/// The win/loss layers of `size` in the cache directory, if `ryg solve --size N --win-loss` has
/// built them whole.
pub fn table(cache: &CacheArgs, size: Size) -> Option<WinLossStore> {
    LayerStore::complete_win_loss(&cache.dir()?, size)
}

/// `hint`: a move that keeps the win for the side to move, and the others that do; when none
/// does, says that every move loses.
pub fn hint(store: &WinLossStore, position: &Position) -> Result<String> {
    let mover = position.side_to_move();
    let moves = position.legal_moves();
    let mut keeping = Vec::new();
    for &mv in moves.iter() {
        if store.winner(&position.play(mv)?)? == mover {
            keeping.push(mv);
        }
    }
    let Some((&best, others)) = keeping.split_first() else {
        let any = moves[0];
        return Ok(format!(
            "Hint: {any} — {} whatever the {mover} play{} (win/loss table: no distance).",
            (!mover).wins(),
            if mover == Side::Mouse { "s" } else { "" }
        ));
    };
    let next = position.play(best)?;
    let verdict = match next.outcome() {
        Some(outcome) => ended(outcome),
        None => format!("{} (win/loss table: no distance)", mover.wins().replacen(" win", " still win", 1)),
    };
    let also = if others.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = others.iter().map(|m| m.to_string()).collect();
        format!(" (these keep the win too: {})", names.join(" "))
    };
    Ok(format!("Hint: {best} — {verdict}{also}."))
}

/// `eval`'s last line from the win/loss table.
pub fn result_line(store: &WinLossStore, position: &Position) -> Result<String> {
    Ok(format!("Winner: {} (win/loss table: no distance).\n", store.winner(position)?.wins()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On 6×6 (its win/loss layers built here), the hint's move keeps the winner the
    /// in-memory table gives, and `eval` names that winner, position after position of games
    /// where the side that should lose plays on and the winner plays the hint.
    #[test]
    fn hints_from_the_win_loss_layers_keep_the_win_the_exact_table_gives() {
        let dir = tempfile::tempdir().unwrap();
        let size = Size::new(6).unwrap();
        use crate::layers::Build;
        let store = LayerStore::win_loss(dir.path(), size);
        store.build(store.to_solve(), 1).unwrap();
        let store = LayerStore::complete_win_loss(dir.path(), size).expect("built whole");
        assert!(LayerStore::complete(dir.path(), size).is_none(), "no exact layers were built");
        let table = ryg_wide::Tablebase::build(size, 1, &mut ());
        let (mut keeps, mut loses) = (0, 0);
        for start in size.rank(0) {
            let mut position = Position::start(size, Some(start)).unwrap();
            while position.outcome().is_none() {
                let winner = table.result(&position).winner;
                let words = winner.wins();
                assert_eq!(
                    result_line(&store, &position).unwrap(),
                    format!("Winner: {words} (win/loss table: no distance).\n")
                );
                let hint = hint(&store, &position).unwrap();
                let mv: ryg_wide::Move = hint[6..].split(' ').next().unwrap().parse().unwrap();
                let after = position.play(mv).unwrap();
                if winner == position.side_to_move() {
                    assert_eq!(table.result(&after).winner, winner, "{hint}");
                    keeps += 1;
                } else {
                    assert!(hint.contains(&format!("{words} whatever")), "{hint}");
                    loses += 1;
                }
                position = after;
            }
        }
        assert!(keeps >= 10 && loses >= 5, "{keeps} winning hints, {loses} losing");
    }
}
