//! `Position`: the mouse, the cats and the side to move; FEN-like notation; legal moves,
//! make/unmake and the incrementally updated Zobrist hash.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::moves::MoveList;
use crate::{zobrist, Move, Outcome, Reason, Side, Size, Square, SquareSet};

/// A legal position: exactly one mouse and N/2 cats on dark squares of an N×N board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    size: Size,
    mouse: Square,
    cats: SquareSet,
    side: Side,
    hash: u64,
}

/// Why a position string was refused. Ranks are named as on the board (`rank 8`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("empty position")]
    Empty,
    #[error("missing side to move: add ' m' or ' c' after the board")]
    MissingSide,
    #[error("bad side to move '{}': expected 'm' (mouse) or 'c' (cats)", crate::echo::echo(.0))]
    BadSide(String),
    #[error("unexpected text after the side to move: '{}'", crate::echo::echo(.0))]
    Trailing(String),
    #[error("the board has {} ranks; expected {}", .0, crate::geometry::SIZES)]
    BadSize(usize),
    #[error("rank {rank} has {len} squares; expected {expected}")]
    RankLength { rank: usize, len: usize, expected: usize },
    #[error("unknown character '{c}' in rank {rank}; expected 'm', 'c' or a digit", c = crate::echo::echo(.ch.encode_utf8(&mut [0; 4])))]
    UnknownChar { rank: usize, ch: char },
    #[error("bad empty-square count '0' in rank {rank}")]
    ZeroRun { rank: usize },
    #[error("the {piece} on {square} stands on a light square")]
    LightSquare { piece: &'static str, square: String },
    #[error("found {0} mice; expected exactly 1")]
    MouseCount(usize),
    #[error("found {found} cats; expected {expected} on a {size} board")]
    CatCount { found: usize, expected: usize, size: Size },
    #[error("square {square} is not on the {size} board")]
    OffBoard { square: Square, size: Size },
    #[error("square {0} holds two pieces")]
    Overlap(Square),
    #[error("bit {0} of the cats' square set is not a square")]
    NotASquare(u8),
}

/// An illegal move, with the position it was tried in.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv} for the {side}{hint}", side = position.side_to_move(), hint = legal_hint(position))]
pub struct PlayError {
    pub mv: Move,
    pub position: Box<Position>,
}

fn legal_hint(position: &Position) -> String {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return "; the game is over".to_string();
    }
    let list: Vec<String> = moves.iter().map(Move::to_string).collect();
    format!("; legal moves: {}", list.join(" "))
}

impl Position {
    /// The start position of `size` with the mouse on `mouse_start` (the default start if `None`).
    ///
    /// # Errors
    /// When `mouse_start` is not a dark square of rank 1 of that board.
    pub fn start(size: Size, mouse_start: Option<Square>) -> Result<Position, StartError> {
        let mouse = mouse_start.unwrap_or_else(|| size.default_mouse_start());
        if mouse.rank() != 0 || !size.contains(mouse) {
            return Err(StartError { square: mouse, size });
        }
        let cats = size.top_rank();
        Ok(Position::from_parts(size, mouse, cats, Side::Mouse).expect("start positions are valid"))
    }

    /// The standard 8×8 start position (mouse on e1, mouse to move).
    pub fn standard() -> Position {
        Position::start(Size::STANDARD, None).expect("standard start")
    }

    /// A position from its pieces.
    ///
    /// # Errors
    /// When a square is off the board, two pieces share a square or the cats are not N/2.
    pub fn from_parts(
        size: Size,
        mouse: Square,
        cats: SquareSet,
        side: Side,
    ) -> Result<Position, PositionError> {
        if !size.contains(mouse) {
            return Err(PositionError::OffBoard { square: mouse, size });
        }
        let stray = cats & !size.board();
        if !stray.is_empty() {
            let index = stray.0.trailing_zeros() as u8;
            return Err(match Square::try_new(index) {
                Some(square) => PositionError::OffBoard { square, size },
                None => PositionError::NotASquare(index),
            });
        }
        if cats.contains(mouse) {
            return Err(PositionError::Overlap(mouse));
        }
        if cats.len() != size.cats() {
            return Err(PositionError::CatCount { found: cats.len(), expected: size.cats(), size });
        }
        let mut hash = zobrist::mouse(mouse) ^ zobrist::side(side);
        for cat in cats {
            hash ^= zobrist::cat(cat);
        }
        Ok(Position { size, mouse, cats, side, hash })
    }

    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    #[inline]
    pub fn mouse(&self) -> Square {
        self.mouse
    }

    #[inline]
    pub fn cats(&self) -> SquareSet {
        self.cats
    }

    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The Zobrist hash, kept up to date by every move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (for checking the incremental one).
    pub fn recompute_hash(&self) -> u64 {
        Position::from_parts(self.size, self.mouse, self.cats, self.side).map_or(0, |p| p.hash)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.cats | SquareSet::from_square(self.mouse)
    }

    /// The empty dark squares.
    #[inline]
    pub fn empty(&self) -> SquareSet {
        self.size.board() & !self.occupied()
    }

    /// Whether the mouse stands on the top rank (it has won).
    #[inline]
    pub fn mouse_escaped(&self) -> bool {
        self.size.top_rank().contains(self.mouse)
    }

    /// The squares the mouse can step to (none once it has escaped).
    #[inline]
    pub fn mouse_targets(&self) -> SquareSet {
        if self.mouse_escaped() {
            return SquareSet::EMPTY;
        }
        let m = SquareSet::from_square(self.mouse);
        (m.up() | m.down()) & self.empty()
    }

    /// How many legal moves the side to move has (bulk counting for perft).
    #[inline]
    pub fn count_moves(&self) -> usize {
        if self.mouse_escaped() {
            return 0;
        }
        match self.side {
            Side::Mouse => self.mouse_targets().len(),
            Side::Cats => {
                let (left, right) = self.stepping_cats();
                left.len() + right.len()
            }
        }
    }

    /// The cats that can step down-left (to the lower index, [`Square::STEP_RIGHT`] below)
    /// and those that can step down-right ([`Square::STEP_LEFT`] below): found for all cats at
    /// once, from two shifts of the empty squares.
    #[inline]
    fn stepping_cats(&self) -> (SquareSet, SquareSet) {
        let empty = self.empty().0;
        (
            SquareSet((empty << Square::STEP_RIGHT) & self.cats.0),
            SquareSet((empty << Square::STEP_LEFT) & self.cats.0),
        )
    }

    /// The legal moves of the side to move, cats in square order; none when the game is over.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// [`Position::legal_moves`] written into `list`, replacing what it held: for a list kept
    /// from turn to turn, which is then not copied.
    #[inline]
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        // The length in a local (a register) rather than in the list, whose bytes the
        // compiler would otherwise reload after every move written.
        let mut len = 0;
        self.for_each_move(|mv| {
            list.set(len, mv);
            len += 1;
        });
        list.truncate(len);
    }

    /// Calls `f` with each legal move, in the order of [`Position::legal_moves`]. Always
    /// inlined, so that `f` runs in its caller's registers (a move list's length is not
    /// written back to memory after every move).
    #[inline(always)]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.mouse_escaped() {
            return;
        }
        match self.side {
            Side::Mouse => {
                for to in self.mouse_targets() {
                    f(Move::new(self.mouse, to));
                }
            }
            Side::Cats => {
                // Each cat's steps in square order: down-left (the lower index), then down-right.
                let (left, right) = self.stepping_cats();
                for from in left | right {
                    if left.contains(from) {
                        f(Move::new(from, Square::from_set_bit(from.index() - Square::STEP_RIGHT)));
                    }
                    if right.contains(from) {
                        f(Move::new(from, Square::from_set_bit(from.index() - Square::STEP_LEFT)));
                    }
                }
            }
        }
    }

    /// The `k`th legal move (from 0) in the order of [`Position::legal_moves`], without
    /// listing the others: a random player's draw.
    pub fn nth_move(&self, k: usize) -> Option<Move> {
        if self.side == Side::Mouse || self.mouse_escaped() {
            return self.legal_moves().get(k).copied();
        }
        let (left, right) = self.stepping_cats();
        let mut k = k;
        for from in left | right {
            let (has_left, has_right) = (left.contains(from), right.contains(from));
            let count = usize::from(has_left) + usize::from(has_right);
            if k < count {
                let step = if k == 0 && has_left { Square::STEP_RIGHT } else { Square::STEP_LEFT };
                return Some(Move::new(from, Square::from_set_bit(from.index() - step)));
            }
            k -= count;
        }
        None
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a move known to be legal (copy-make friendly: `Position` is `Copy`).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        match self.side {
            Side::Mouse => {
                self.mouse = mv.to;
                self.hash ^= zobrist::mouse(mv.from) ^ zobrist::mouse(mv.to);
            }
            Side::Cats => {
                self.cats ^= SquareSet::from_square(mv.from) | SquareSet::from_square(mv.to);
                self.hash ^= zobrist::cat(mv.from) ^ zobrist::cat(mv.to);
            }
        }
        self.hash ^= zobrist::side(Side::Cats);
        self.side = !self.side;
    }

    /// Takes back `mv`, the last move played with [`Position::play_unchecked`].
    #[inline]
    pub fn undo_unchecked(&mut self, mv: Move) {
        self.side = !self.side;
        self.hash ^= zobrist::side(Side::Cats);
        match self.side {
            Side::Mouse => {
                self.mouse = mv.from;
                self.hash ^= zobrist::mouse(mv.from) ^ zobrist::mouse(mv.to);
            }
            Side::Cats => {
                self.cats ^= SquareSet::from_square(mv.from) | SquareSet::from_square(mv.to);
                self.hash ^= zobrist::cat(mv.from) ^ zobrist::cat(mv.to);
            }
        }
    }

    /// The position after `mv`.
    ///
    /// # Errors
    /// When `mv` is not legal here; the error carries the move and this position.
    pub fn play(&self, mv: Move) -> Result<Position, PlayError> {
        if !self.is_legal(mv) {
            return Err(PlayError { mv, position: Box::new(*self) });
        }
        let mut next = *self;
        next.play_unchecked(mv);
        Ok(next)
    }

    /// How the game has ended, or `None` while it goes on (rules checked in the spec's order).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.mouse_escaped() {
            return Some(Outcome::new(Reason::MouseEscaped));
        }
        if self.count_moves() > 0 {
            return None;
        }
        Some(Outcome::new(match self.side {
            Side::Mouse => Reason::MouseTrapped,
            Side::Cats => Reason::CatsBlocked,
        }))
    }

    /// The FEN-like notation of this position.
    pub fn fen(&self) -> String {
        self.to_string()
    }

    /// Reads the FEN-like notation, e.g. `1c1c1c1c/8/8/8/8/8/8/4m3 m`.
    ///
    /// # Errors
    /// A [`PositionError`] saying what is wrong and where.
    pub fn from_fen(fen: &str) -> Result<Position, PositionError> {
        fen.parse()
    }
}

/// A mouse start square that is not a dark square of rank 1 of the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the mouse cannot start on {square}: choose a dark square of rank 1 on the {size} board")]
pub struct StartError {
    pub square: Square,
    pub size: Size,
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        let mut fields = s.split_whitespace();
        let board = fields.next().ok_or(PositionError::Empty)?;
        let side = fields.next().ok_or(PositionError::MissingSide)?;
        let side = match side {
            "m" | "M" => Side::Mouse,
            "c" | "C" => Side::Cats,
            other => return Err(PositionError::BadSide(other.to_string())),
        };
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(PositionError::Trailing(rest.join(" ")));
        }
        let ranks: Vec<&str> = board.split('/').collect();
        let n = ranks.len();
        let size = u8::try_from(n).ok().and_then(Size::new).ok_or(PositionError::BadSize(n))?;
        let mut mice = Vec::new();
        let mut cats = SquareSet::EMPTY;
        let mut cat_count = 0;
        for (i, text) in ranks.iter().enumerate() {
            let rank = n - 1 - i;
            let label = rank + 1;
            let mut file = 0usize;
            let mut chars = text.chars().peekable();
            while let Some(ch) = chars.next() {
                if let Some(d) = ch.to_digit(10) {
                    let mut run = d as usize;
                    while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        run = run.saturating_mul(10).saturating_add(d2 as usize);
                        chars.next();
                    }
                    if run == 0 {
                        return Err(PositionError::ZeroRun { rank: label });
                    }
                    file = file.saturating_add(run);
                    continue;
                }
                let piece = match ch {
                    'm' | 'M' => "mouse",
                    'c' | 'C' => "cat",
                    _ => return Err(PositionError::UnknownChar { rank: label, ch }),
                };
                if file < n {
                    let square = Square::from_coords(file as u8, rank as u8).ok_or_else(|| {
                        let name = format!("{}{}", (b'a' + file as u8) as char, label);
                        PositionError::LightSquare { piece, square: name }
                    })?;
                    if piece == "mouse" {
                        mice.push(square);
                    } else {
                        cats.insert(square);
                        cat_count += 1;
                    }
                }
                file = file.saturating_add(1);
            }
            if file != n {
                return Err(PositionError::RankLength { rank: label, len: file, expected: n });
            }
        }
        if mice.len() != 1 {
            return Err(PositionError::MouseCount(mice.len()));
        }
        if cat_count != size.cats() {
            return Err(PositionError::CatCount { found: cat_count, expected: size.cats(), size });
        }
        Position::from_parts(size, mice[0], cats, side)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size.n();
        for rank in (0..n).rev() {
            let mut run = 0;
            for file in 0..n {
                let piece = Square::from_coords(file, rank).and_then(|sq| {
                    if sq == self.mouse {
                        Some('m')
                    } else if self.cats.contains(sq) {
                        Some('c')
                    } else {
                        None
                    }
                });
                match piece {
                    Some(c) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        write!(f, "{c}")?;
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.side.letter())
    }
}
