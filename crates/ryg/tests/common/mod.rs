//! A deliberately simple, independent model of the game for cross-checking the fast library:
//! a plain N×N grid of characters, coordinates as (file, rank), no bitboards, no shared code.
#![allow(dead_code, clippy::needless_range_loop, clippy::manual_is_multiple_of)]

/// `(file, rank)`, both from 0.
pub type Coord = (usize, usize);
/// A move: origin and destination.
pub type NaiveMove = (Coord, Coord);

/// A position on a plain grid: `grid[rank][file]` is `'m'`, `'c'` or `'.'`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    pub n: usize,
    pub grid: Vec<Vec<char>>,
    pub mouse_to_move: bool,
}

/// Who won and why, in the naive model's own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveEnd {
    MouseEscaped,
    MouseTrapped,
    CatsBlocked,
}

pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Naive {
    /// Reads a FEN that is known to be valid.
    pub fn from_fen(fen: &str) -> Naive {
        let (board, side) = fen.split_once(' ').expect("board and side");
        let rows: Vec<&str> = board.split('/').collect();
        let n = rows.len();
        let mut grid = vec![vec!['.'; n]; n];
        for (i, row) in rows.iter().enumerate() {
            let rank = n - 1 - i;
            let mut file = 0;
            let mut number = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    number = number * 10 + d as usize;
                } else {
                    file += number;
                    number = 0;
                    grid[rank][file] = ch;
                    file += 1;
                }
            }
        }
        Naive { n, grid, mouse_to_move: side == "m" }
    }

    /// The start position of an N×N board with the mouse on `mouse_file` of rank 1.
    pub fn start(n: usize, mouse_file: usize) -> Naive {
        let mut grid = vec![vec!['.'; n]; n];
        for file in 0..n {
            if (file + n - 1) % 2 == 0 {
                grid[n - 1][file] = 'c';
            }
        }
        grid[0][mouse_file] = 'm';
        Naive { n, grid, mouse_to_move: true }
    }

    pub fn fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.n).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..self.n {
                match self.grid[rank][file] {
                    '.' => empty += 1,
                    piece => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(piece);
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        format!("{} {}", rows.join("/"), if self.mouse_to_move { "m" } else { "c" })
    }

    fn find(&self, piece: char) -> Vec<Coord> {
        let mut found = Vec::new();
        for rank in 0..self.n {
            for file in 0..self.n {
                if self.grid[rank][file] == piece {
                    found.push((file, rank));
                }
            }
        }
        found
    }

    fn free(&self, file: i32, rank: i32) -> bool {
        let n = self.n as i32;
        file >= 0 && rank >= 0 && file < n && rank < n && self.grid[rank as usize][file as usize] == '.'
    }

    fn mouse_on_top(&self) -> bool {
        self.grid[self.n - 1].contains(&'m')
    }

    /// Legal moves as `(from, to)` coordinate pairs.
    pub fn moves(&self) -> Vec<NaiveMove> {
        let mut moves = Vec::new();
        if self.mouse_on_top() {
            return moves;
        }
        let (pieces, steps): (Vec<Coord>, &[(i32, i32)]) = if self.mouse_to_move {
            (self.find('m'), &[(-1, 1), (1, 1), (-1, -1), (1, -1)])
        } else {
            (self.find('c'), &[(-1, -1), (1, -1)])
        };
        for (file, rank) in pieces {
            for &(df, dr) in steps {
                let (f, r) = (file as i32 + df, rank as i32 + dr);
                if self.free(f, r) {
                    moves.push(((file, rank), (f as usize, r as usize)));
                }
            }
        }
        moves
    }

    /// Legal moves in notation, sorted.
    pub fn move_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .moves()
            .into_iter()
            .map(|((f1, r1), (f2, r2))| square_name(f1, r1) + &square_name(f2, r2))
            .collect();
        names.sort();
        names
    }

    pub fn play(&self, mv: NaiveMove) -> Naive {
        let mut next = self.clone();
        let ((f1, r1), (f2, r2)) = mv;
        next.grid[r2][f2] = next.grid[r1][f1];
        next.grid[r1][f1] = '.';
        next.mouse_to_move = !self.mouse_to_move;
        next
    }

    pub fn end(&self) -> Option<NaiveEnd> {
        if self.mouse_on_top() {
            Some(NaiveEnd::MouseEscaped)
        } else if !self.moves().is_empty() {
            None
        } else if self.mouse_to_move {
            Some(NaiveEnd::MouseTrapped)
        } else {
            Some(NaiveEnd::CatsBlocked)
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves().into_iter().map(|mv| self.play(mv).perft(depth - 1)).sum()
    }
}
