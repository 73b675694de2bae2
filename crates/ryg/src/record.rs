//! PGN-style game records: tag pairs, numbered moves and a result, read with every move
//! validated and written so that they read back to the same record.
//!
//! A record's result is decided by its moves: the rules have no draws, resignations or
//! clocks, so `1-0` / `0-1` must be the outcome the moves reach and `*` means the game is not
//! over. A `Result` tag or result token that says otherwise is an error.

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::{Game, Move, MoveError, PlayError, Position, PositionError, Side};

/// A game with its tag pairs (`[Event "..."]`, in the order they were read or set).
///
/// The `FEN` and `Result` tags are always present and always describe the game: `FEN` is its
/// start position and `Result` its result token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    tags: Vec<(String, String)>,
    game: Game,
}

/// Why a record was refused: the line (from 1) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct RecordError {
    pub line: usize,
    pub kind: RecordErrorKind,
}

/// What is wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordErrorKind {
    #[error("empty record: expected tag pairs and moves")]
    Empty,
    #[error("unterminated tag: missing ']'")]
    UnterminatedTag,
    #[error("unterminated tag value: missing closing '\"'")]
    UnterminatedValue,
    #[error("bad tag '{}': expected [Name \"value\"]", crate::echo::echo(.0))]
    BadTag(String),
    #[error("bad tag name '{}': use letters, digits and '_'", crate::echo::echo(.0))]
    BadTagName(String),
    #[error("duplicate tag {}", crate::echo::echo(.0))]
    DuplicateTag(String),
    #[error("tag pair after the moves: '{}'", crate::echo::echo(.0))]
    TagAfterMoves(String),
    #[error("bad FEN tag: {0}")]
    BadFen(PositionError),
    #[error("bad Result tag '{}': expected 1-0, 0-1 or *", crate::echo::echo(.0))]
    BadResultTag(String),
    #[error("move number '{f}' out of sequence: expected '{expected}'", f = crate::echo::echo(.found))]
    MoveNumber { found: String, expected: String },
    #[error("move {number} ({t}): {source}", t = crate::echo::echo(.text))]
    BadMove { number: usize, text: String, source: MoveError },
    #[error("move {number} ({t}): {source}", t = crate::echo::echo(.text))]
    IllegalMove { number: usize, text: String, source: PlayError },
    #[error("unexpected '{}': expected a move such as e1f2, a move number or a result", crate::echo::echo(.0))]
    Garbage(String),
    #[error("unexpected '{}' after the result", crate::echo::echo(.0))]
    AfterResult(String),
    #[error("the result {found} contradicts the game: {actual}")]
    ResultMismatch { found: String, actual: String },
}

impl RecordErrorKind {
    fn at(self, line: usize) -> RecordError {
        RecordError { line, kind: self }
    }
}

const FEN: &str = "FEN";
const RESULT: &str = "Result";

/// The result token of a game: `1-0` (mouse wins), `0-1` (cats win) or `*` (not over).
pub fn result_token(game: &Game) -> &'static str {
    game.outcome().map_or("*", |o| o.result_token())
}

fn describe_result(game: &Game) -> String {
    match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => "the game is not over".to_string(),
    }
}

/// The full-move number of ply `ply` (from 0) of a game whose first move is by `first`.
fn move_number(first: Side, ply: usize) -> usize {
    let offset = usize::from(first == Side::Cats);
    1 + (ply + offset) / 2
}

impl Record {
    /// A record of `game` with only the `FEN` and `Result` tags.
    pub fn new(game: Game) -> Record {
        let tags = vec![
            (FEN.to_string(), game.start().fen()),
            (RESULT.to_string(), result_token(&game).to_string()),
        ];
        Record { tags, game }
    }

    /// Reads a record, checking every tag and move; nothing is half-loaded.
    ///
    /// Accepts tag pairs, then moves with optional move numbers (`1.`, `1...`), then an
    /// optional result token. Without a `FEN` tag the game starts from the 8×8 start.
    ///
    /// # Errors
    /// A [`RecordError`] naming the line and what is wrong there (a bad tag or FEN, an
    /// unreadable or illegal move with its number, text that is not part of a record, or a
    /// result that contradicts the moves).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        // A byte-order mark some editors put first is not part of the record.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut tags: Vec<(String, String)> = Vec::new();
        // The names seen so far, so a duplicate is found in constant time (a record may hold
        // tens of thousands of tags).
        let mut names: HashSet<String> = HashSet::new();
        let mut tag_lines: Vec<usize> = Vec::new();
        let mut tokens: Vec<(usize, &str)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if trimmed.starts_with('[') {
                if !tokens.is_empty() {
                    return Err(RecordErrorKind::TagAfterMoves(trimmed.to_string()).at(number));
                }
                let (name, value) = parse_tag(trimmed).map_err(|kind| kind.at(number))?;
                let name = match name.to_ascii_lowercase().as_str() {
                    "fen" => FEN.to_string(),
                    "result" => RESULT.to_string(),
                    _ => name,
                };
                if !names.insert(name.clone()) {
                    return Err(RecordErrorKind::DuplicateTag(name).at(number));
                }
                tags.push((name, value));
                tag_lines.push(number);
            } else {
                tokens.extend(trimmed.split_whitespace().map(|t| (number, t)));
            }
        }
        if tags.is_empty() && tokens.is_empty() {
            return Err(RecordErrorKind::Empty.at(1));
        }

        let start = match tag_index(&tags, FEN) {
            Some(i) => {
                tags[i].1.parse::<Position>().map_err(|e| RecordErrorKind::BadFen(e).at(tag_lines[i]))?
            }
            None => Position::standard(),
        };
        if let Some(i) = tag_index(&tags, RESULT) {
            let value = &tags[i].1;
            if !matches!(value.as_str(), "1-0" | "0-1" | "*") {
                return Err(RecordErrorKind::BadResultTag(value.clone()).at(tag_lines[i]));
            }
        }

        let game = play_tokens(start, &tokens)?;
        let actual = result_token(&game);

        if let Some(i) = tag_index(&tags, RESULT) {
            if tags[i].1 != actual {
                let kind = RecordErrorKind::ResultMismatch {
                    found: tags[i].1.clone(),
                    actual: describe_result(&game),
                };
                return Err(kind.at(tag_lines[i]));
            }
        }

        // Normalise: the FEN and Result tags are always there and describe the game.
        match tag_index(&tags, FEN) {
            Some(i) => tags[i].1 = start.fen(),
            None => {
                let at = tag_index(&tags, RESULT).unwrap_or(tags.len());
                tags.insert(at, (FEN.to_string(), start.fen()));
            }
        }
        if tag_index(&tags, RESULT).is_none() {
            tags.push((RESULT.to_string(), actual.to_string()));
        }
        Ok(Record { tags, game })
    }

    /// Reads a file of several records, one after another. A tag pair after moves starts the
    /// next game; blank lines between games are optional. Line numbers in errors count from
    /// the top of `text`.
    ///
    /// # Errors
    /// The first record that [`Record::parse`] refuses, with its line in `text`.
    pub fn parse_all(text: &str) -> Result<Vec<Record>, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Each game: the line it starts on (from 0) and its lines.
        let mut games: Vec<(usize, Vec<&str>)> = Vec::new();
        let mut in_moves = false;
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            let is_tag = trimmed.starts_with('[');
            if games.is_empty() || (is_tag && in_moves) {
                games.push((i, Vec::new()));
                in_moves = false;
            }
            let (first, lines) = games.last_mut().expect("a game was just started");
            // Keep line numbers: pad with empty lines up to this one.
            lines.resize(i - *first, "");
            lines.push(line);
            in_moves |= !is_tag;
        }
        if games.is_empty() {
            return Err(RecordErrorKind::Empty.at(1));
        }
        games
            .into_iter()
            .map(|(first, lines)| {
                Record::parse(&lines.join("\n"))
                    .map_err(|e| RecordError { line: e.line + first, kind: e.kind })
            })
            .collect()
    }

    /// The tag pairs in order, `FEN` and `Result` included.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of tag `name` (case-sensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, replacing an earlier value or adding it before `FEN` (so
    /// that a new record lists its tags as in the rules: `Event`, `Date`, …, `FEN`, `Result`).
    /// Line breaks in `value` become spaces. `FEN` and `Result` follow the game and cannot be
    /// set; they are left unchanged.
    ///
    /// # Errors
    /// When `name` is not letters, digits and `_`.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordErrorKind> {
        if !valid_tag_name(name) {
            return Err(RecordErrorKind::BadTagName(name.to_string()));
        }
        if name.eq_ignore_ascii_case(FEN) || name.eq_ignore_ascii_case(RESULT) {
            return Ok(());
        }
        let value: String = value.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => {
                let at = tag_index(&self.tags, FEN).unwrap_or(self.tags.len());
                self.tags.insert(at, (name.to_string(), value));
            }
        }
        Ok(())
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, giving up the tags.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The result token: `1-0`, `0-1` or `*`.
    pub fn result(&self) -> &'static str {
        result_token(&self.game)
    }

    /// The numbered moves and the result token (`1. e1f2 h8g7 2. f2e3 *`), wrapped before
    /// 80 columns.
    pub fn movetext(&self) -> String {
        let mut text = String::new();
        let first = self.game.start().side_to_move();
        let mut words: Vec<String> = Vec::new();
        for (ply, mv) in self.game.moves().iter().enumerate() {
            let number = move_number(first, ply);
            let mouse_moves = (ply % 2 == 0) == (first == Side::Mouse);
            if mouse_moves {
                words.push(format!("{number}. {mv}"));
            } else if ply == 0 {
                words.push(format!("{number}... {mv}"));
            } else {
                words.push(mv.to_string());
            }
        }
        words.push(self.result().to_string());
        let mut width = 0;
        for word in &words {
            if width > 0 && width + 1 + word.len() > LINE_WIDTH {
                text.push('\n');
                width = 0;
            }
            if width > 0 {
                text.push(' ');
                width += 1;
            }
            text.push_str(word);
            width += word.len();
        }
        text
    }

    /// The record as text: tag pairs, a blank line, the numbered moves and the result.
    pub fn to_pgn(&self) -> String {
        self.to_string()
    }
}

fn tag_index(tags: &[(String, String)], name: &str) -> Option<usize> {
    tags.iter().position(|(n, _)| n == name)
}

fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Reads `[Name "value"]` (the whole trimmed line); `\"` and `\\` escape inside the value.
fn parse_tag(line: &str) -> Result<(String, String), RecordErrorKind> {
    let bad = || RecordErrorKind::BadTag(line.to_string());
    let inner = &line[1..];
    let name_end = inner.find(|c: char| c.is_whitespace() || c == '"' || c == ']').unwrap_or(inner.len());
    let name = &inner[..name_end];
    if name.is_empty() {
        return Err(bad());
    }
    if !valid_tag_name(name) {
        return Err(RecordErrorKind::BadTagName(name.to_string()));
    }
    let rest = inner[name_end..].trim_start();
    let Some(rest) = rest.strip_prefix('"') else {
        return if rest.is_empty() { Err(RecordErrorKind::UnterminatedTag) } else { Err(bad()) };
    };
    let mut value = String::new();
    let mut chars = rest.char_indices();
    let mut close = None;
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, e)) => value.push(e),
                None => break,
            },
            '"' => {
                close = Some(i);
                break;
            }
            _ => value.push(c),
        }
    }
    let close = close.ok_or(RecordErrorKind::UnterminatedValue)?;
    let after = rest[close + 1..].trim_start();
    match after.strip_prefix(']') {
        Some(tail) if tail.trim().is_empty() => Ok((name.to_string(), value)),
        Some(_) => Err(bad()),
        None if after.is_empty() => Err(RecordErrorKind::UnterminatedTag),
        None => Err(bad()),
    }
}

/// Plays the move tokens from `start`, checking move numbers and the result token.
fn play_tokens(start: Position, tokens: &[(usize, &str)]) -> Result<Game, RecordError> {
    let first = start.side_to_move();
    let mut game = Game::new(start);
    let mut result: Option<(usize, &str)> = None;
    for &(line, token) in tokens {
        if result.is_some() {
            return Err(RecordErrorKind::AfterResult(token.to_string()).at(line));
        }
        if matches!(token, "1-0" | "0-1" | "*") {
            result = Some((line, token));
            continue;
        }
        let ply = game.moves().len();
        let number = move_number(first, ply);
        let mut text = token;
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let after = &token[digits..];
            let dots = after.bytes().take_while(|&b| b == b'.').count();
            if dots == 0 {
                return Err(RecordErrorKind::Garbage(token.to_string()).at(line));
            }
            let label = &token[..digits + dots];
            let expected = match game.position().side_to_move() {
                Side::Mouse => format!("{number}."),
                Side::Cats => format!("{number}..."),
            };
            let found_number = token[..digits].parse::<usize>().ok();
            let ok = found_number == Some(number)
                && match game.position().side_to_move() {
                    Side::Mouse => dots == 1,
                    Side::Cats => dots == 3,
                };
            if !ok {
                let kind = RecordErrorKind::MoveNumber { found: label.to_string(), expected };
                return Err(kind.at(line));
            }
            text = &after[dots..];
            if text.is_empty() {
                continue;
            }
        }
        let looks_like_move = {
            let mut b = text.bytes();
            matches!((b.next(), b.next()), (Some(l), Some(d)) if l.is_ascii_alphabetic() && d.is_ascii_digit())
        };
        if !looks_like_move {
            return Err(RecordErrorKind::Garbage(text.to_string()).at(line));
        }
        let mv: Move = text
            .parse()
            .map_err(|source| RecordErrorKind::BadMove { number, text: text.to_string(), source }.at(line))?;
        game.play(mv).map_err(|source| {
            RecordErrorKind::IllegalMove { number, text: text.to_string(), source }.at(line)
        })?;
    }
    if let Some((line, token)) = result {
        if token != result_token(&game) {
            let kind =
                RecordErrorKind::ResultMismatch { found: token.to_string(), actual: describe_result(&game) };
            return Err(kind.at(line));
        }
    }
    Ok(game)
}

/// Writes a tag value with `"` and `\` escaped.
fn write_value(f: &mut fmt::Formatter<'_>, value: &str) -> fmt::Result {
    for c in value.chars() {
        if c == '"' || c == '\\' {
            f.write_str("\\")?;
        }
        write!(f, "{c}")?;
    }
    Ok(())
}

/// Movetext lines are wrapped before this width.
const LINE_WIDTH: usize = 79;

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            write!(f, "[{name} \"")?;
            match name.as_str() {
                FEN => write_value(f, &self.game.start().fen())?,
                RESULT => write_value(f, self.result())?,
                _ => write_value(f, value)?,
            }
            writeln!(f, "\"]")?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        f.write_str(&self.movetext())?;
        writeln!(f)
    }
}

impl FromStr for Record {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Record, RecordError> {
        Record::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_moves_from_either_side() {
        assert_eq!((0..4).map(|p| move_number(Side::Mouse, p)).collect::<Vec<_>>(), [1, 1, 2, 2]);
        assert_eq!((0..4).map(|p| move_number(Side::Cats, p)).collect::<Vec<_>>(), [1, 2, 2, 3]);
    }

    #[test]
    fn writes_the_spec_example_shape() {
        let moves: Vec<Move> = ["e1f2", "h8g7", "f2e3"].iter().map(|m| m.parse().unwrap()).collect();
        let mut record = Record::new(Game::from_moves(Position::standard(), &moves).unwrap());
        record.set_tag("Event", "Casual \"game\"").unwrap();
        assert_eq!(
            record.to_pgn(),
            "[Event \"Casual \\\"game\\\"\"]\n[FEN \"1c1c1c1c/8/8/8/8/8/8/4m3 m\"]\n[Result \"*\"]\n\n\
             1. e1f2 h8g7 2. f2e3 *\n"
        );
        assert_eq!(Record::parse(&record.to_pgn()), Ok(record));
    }

    #[test]
    fn tag_errors() {
        assert_eq!(parse_tag("[Event \"x\""), Err(RecordErrorKind::UnterminatedTag));
        assert_eq!(parse_tag("[Event \"x]"), Err(RecordErrorKind::UnterminatedValue));
        assert_eq!(parse_tag("[Event"), Err(RecordErrorKind::UnterminatedTag));
        assert_eq!(parse_tag("[Ev-ent \"x\"]"), Err(RecordErrorKind::BadTagName("Ev-ent".into())));
        assert_eq!(parse_tag("[Event x]"), Err(RecordErrorKind::BadTag("[Event x]".into())));
        assert_eq!(parse_tag("[Event \"a\\\"b]\"]"), Ok(("Event".into(), "a\"b]".into())));
    }
}
