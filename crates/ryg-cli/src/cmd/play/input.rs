//! What the player types during a game: a move or one of the game's commands.

use std::path::PathBuf;

use ryg_wide::echo::echo;
use ryg_wide::{Level, Move, Square};

use super::setup::Sides;

/// One line of input, understood.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    Empty,
    Move(Move),
    /// A destination alone: the mouse, or the only cat that can reach it, moves there.
    To(Square),
    Help,
    Rules,
    Board,
    Moves,
    Undo,
    Redo,
    Hint,
    Go,
    Off,
    Switch,
    /// Which sides the player takes from now on (`none`: watch the computer play itself).
    Side(Sides),
    Level(Level),
    Depth(u32),
    Time(f64),
    New,
    Save(PathBuf),
    Load(PathBuf),
    Eval,
    Tree(u32),
    History,
    Table,
    Quit,
}

/// The commands, for `help` and for error messages: (usage, what it does).
pub const COMMANDS: &[(&str, &str)] = &[
    ("e1f2", "play a move (also E1F2, e1-f2, e1 f2)"),
    ("f2", "move the mouse (or the one cat that can go there) to f2"),
    ("moves", "list the legal moves"),
    ("board", "show the board again"),
    ("undo", "take back your last move (and the computer's reply)"),
    ("redo", "replay a move taken back"),
    ("hint", "the best move here and what it leads to (perfect play)"),
    ("eval", "the evaluation terms and the exact result of this position"),
    ("tree DEPTH", "print the minimax game tree from here (depth 1-4)"),
    ("history, .f", "the history table of the last search (from -> to: score)"),
    ("table, .e", "the transposition table of the last search: fill, hits, overwrites"),
    ("go", "the computer plays the side to move from now on"),
    ("off", "computer off: two humans play"),
    ("switch", "swap sides with the computer"),
    ("side SIDE", "play mouse, cats, both or none (none: watch the computer)"),
    ("level N", "computer strength: 1 (weakest) to 9, 'perfect' or 'random'"),
    ("depth N", "search exactly N plies, without the level's randomness"),
    ("time SECONDS", "think at most this long per move (0 = no limit)"),
    ("new", "start a new game with the same settings"),
    ("save FILE", "save the game record (PGN-style)"),
    ("load FILE", "load a game record and continue it"),
    ("rules", "the rules of the game"),
    ("help", "this list"),
    ("quit", "leave (also Ctrl-D)"),
];

/// The deepest tree `tree` will print: it grows by up to ten children a ply.
pub const MAX_TREE_DEPTH: u32 = 4;

/// Reads one line. Errors are messages for the player.
pub fn parse(line: &str) -> Result<Input, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Input::Empty);
    }
    if let Ok(mv) = line.parse::<Move>() {
        return Ok(Input::Move(mv));
    }
    if let Ok(square) = line.parse::<Square>() {
        return Ok(Input::To(square));
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let word = word.to_ascii_lowercase();
    let no_argument = |input: Input| {
        if rest.is_empty() {
            Ok(input)
        } else {
            Err(format!("'{}' takes no argument (got '{}')", echo(&word), echo(rest)))
        }
    };
    let needs = |what: &str| -> Result<&str, String> {
        if rest.is_empty() {
            Err(format!("'{}' needs {what}", echo(&word)))
        } else {
            Ok(rest)
        }
    };
    match word.as_str() {
        "help" | "?" | "h" => no_argument(Input::Help),
        "rules" => no_argument(Input::Rules),
        "board" | "b" => no_argument(Input::Board),
        "moves" => no_argument(Input::Moves),
        "undo" | "u" => no_argument(Input::Undo),
        "redo" | "r" => no_argument(Input::Redo),
        "hint" => no_argument(Input::Hint),
        "go" => no_argument(Input::Go),
        "off" => no_argument(Input::Off),
        "switch" => no_argument(Input::Switch),
        "new" => no_argument(Input::New),
        "eval" => no_argument(Input::Eval),
        "history" | ".f" => no_argument(Input::History),
        "table" | ".e" => no_argument(Input::Table),
        "quit" | "exit" | "q" => no_argument(Input::Quit),
        "level" => {
            let arg = needs("a level: 1 to 9, perfect or random")?;
            arg.parse::<Level>().map(Input::Level).map_err(|e| e.to_string())
        }
        "depth" => {
            let arg = needs("a number of plies, e.g. 'depth 6'")?;
            match arg.parse::<u32>() {
                Ok(d) if (1..=ryg_wide::MAX_PLAY_DEPTH).contains(&d) => Ok(Input::Depth(d)),
                _ => Err(format!(
                    "bad depth '{}': expected a whole number from 1 to {}",
                    echo(arg),
                    ryg_wide::MAX_PLAY_DEPTH
                )),
            }
        }
        "time" => {
            let arg = needs("a number of seconds, e.g. 'time 2.5' (0 = no limit)")?;
            match arg.parse::<f64>() {
                Ok(t) if t.is_finite() && (0.0..=3600.0).contains(&t) => Ok(Input::Time(t)),
                _ => Err(format!("bad time '{}': expected seconds from 0 to 3600", echo(arg))),
            }
        }
        "tree" => {
            let arg = needs("a depth, e.g. 'tree 2'")?;
            match arg.parse::<u32>() {
                Ok(d) if (1..=MAX_TREE_DEPTH).contains(&d) => Ok(Input::Tree(d)),
                _ => Err(format!("bad tree depth '{}': expected 1 to {MAX_TREE_DEPTH}", echo(arg))),
            }
        }
        "side" => {
            let arg = needs("a side: mouse, cats, both or none")?;
            match arg.to_ascii_lowercase().as_str() {
                "mouse" => Ok(Input::Side(Sides::Mouse)),
                "cats" => Ok(Input::Side(Sides::Cats)),
                "both" => Ok(Input::Side(Sides::Both)),
                "none" => Ok(Input::Side(Sides::None)),
                _ => Err(format!("bad side '{}': expected mouse, cats, both or none", echo(arg))),
            }
        }
        "save" => needs("a file name, e.g. 'save game.pgn'").map(|f| Input::Save(f.into())),
        "load" => needs("a file name, e.g. 'load game.pgn'").map(|f| Input::Load(f.into())),
        _ => {
            // Looks like a move (starts with a square) but did not parse: say why.
            if line.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && line.chars().nth(1).is_some_and(|c| c.is_ascii_digit())
            {
                if let Err(e) = line.parse::<Move>() {
                    return Err(e.to_string());
                }
            }
            Err(format!("unknown command or move '{}'; type 'help' for the commands", echo(line)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_in_every_accepted_form() {
        for text in ["e1f2", "E1F2", "e1-f2", "e1 f2", "  e1f2  "] {
            assert_eq!(parse(text), Ok(Input::Move("e1f2".parse().unwrap())), "{text}");
        }
    }

    #[test]
    fn commands_and_arguments() {
        assert_eq!(parse("HELP"), Ok(Input::Help));
        assert_eq!(parse("level 5"), Ok(Input::Level("5".parse().unwrap())));
        assert_eq!(parse("level perfect"), Ok(Input::Level(Level::Perfect)));
        assert_eq!(parse("depth 7"), Ok(Input::Depth(7)));
        assert_eq!(parse("time 1.5"), Ok(Input::Time(1.5)));
        assert_eq!(parse("tree 2"), Ok(Input::Tree(2)));
        assert_eq!(parse("side cats"), Ok(Input::Side(Sides::Cats)));
        assert_eq!(parse("Side None"), Ok(Input::Side(Sides::None)));
        assert_eq!(parse("save my game.pgn"), Ok(Input::Save("my game.pgn".into())));
        assert_eq!(parse(""), Ok(Input::Empty));
    }

    #[test]
    fn bad_input_says_what_is_wrong() {
        assert_eq!(
            parse("dance"),
            Err("unknown command or move 'dance'; type 'help' for the commands".into())
        );
        assert_eq!(parse("level"), Err("'level' needs a level: 1 to 9, perfect or random".into()));
        assert_eq!(parse("undo 3"), Err("'undo' takes no argument (got '3')".into()));
        assert_eq!(parse("tree 9"), Err("bad tree depth '9': expected 1 to 4".into()));
        assert_eq!(parse("side dog"), Err("bad side 'dog': expected mouse, cats, both or none".into()));
        assert_eq!(parse("time -1"), Err("bad time '-1': expected seconds from 0 to 3600".into()));
        assert_eq!(
            parse("e2f3"),
            Err("bad move 'e2f3': 'e2' is a light square; pieces stand on dark squares only".into())
        );
        assert!(parse("level 12").unwrap_err().contains("12"));
    }
}
