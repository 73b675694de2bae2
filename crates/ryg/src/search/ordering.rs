//! Move ordering: the table's move first, then by history score, then the natural order of
//! move generation (kept by a stable sort).

use crate::{Move, MoveList};

use super::History;

/// How early a move is tried; higher sorts first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Priority {
    /// No information: keep the generation order.
    Natural,
    /// Credited by the history table with this score.
    History(u32),
    /// The best move stored in the transposition table.
    TableMove,
}

/// The priority of `mv` given the table move and (optionally) the history table.
#[inline]
pub fn priority(mv: Move, table_move: Option<Move>, history: Option<&History>) -> Priority {
    if table_move == Some(mv) {
        return Priority::TableMove;
    }
    match history.map_or(0, |h| h.get(mv)) {
        0 => Priority::Natural,
        n => Priority::History(n),
    }
}

/// Sorts `moves` best first (stable: equal priorities keep the natural order).
pub fn order(moves: &mut MoveList, table_move: Option<Move>, history: Option<&History>) {
    moves.sort_by_key(|&mv| std::cmp::Reverse(priority(mv, table_move, history)));
}

/// RYG3's ordering (version 10, with history from version 11): each move scores its history
/// score plus `bonus` («HASH_SCORE», «Ordenación de movimientos») when it is the table's move; an insertion sort puts the
/// highest first, equal scores keeping the generation order.
pub fn order_by_hash_score(
    moves: &mut MoveList,
    table_move: Option<Move>,
    bonus: u16,
    history: Option<&History>,
) {
    let score = |mv: Move| {
        history.map_or(0, |h| h.get(mv)) + if table_move == Some(mv) { u32::from(bonus) } else { 0 }
    };
    // CITE: insertion sort, as the article sorts (a move passes only strictly lower ones).
    for i in 1..moves.len() {
        let mv = moves[i];
        let s = score(mv);
        let mut j = i;
        while j > 0 && score(moves[j - 1]) < s {
            moves[j] = moves[j - 1];
            j -= 1;
        }
        moves[j] = mv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn table_move_then_history_then_natural() {
        let pos: Position = "1c1c1c1c/8/8/8/8/8/8/4m3 c".parse().unwrap();
        let mut moves = pos.legal_moves();
        let natural: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(natural, ["b8a7", "b8c7", "d8c7", "d8e7", "f8e7", "f8g7", "h8g7"]);
        let mut h = History::default();
        h.bump("d8e7".parse().unwrap(), 2);
        h.bump("h8g7".parse().unwrap(), 5);
        order(&mut moves, Some("f8g7".parse().unwrap()), Some(&h));
        let got: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(got, ["f8g7", "h8g7", "d8e7", "b8a7", "b8c7", "d8c7", "f8e7"]);
        assert!(Priority::TableMove > Priority::History(u32::MAX));

        // RYG3: the table move's +10 adds to its history score, so history can outrank it.
        let mut moves = pos.legal_moves();
        order_by_hash_score(&mut moves, Some("f8g7".parse().unwrap()), 10, Some(&h));
        let got: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(got, ["f8g7", "h8g7", "d8e7", "b8a7", "b8c7", "d8c7", "f8e7"]);
        h.bump("h8g7".parse().unwrap(), 6);
        let mut moves = pos.legal_moves();
        order_by_hash_score(&mut moves, Some("f8g7".parse().unwrap()), 10, Some(&h));
        let got: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(got, ["h8g7", "f8g7", "d8e7", "b8a7", "b8c7", "d8c7", "f8e7"]);
        // Without history only the table move moves up.
        let mut moves = pos.legal_moves();
        order_by_hash_score(&mut moves, Some("d8c7".parse().unwrap()), 10, None);
        let got: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(got, ["d8c7", "b8a7", "b8c7", "d8e7", "f8e7", "f8g7", "h8g7"]);
        assert!(Priority::History(1) > Priority::Natural);
    }
}
