use std::collections::HashSet;

use super::pairing::{arena, round_robin};
use super::standings::standings;
use super::*;

fn player(n: i64) -> Who {
    Who::Player { id: n, public_id: format!("p{n}") }
}

fn round_robin_of(n: u32) -> Tournament {
    let mut t = Tournament::new("club".into(), Format::RoundRobin, 4, None, true).unwrap();
    for i in 1..=n {
        t.enter(format!("E{i}"), player(i64::from(i))).unwrap();
    }
    t
}

/// Plays every pairing just made: `winner` says who wins each.
fn play_round(t: &mut Tournament, made: &[usize], winner: impl Fn(u32, u32) -> u32) {
    for &i in made {
        let game = format!("g{i}");
        t.made(i, game.clone(), [None, None]);
        let p = &t.pairings[i];
        let outcome = if winner(p.mouse, p.cats) == p.mouse { Outcome::Mouse } else { Outcome::Cats };
        assert!(t.record(&game, outcome));
    }
}

#[test]
fn a_double_round_robin_meets_every_pair_once_on_each_side() {
    for n in 2..=16u32 {
        let ns: Vec<u32> = (1..=n).collect();
        let rounds = round_robin(&ns);
        let per_cycle = if n % 2 == 0 { n - 1 } else { n };
        assert_eq!(rounds.len(), 2 * per_cycle as usize, "{n} entrants");
        let mut seen = HashSet::new();
        for round in &rounds {
            let mut busy = HashSet::new();
            for &(m, c) in round {
                assert!(busy.insert(m) && busy.insert(c), "{n}: someone plays twice in a round");
                assert!(seen.insert((m, c)), "{n}: {m} against {c} twice");
            }
        }
        assert_eq!(seen.len(), (n * (n - 1)) as usize);
    }
}

#[test]
fn sonneborn_berger_breaks_a_tie_by_hand() {
    // A beats B and C, D beats A, B beats C and D, C beats D: A and B 2 points, C and D 1.
    // SB: A = B's 2 + C's 1 = 3; B = C's 1 + D's 1 = 2; C = D's 1 = 1; D = A's 2 = 2.
    let mut t = round_robin_of(4);
    t.status = Status::Running;
    let games = [(1, 2, 1), (1, 3, 1), (4, 1, 4), (2, 3, 2), (2, 4, 2), (3, 4, 3)];
    for (i, &(m, c, w)) in games.iter().enumerate() {
        t.pairings.push(Pairing {
            round: 1,
            mouse: m,
            cats: c,
            game: None,
            tokens: [None, None],
            outcome: None,
            accuracy: None,
        });
        t.made(i, format!("g{i}"), [None, None]);
        t.record(&format!("g{i}"), if w == m { Outcome::Mouse } else { Outcome::Cats });
    }
    let table: Vec<(u32, u32, i64, i64)> =
        standings(&t).iter().map(|s| (s.n, s.rank, s.points, s.tiebreak)).collect();
    assert_eq!(table, vec![(1, 1, 2, 3), (2, 2, 2, 2), (4, 3, 1, 2), (3, 4, 1, 1)]);
}

#[test]
fn equal_points_and_tiebreak_share_a_place() {
    let mut t = round_robin_of(3);
    t.status = Status::Running;
    // a cycle: 1 beats 2, 2 beats 3, 3 beats 1: all 1 point, SB 1 each
    for (i, &(m, c)) in [(1, 2), (2, 3), (3, 1)].iter().enumerate() {
        t.pairings.push(Pairing {
            round: 1,
            mouse: m,
            cats: c,
            game: Some(format!("g{i}")),
            tokens: [None, None],
            outcome: Some(Outcome::Mouse),
            accuracy: None,
        });
    }
    assert!(standings(&t).iter().all(|s| s.rank == 1 && s.points == 1 && s.tiebreak == 1));
}

#[test]
fn a_round_robin_runs_round_by_round_to_its_end() {
    let mut t = round_robin_of(3);
    assert!(t.pair(0).is_empty(), "nothing is paired before the start");
    t.start(0).unwrap();
    let mut rounds = 0;
    loop {
        let made = t.pair(0);
        if made.is_empty() {
            break;
        }
        assert!(t.pair(0).is_empty(), "a round is paired once, while its games are played");
        rounds += 1;
        // the lower number always wins
        play_round(&mut t, &made, |a, b| a.min(b));
    }
    assert_eq!(rounds, 6);
    assert_eq!(t.status, Status::Finished);
    let table: Vec<(u32, i64, i64)> = standings(&t).iter().map(|s| (s.n, s.points, s.tiebreak)).collect();
    // 1 beats 2 and 3 twice each: 4 points, SB 2×2 + 2×0; 2 beats 3 twice: 2 points
    assert_eq!(table, vec![(1, 4, 4), (2, 2, 0), (3, 0, 0)]);
}

#[test]
fn a_round_robin_takes_no_one_after_its_start_and_sixteen_at_most() {
    let mut t = round_robin_of(16);
    assert!(matches!(t.enter("17th".into(), player(17)), Err(TournamentError::NotNow(_))));
    assert_eq!(t.enter("again".into(), player(3)), Ok(3), "a player in already keeps their number");
    let mut t = round_robin_of(2);
    t.start(0).unwrap();
    assert!(t.enter("late".into(), player(9)).is_err());
    assert!(t.start(0).is_err());
}

#[test]
fn a_removed_entrant_plays_no_more_games_and_keeps_their_results() {
    let mut t = round_robin_of(4);
    t.start(0).unwrap();
    let made = t.pair(0);
    play_round(&mut t, &made, |a, b| a.min(b));
    t.remove(1).unwrap();
    while let made @ [_, ..] = t.pair(0).as_slice() {
        assert!(made.iter().all(|&i| t.pairings[i].side_of(1).is_none()));
        let made = made.to_vec();
        play_round(&mut t, &made, |a, b| a.min(b));
    }
    assert_eq!(t.status, Status::Finished);
    let one = standings(&t).into_iter().find(|s| s.n == 1).unwrap();
    assert_eq!((one.played, one.points), (1, 1));
    assert_eq!(t.remove(1), Err(TournamentError::NotNow("this tournament is over".into())));
}

#[test]
fn the_host_pauses_and_ends() {
    let mut t = round_robin_of(2);
    assert!(t.pause(0).is_err());
    t.start(0).unwrap();
    let made = t.pair(0);
    t.pause(0).unwrap();
    play_round(&mut t, &made, |a, _| a);
    assert!(t.pair(0).is_empty(), "paused: no next round");
    t.resume(0).unwrap();
    assert_eq!(t.pair(0).len(), 1);
    t.end().unwrap();
    assert!(t.pair(0).is_empty());
    assert!(t.end().is_err());
}

#[test]
fn an_arena_scores_two_a_win_and_four_on_a_streak() {
    let mut t = Tournament::new("evening".into(), Format::Arena { minutes: 10 }, 4, None, true).unwrap();
    for i in 1..=2 {
        t.enter(format!("E{i}"), player(i)).unwrap();
    }
    t.start(0).unwrap();
    // 1 wins, wins, wins, loses, wins: 2 + 2 + 4 + 0 + 2
    for won in [true, true, true, false, true] {
        let made = t.pair(1000);
        assert_eq!(made.len(), 1);
        play_round(&mut t, &made, |a, b| {
            if won {
                1
            } else if a == 1 {
                b
            } else {
                a
            }
        });
    }
    let s = standings(&t);
    assert_eq!((s[0].n, s[0].points, s[0].wins, s[0].played), (1, 10, 4, 5));
    assert_eq!((s[1].points, s[1].wins), (2, 1), "2 won the fourth game");
    // time is up: no more pairings, and it is over
    assert!(t.pair(10 * 60_000).is_empty());
    assert_eq!(t.status, Status::Finished);
}

#[test]
fn an_arena_pairs_the_free_by_score_and_avoids_the_last_opponent() {
    // scores 2:4, 3:2, 1:0, 4:0 → neighbours (2, 3) and (1, 4)
    let free = [(1, 0), (2, 4), (3, 2), (4, 0)];
    let mut pairs: Vec<(u32, u32)> =
        arena(&free, &[]).into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort_unstable();
    assert_eq!(pairs, vec![(1, 4), (2, 3)]);
    // 2 just played 3: 2 meets 1 instead, and 3 meets 4
    let last = Pairing {
        round: 1,
        mouse: 3,
        cats: 2,
        game: Some("g".into()),
        tokens: [None, None],
        outcome: Some(Outcome::Mouse),
        accuracy: None,
    };
    let pairs = arena(&free, &[last]);
    let set: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    assert_eq!(set, vec![(1, 2), (3, 4)]);
    // 3 had the mouse: 4 takes it now
    assert!(pairs.contains(&(4, 3)));
}

#[test]
fn an_arena_pauses_its_clock_and_takes_latecomers() {
    let mut t = Tournament::new("evening".into(), Format::Arena { minutes: 1 }, 4, None, true).unwrap();
    t.enter("a".into(), player(1)).unwrap();
    t.enter("b".into(), player(2)).unwrap();
    t.start(0).unwrap();
    t.pause(20_000).unwrap();
    t.resume(100_000).unwrap();
    assert_eq!(t.ends_ms, Some(140_000));
    assert_eq!(t.enter("late".into(), player(3)), Ok(3));
    assert!(Tournament::new("x".into(), Format::Arena { minutes: 0 }, 4, None, true).is_err());
}
