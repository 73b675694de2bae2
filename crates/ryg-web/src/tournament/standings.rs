//! The standings: each entrant's points and tie-break, best first. A round robin scores 1 per
//! win and breaks ties by Sonneborn–Berger (the points of every opponent beaten, once per win).
//! An arena scores 2 per win, 4 per win once on a streak of two wins or more (as lichess's
//! arenas), and breaks ties by the same sum of beaten opponents' points. This game has no
//! draws; an aborted game scores nothing.

use serde::Serialize;

use super::{Format, Tournament};

/// One entrant's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Score {
    /// The entrant's number.
    pub n: u32,
    /// Their place: equal points and tie-break share one.
    pub rank: u32,
    pub points: i64,
    /// Sonneborn–Berger (round robin) or the sum of beaten opponents' points (arena).
    pub tiebreak: i64,
    pub played: u32,
    pub wins: u32,
    /// On a streak (an arena's wins count double).
    pub streak: bool,
}

/// Every entrant's points, wins and games, in their order (no tie-break or rank yet).
pub fn scores(t: &Tournament) -> Vec<Score> {
    let arena = matches!(t.format, Format::Arena { .. });
    t.entrants
        .iter()
        .map(|e| {
            let mut s = Score { n: e.n, rank: 0, points: 0, tiebreak: 0, played: 0, wins: 0, streak: false };
            let mut run = 0;
            for p in t.pairings.iter().filter(|p| p.side_of(e.n).is_some() && !p.is_open()) {
                s.played += 1;
                if p.winner() == Some(e.n) {
                    s.wins += 1;
                    s.points += if !arena {
                        1
                    } else if run >= 2 {
                        4
                    } else {
                        2
                    };
                    run += 1;
                } else {
                    run = 0;
                }
            }
            s.streak = arena && run >= 2;
            s
        })
        .collect()
}

/// The standings, best first: points, then the tie-break, then the entrant's number.
pub fn standings(t: &Tournament) -> Vec<Score> {
    let mut all = scores(t);
    let points: Vec<(u32, i64)> = all.iter().map(|s| (s.n, s.points)).collect();
    let of = |n: u32| points.iter().find(|p| p.0 == n).map_or(0, |p| p.1);
    for s in &mut all {
        // CITE: Sonneborn–Berger score, https://en.wikipedia.org/wiki/Sonneborn%E2%80%93Berger_score
        s.tiebreak = t
            .pairings
            .iter()
            .filter(|p| p.winner() == Some(s.n))
            .filter_map(|p| p.opponent_of(s.n))
            .map(of)
            .sum();
    }
    all.sort_by(|a, b| b.points.cmp(&a.points).then(b.tiebreak.cmp(&a.tiebreak)).then(a.n.cmp(&b.n)));
    let mut rank = 0;
    for i in 0..all.len() {
        if i == 0 || (all[i].points, all[i].tiebreak) != (all[i - 1].points, all[i - 1].tiebreak) {
            rank = u32::try_from(i + 1).unwrap_or(u32::MAX);
        }
        all[i].rank = rank;
    }
    all
}
