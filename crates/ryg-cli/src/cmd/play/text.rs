//! What the terminal game says that depends on no state: fixed messages, the rules, and
//! words for moves and games.

use ryg_wide::{Game, Move, Position, Side};

/// Why `mv` is not legal here, in words.
pub fn explain_illegal(position: &Position, mv: Move) -> String {
    let side = position.side_to_move();
    let own = match side {
        Side::Mouse => position.mouse() == mv.from,
        Side::Cats => position.cats().contains(mv.from),
    };
    let reason = if !position.size().contains(mv.from) || !position.size().contains(mv.to) {
        format!("a square of {mv} is not on the {} board", position.size())
    } else if !own {
        format!("there is no {} on {}", if side == Side::Mouse { "mouse" } else { "cat" }, mv.from)
    } else if position.occupied().contains(mv.to) {
        format!("{} is occupied", mv.to)
    } else if mv.from.file().abs_diff(mv.to.file()) != 1 || mv.from.rank().abs_diff(mv.to.rank()) != 1 {
        "pieces move one square diagonally".to_string()
    } else {
        "cats move only forward (down the board)".to_string()
    };
    format!("Illegal move {mv}: {reason}.")
}

/// Said when Ctrl-C stops the computer's thinking.
pub const THINKING_STOPPED: &str =
    "Stopped the computer's thinking: 'go' lets it move, 'off' gives you its side.";

/// Said when Ctrl-C or a typed line pauses the computer playing itself.
pub const WATCH_PAUSED: &str =
    "Paused: 'side mouse' or 'side cats' takes over a side, 'side none' watches on.";

/// One line on the goal, for the welcome.
pub const GOAL: &str = "The mouse wins by reaching the cats' home rank; the cats win by trapping it.";

/// The `rules` command.
pub const RULES: &str = "\
Rules of El ratón y los gatos (Fox and Hounds):
  - One mouse and N/2 cats stand on the dark squares of an NxN board; the mouse moves first.
  - The mouse moves one square diagonally, forward or backward.
  - A cat moves one square diagonally forward only (down the board); one cat moves a turn.
  - No captures, no passing: a move goes to an empty square.
  - The mouse wins on reaching the top rank, or when the cats cannot move.
  - The cats win when the mouse cannot move (it is trapped).
  - Every game ends: there are no draws.
";

/// "22 moves": how many moves the record numbers (a move is the mouse's and the cats' turn).
pub fn full_moves(game: &Game) -> String {
    let plies = game.moves().len();
    let offset = usize::from(game.start().side_to_move() == Side::Cats);
    let moves = if plies == 0 { 0 } else { 1 + (plies - 1 + offset) / 2 };
    crate::ui::count(moves as u64, "move", "moves")
}

pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// How a game ended, without parentheses: "the mouse is trapped, the cats win".
pub fn ended(outcome: ryg_wide::Outcome) -> String {
    format!("{}, {}", outcome.reason, outcome.winner.wins())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_moves_are_explained() {
        let start = Position::standard();
        let mv = |s: &str| s.parse::<Move>().unwrap();
        assert_eq!(explain_illegal(&start, mv("c1d2")), "Illegal move c1d2: there is no mouse on c1.");
        assert_eq!(
            explain_illegal(&start, mv("e1g3")),
            "Illegal move e1g3: pieces move one square diagonally."
        );
        let cats_turn = start.play(mv("e1f2")).unwrap();
        assert_eq!(explain_illegal(&cats_turn, mv("f2e3")), "Illegal move f2e3: there is no cat on f2.");
        let p: Position = "1c1c1c2/6c1/8/8/8/8/8/4m3 c".parse().unwrap();
        assert_eq!(
            explain_illegal(&p, mv("g7h8")),
            "Illegal move g7h8: cats move only forward (down the board)."
        );
        assert_eq!(explain_illegal(&p, mv("f8g7")), "Illegal move f8g7: g7 is occupied.");
    }
}
