//! From the wide build (`ryg-wide`, boards up to 14×14) to the default one (`ryg`, 64-bit
//! square sets, boards up to 10×10, the faster) and back. The front ends hold games of every
//! size in the wide build and hand the work on boards up to 10×10 — searches, tablebases,
//! levels — to the default build. Only in `ryg-wide`.

use crate::engines::{Engine, EngineSpec, PlayerSpec};
use crate::eval::EvalKind;
use crate::search::{AlphaBetaConfig, DistanceSearch, GameEnds, GenOrder, HistoryRule, Method, NodeRule};
use crate::search::{OrderRule, ProofConfig, ProofTable, SearchConfig, TableConfig, TableSize};
use crate::{Game, Level, Move, Position, Side, Size, Square};

/// The default build's size for `size`: `None` on 12×12 and 14×14, which it does not have
/// (nor their tablebases).
pub fn size(size: Size) -> Option<ryg::Size> {
    ryg::Size::new(size.n())
}

/// The default build's copy of `position`, from its pieces; `None` on 12×12 and 14×14.
pub fn position(position: &Position) -> Option<ryg::Position> {
    let cats = position.cats().into_iter().map(narrow_square).collect::<Option<ryg::SquareSet>>()?;
    ryg::Position::from_parts(
        size(position.size())?,
        narrow_square(position.mouse())?,
        cats,
        side(position.side_to_move()),
    )
    .ok()
}

/// The same side in the default build.
pub fn side(side: Side) -> ryg::Side {
    match side {
        Side::Mouse => ryg::Side::Mouse,
        Side::Cats => ryg::Side::Cats,
    }
}

/// The default build's square at the same file and rank: `None` past its 10×10.
fn narrow_square(square: Square) -> Option<ryg::Square> {
    ryg::Square::from_coords(square.file(), square.rank())
}

/// The wide build's square at the same file and rank (it has them all).
fn wide_square(square: ryg::Square) -> Square {
    Square::from_coords(square.file(), square.rank()).expect("the wide board holds the default one")
}

/// The default build's copy of `game` (its start and moves); `None` on 12×12 and 14×14.
pub fn game(game: &Game) -> Option<ryg::Game> {
    let mut narrow = ryg::Game::new(self::position(game.start())?);
    for &mv in game.moves() {
        narrow.play(narrow_move(mv)?).ok()?;
    }
    Some(narrow)
}

/// The same level in the default build.
pub fn level(level: Level) -> ryg::Level {
    match level {
        Level::Random => ryg::Level::Random,
        Level::Search(n) => ryg::Level::Search(n),
        Level::Perfect => ryg::Level::Perfect,
        Level::Err(rate) => ryg::Level::Err(
            ryg::levels::ErrRate::from_millionths(rate.millionths()).expect("both builds bound a rate alike"),
        ),
    }
}

/// The same level in the wide build.
pub fn wide_level(level: ryg::Level) -> Level {
    match level {
        ryg::Level::Random => Level::Random,
        ryg::Level::Search(n) => Level::Search(n),
        ryg::Level::Perfect => Level::Perfect,
        ryg::Level::Err(rate) => Level::Err(
            crate::levels::ErrRate::from_millionths(rate.millionths()).expect("both builds bound a rate alike"),
        ),
    }
}

/// The same seat (a level, or an engine at a depth) in the default build.
pub fn player_spec(spec: PlayerSpec) -> ryg::PlayerSpec {
    match spec {
        PlayerSpec::Level(l) => ryg::PlayerSpec::Level(level(l)),
        PlayerSpec::Engine(EngineSpec { engine: e, depth }) => {
            ryg::PlayerSpec::Engine(ryg::engines::EngineSpec { engine: engine(e), depth })
        }
    }
}

/// The same engine in the default build.
pub fn engine(engine: Engine) -> ryg::engines::Engine {
    use ryg::engines::Engine as N;
    match engine {
        Engine::Ryg => N::Ryg,
        Engine::Ryg1V1 => N::Ryg1V1,
        Engine::Ryg1 => N::Ryg1,
        Engine::Ryg3V9 => N::Ryg3V9,
        Engine::Ryg3V10 => N::Ryg3V10,
        Engine::Ryg3V11 => N::Ryg3V11,
    }
}

/// A move of the default build, in the wide one.
pub fn wide_move(mv: ryg::Move) -> Move {
    Move::new(wide_square(mv.from), wide_square(mv.to))
}

fn narrow_move(mv: Move) -> Option<ryg::Move> {
    Some(ryg::Move::new(narrow_square(mv.from)?, narrow_square(mv.to)?))
}

/// The same search configuration in the wide build (`ryg analyze`'s switches on 12×12 and
/// 14×14); weights of their own are left out.
pub fn wide_search_config(config: &ryg::search::SearchConfig) -> SearchConfig {
    use ryg::search as N;
    let method = match config.method {
        N::Method::Minimax => Method::Minimax,
        N::Method::AlphaBeta(ab) => Method::AlphaBeta(AlphaBetaConfig {
            table: ab.table.map(|t| TableConfig {
                size: match t.size {
                    N::TableSize::Megabytes(m) => TableSize::Megabytes(m),
                    N::TableSize::Slots(s) => TableSize::Slots(s),
                },
                cutoffs: t.cutoffs,
            }),
            ordering: ab.ordering.map(|rule| match rule {
                N::OrderRule::TableFirst => OrderRule::TableFirst,
                N::OrderRule::HashScore(bonus) => OrderRule::HashScore(bonus),
            }),
            history: ab.history.map(|rule| match rule {
                N::HistoryRule::CutOffs => HistoryRule::CutOffs,
                N::HistoryRule::OnStore { cap } => HistoryRule::OnStore { cap },
            }),
            node_rule: match ab.node_rule {
                N::NodeRule::FailSoft => NodeRule::FailSoft,
                N::NodeRule::Ryg3 => NodeRule::Ryg3,
                N::NodeRule::Ryg3FirstOfEqual => NodeRule::Ryg3FirstOfEqual,
            },
            mate_distance: ab.mate_distance,
            pvs: ab.pvs,
            proof: ab.proof.map(|p| ProofConfig {
                win_first: p.win_first,
                distance: match p.distance {
                    N::DistanceSearch::Bisect => DistanceSearch::Bisect,
                    N::DistanceSearch::Step => DistanceSearch::Step,
                    N::DistanceSearch::Window => DistanceSearch::Window,
                },
                table: p.table.map(|t| ProofTable { etc: t.etc, megabytes: t.megabytes }),
                ordering: p.ordering,
                free_mouse: p.free_mouse,
                mate_distance: p.mate_distance,
            }),
        }),
    };
    SearchConfig {
        eval: match config.eval {
            ryg::eval::EvalKind::SeedV1 => EvalKind::SeedV1,
            ryg::eval::EvalKind::Seed => EvalKind::Seed,
            ryg::eval::EvalKind::Classic => EvalKind::Classic,
            ryg::eval::EvalKind::Default => EvalKind::Default,
        },
        weights: None,
        gen_order: match config.gen_order {
            N::GenOrder::Squares => GenOrder::Squares,
            N::GenOrder::Articles => GenOrder::Articles,
            N::GenOrder::Ryg => GenOrder::Ryg,
        },
        game_ends: match config.game_ends {
            N::GameEnds::Exact => GameEnds::Exact,
            N::GameEnds::Evaluated => GameEnds::Evaluated,
        },
        iterative_deepening: config.iterative_deepening,
        random_ties: config.random_ties,
        tie_margin: config.tie_margin,
        method,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;

    /// The positions of a game on `size` where each side plays its `pick`-th legal move.
    fn line(size: &str, pick: usize) -> Vec<Position> {
        let mut position = Position::start(size.parse().unwrap(), None).unwrap();
        let mut seen = vec![position];
        while position.outcome().is_none() {
            let moves = position.legal_moves();
            position = position.play(moves[pick % moves.len()]).unwrap();
            seen.push(position);
        }
        seen
    }

    #[test]
    fn every_seat_is_the_same_seat_in_the_default_build() {
        let mut seats: Vec<PlayerSpec> =
            ["random", "1", "5", "9", "perfect", "err:0.05"].iter().map(|s| s.parse().unwrap()).collect();
        for engine in Engine::ALL {
            seats.push(PlayerSpec::Engine(EngineSpec { engine, depth: 3 }));
        }
        for seat in seats {
            assert_eq!(player_spec(seat).to_string(), seat.to_string());
        }
    }

    #[test]
    fn both_builds_see_the_same_positions_moves_and_evaluations_up_to_10x10() {
        for size in ["6x6", "8x8", "10x10"] {
            for pick in [0, 1, 3] {
                for wide in line(size, pick) {
                    let narrow = position(&wide).expect("boards up to 10x10 go to the default build");
                    assert_eq!(narrow.fen(), wide.fen());
                    let moves: Vec<Move> = narrow.legal_moves().iter().map(|&mv| wide_move(mv)).collect();
                    assert_eq!(moves, wide.legal_moves().to_vec(), "{}", wide.fen());
                    let a = ryg::eval::evaluate(ryg::eval::EvalKind::Default, &narrow);
                    assert_eq!(a.total, evaluate(EvalKind::Default, &wide).total, "{}", wide.fen());
                }
            }
        }
        assert!(position(&Position::start(Size::new(12).unwrap(), None).unwrap()).is_none());
        assert!(size(Size::new(14).unwrap()).is_none());
    }

    #[test]
    fn games_and_levels_cross_to_the_default_build() {
        let mut game = Game::new(Position::start(Size::new(10).unwrap(), None).unwrap());
        for _ in 0..12 {
            game.play(game.position().legal_moves()[0]).unwrap();
        }
        let narrow = super::game(&game).unwrap();
        assert_eq!(narrow.position().fen(), game.position().fen());
        assert_eq!(narrow.moves().len(), 12);
        for name in
            ["random", "1", "5", "9", "perfect", "err:0.25", "err:0.05", "err:1", "err:0", "err:0.123457"]
        {
            let wide: Level = name.parse().unwrap();
            assert_eq!(level(wide).to_string(), name);
        }
    }
}
