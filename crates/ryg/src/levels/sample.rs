//! Sampled calibration, for boards too big for the exact dynamic program (10×10): seeded games
//! between a level and the human model, with a 95% confidence interval on the human's winning
//! chance. Game `i` of a run uses its own generator, spawned from the seed and `i`
//! ([`crate::random::spawn`]), so two runs that differ only in the level's parameters play with
//! the same random numbers (common random numbers), which keeps tuning by bisection steady, and
//! two seeds play unrelated games.

use super::policy::{distribution_from_facts, move_facts, MoveFacts, Policy};
use crate::random::{spawn, SplitMix64};

/// The purpose of the sampled games' streams ([`spawn`]).
const SAMPLED_GAME: u64 = 1;
use crate::{Position, Side, Tablebase};

/// The human's wins in a number of sampled games, with its interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sampled {
    pub wins: u64,
    pub games: u64,
}

impl Sampled {
    /// The share of games the human won.
    pub fn chance(self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        self.wins as f64 / self.games as f64
    }

    /// The 95% Wilson score interval of the chance.
    // CITE: Wilson score interval (Wilson 1927), z = 1.96.
    pub fn interval(self) -> (f64, f64) {
        if self.games == 0 {
            return (0.0, 1.0);
        }
        let (n, p, z) = (self.games as f64, self.chance(), 1.96f64);
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// The facts the human model needs: each move's exact result (it never looks further).
fn results_only(position: &Position, tablebase: &Tablebase) -> Vec<MoveFacts> {
    let mut facts = Vec::with_capacity(position.count_moves());
    position.for_each_move(|mv| {
        let mut child = *position;
        child.play_unchecked(mv);
        facts.push(MoveFacts { result: tablebase.result(&child), eval: 0, replies: 0, winning_replies: 0 });
    });
    facts
}

/// Draws an index from `probabilities` with the uniform number `u` in [0, 1).
fn draw(probabilities: &[f64], u: f64) -> usize {
    let mut left = u;
    for (i, p) in probabilities.iter().enumerate() {
        if left < *p {
            return i;
        }
        left -= p;
    }
    probabilities.len() - 1
}

/// Who plays whom: a level's policy plays `computer` from `start`, the human model with error
/// rate `err` the other side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    pub start: Position,
    pub computer: Side,
    pub policy: Policy,
    pub err: f64,
}

/// One game of `pairing`: whether the human won.
pub fn play_one(tablebase: &Tablebase, pairing: &Pairing, rng: &mut SplitMix64) -> bool {
    let Pairing { start, computer, policy, err } = *pairing;
    let mut position = start;
    while position.outcome().is_none() {
        let mover = position.side_to_move();
        let probabilities = if mover == computer {
            distribution_from_facts(policy, mover, &move_facts(&position, tablebase))
        } else {
            distribution_from_facts(Policy::Err(err), mover, &results_only(&position, tablebase))
        };
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let choice = draw(&probabilities, u);
        let mut k = 0;
        let mut chosen = None;
        position.for_each_move(|mv| {
            if k == choice {
                chosen = Some(mv);
            }
            k += 1;
        });
        position.play_unchecked(chosen.expect("a move of the distribution"));
    }
    position.outcome().is_some_and(|o| o.winner != computer)
}

/// The generator of game `index` of a run seeded `seed`.
fn game_rng(seed: u64, index: u64) -> SplitMix64 {
    SplitMix64::new(spawn(seed, SAMPLED_GAME, index))
}

/// `games` seeded games of `pairing`. `progress(done)` is called every 100 games.
pub fn sample_win_chance(
    tablebase: &Tablebase,
    pairing: &Pairing,
    games: u64,
    seed: u64,
    progress: &mut dyn FnMut(u64),
) -> Sampled {
    let mut wins = 0;
    for i in 0..games {
        let mut rng = game_rng(seed, i);
        wins += u64::from(play_one(tablebase, pairing, &mut rng));
        if (i + 1) % 100 == 0 {
            progress(i + 1);
        }
    }
    Sampled { wins, games }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::{ErrRate, GameGraph, Opponent};
    use crate::Size;

    #[test]
    fn wilson_intervals() {
        let s = Sampled { wins: 50, games: 100 };
        let (lo, hi) = s.interval();
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(Sampled { wins: 0, games: 10 }.interval().0, 0.0);
        assert_eq!(Sampled { wins: 0, games: 0 }.interval(), (0.0, 1.0));
    }

    #[test]
    fn sampling_agrees_with_the_exact_chance_on_6x6() {
        let size = Size::new(6).unwrap();
        let tb = Tablebase::build(size, 1, &mut ());
        let start = Position::start(size, None).unwrap();
        let rate: ErrRate = "0.2".parse().unwrap();
        for (computer, policy) in [(Side::Cats, Policy::Noisy(0.5)), (Side::Mouse, Policy::Noisy(1.0))] {
            let graph = GameGraph::build(&tb, computer);
            let root = graph.starts().iter().position(|&s| s == size.default_mouse_start()).unwrap();
            let exact = graph.win_chances(policy, &[Opponent::Err(rate)])[root][0];
            let pairing = Pairing { start, computer, policy, err: rate.fraction() };
            let sampled = sample_win_chance(&tb, &pairing, 4000, 1, &mut |_| {});
            let (lo, hi) = sampled.interval();
            // Exact to within the 95% interval, widened a little so a fixed seed cannot flake.
            assert!(
                lo - 0.01 <= exact && exact <= hi + 0.01,
                "{computer}: exact {exact}, sampled {sampled:?}"
            );
        }
    }

    #[test]
    fn two_seeds_play_unrelated_games() {
        // game i + 1 of one seed is not game i of the next (as seed + i made it)
        for i in 0..100 {
            assert_ne!(game_rng(0, i + 1), game_rng(1, i), "game {i}");
            assert_ne!(game_rng(5, i), game_rng(5, i + 1));
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_games() {
        let size = Size::new(4).unwrap();
        let tb = Tablebase::build(size, 1, &mut ());
        let start = Position::start(size, None).unwrap();
        let pairing = Pairing { start, computer: Side::Cats, policy: Policy::Noisy(1.5), err: 0.3 };
        let run = |seed| sample_win_chance(&tb, &pairing, 300, seed, &mut |_| {});
        assert_eq!(run(9), run(9));
    }
}
