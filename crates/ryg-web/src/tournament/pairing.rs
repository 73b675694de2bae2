//! Who plays whom: a round robin's fixed schedule (the circle method, every pair twice with the
//! sides swapped in the second half) and an arena's pairing of the entrants free now by score.

use ryg_wide::Side;

use super::Pairing;

/// The rounds of a double round robin between entrants `ns` (in their order): each round's
/// pairs as (mouse, cats). With an odd count one entrant rests each round. Every pair meets
/// twice, once on each side.
// CITE: circle method (Berger tables), https://en.wikipedia.org/wiki/Round-robin_tournament
pub fn round_robin(ns: &[u32]) -> Vec<Vec<(u32, u32)>> {
    let mut ring: Vec<Option<u32>> = ns.iter().copied().map(Some).collect();
    if ring.len() % 2 == 1 {
        ring.push(None);
    }
    let n = ring.len();
    if n < 2 {
        return Vec::new();
    }
    let mut first = Vec::new();
    for round in 0..n - 1 {
        let mut pairs = Vec::new();
        for i in 0..n / 2 {
            let (a, b) = (ring[i], ring[n - 1 - i]);
            if let (Some(a), Some(b)) = (a, b) {
                // alternate who takes the mouse so each entrant's sides balance
                let swap = (i == 0 && round % 2 == 1) || (i > 0 && i % 2 == 1);
                pairs.push(if swap { (b, a) } else { (a, b) });
            }
        }
        first.push(pairs);
        // the first stays, the others turn one place
        let last = ring.remove(n - 1);
        ring.insert(1, last);
    }
    let second: Vec<Vec<(u32, u32)>> =
        first.iter().map(|r| r.iter().map(|&(m, c)| (c, m)).collect()).collect();
    first.into_iter().chain(second).collect()
}

/// An arena's pairs among the entrants `free` now, each with their score: neighbours by
/// score, best first; the last two opponents of each are avoided when another neighbour is
/// free. Each pair is (mouse, cats): the one who had the mouse less often takes it.
pub fn arena(free: &[(u32, i64)], played: &[Pairing]) -> Vec<(u32, u32)> {
    let mut order: Vec<(u32, i64)> = free.to_vec();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut left: Vec<u32> = order.into_iter().map(|(n, _)| n).collect();
    let mut pairs = Vec::new();
    while left.len() >= 2 {
        let a = left.remove(0);
        let recent = last_opponents(a, played, 1);
        let pick = left.iter().position(|b| !recent.contains(b)).unwrap_or(0);
        let b = left.remove(pick);
        pairs.push(sides(a, b, played));
    }
    pairs
}

/// The last `k` opponents of entrant `n`, latest first.
fn last_opponents(n: u32, played: &[Pairing], k: usize) -> Vec<u32> {
    played.iter().rev().filter_map(|p| p.opponent_of(n)).take(k).collect()
}

/// `(a, b)` as (mouse, cats): the one who had the mouse less often takes it (`a` when even).
fn sides(a: u32, b: u32, played: &[Pairing]) -> (u32, u32) {
    let mice = |n: u32| played.iter().filter(|p| p.side_of(n) == Some(Side::Mouse)).count();
    if mice(b) < mice(a) {
        (b, a)
    } else {
        (a, b)
    }
}
