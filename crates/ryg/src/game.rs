//! `Game`: a start position and the moves played from it, with undo and redo.

use crate::{Move, Outcome, PlayError, Position};

/// A game in progress or finished: the start position, the moves played, and moves taken
/// back that can be redone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    /// Every position reached, `positions[0] == start`; `positions.len() == moves.len() + 1`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Moves taken back, most recent last.
    redo: Vec<Move>,
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Position) -> Game {
        Game { start, positions: vec![start], moves: Vec::new(), redo: Vec::new() }
    }

    /// A game from `start` with `moves` played, each checked.
    ///
    /// # Errors
    /// The first illegal move, with its index (from 0) and the error.
    pub fn from_moves(start: Position, moves: &[Move]) -> Result<Game, (usize, PlayError)> {
        let mut game = Game::new(start);
        for (i, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has its start position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position before each move and after the last: `moves().len() + 1` positions.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// Plays `mv`; forgets any moves that could have been redone.
    ///
    /// # Errors
    /// When `mv` is illegal; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let next = self.position().play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.redo.push(mv);
        Some(mv)
    }

    /// Replays the last move taken back; returns it, or `None` when there is nothing to redo.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = *self.redo.last()?;
        self.play(mv).expect("a redone move was legal when it was played");
        Some(mv)
    }

    /// Whether [`Game::redo`] has a move to replay.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The moves [`Game::redo`] would replay, in the order it replays them.
    pub fn redo_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.redo.iter().rev().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn undo_redo_walks_back_and_forth() {
        let mut game = Game::new(Position::standard());
        game.play(mv("e1f2")).unwrap();
        game.play(mv("h8g7")).unwrap();
        let after_two = *game.position();
        assert_eq!(game.undo(), Some(mv("h8g7")));
        assert_eq!(game.undo(), Some(mv("e1f2")));
        assert_eq!(game.undo(), None);
        assert_eq!(game.position(), &Position::standard());
        assert_eq!(game.redo(), Some(mv("e1f2")));
        assert_eq!(game.redo(), Some(mv("h8g7")));
        assert_eq!(game.redo(), None);
        assert_eq!(game.position(), &after_two);
    }

    #[test]
    fn a_new_move_forgets_the_redo_line() {
        let mut game = Game::new(Position::standard());
        game.play(mv("e1f2")).unwrap();
        game.undo();
        game.play(mv("e1d2")).unwrap();
        assert!(!game.can_redo());
        assert_eq!(game.moves(), [mv("e1d2")]);
    }

    #[test]
    fn illegal_move_leaves_the_game_unchanged() {
        let mut game = Game::new(Position::standard());
        let err = game.play(mv("e1e3")).unwrap_err();
        assert_eq!(err.to_string(), "illegal move e1e3 for the mouse; legal moves: e1d2 e1f2");
        assert_eq!(game.moves(), []);
        let err = Game::from_moves(Position::standard(), &[mv("e1f2"), mv("f2e3")]);
        let (index, err) = err.unwrap_err();
        assert_eq!(index, 1);
        assert_eq!(
            err.to_string(),
            "illegal move f2e3 for the cats; legal moves: b8a7 b8c7 d8c7 d8e7 f8e7 f8g7 h8g7"
        );
    }
}
