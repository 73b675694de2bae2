//! Quick pairing's rule: players waiting for the same board size and clock are paired closest
//! rating first, each accepting an opponent within a rating range that widens the longer they
//! wait. A round pairs each player once at most; the store runs one round at a time.

use crate::store::lobby::WaitingRow;

/// The rating range a player accepts at once: ±100.
pub const FIRST_RANGE: f64 = 100.0;

/// How much the range widens per second of waiting.
pub const WIDEN_PER_SECOND: f64 = 50.0;

/// The widest range: after about 18 s anyone on the size and clock will do.
pub const WIDEST_RANGE: f64 = 1000.0;

/// The rating range accepted by a player who has waited `waited_ms`.
pub fn range(waited_ms: i64) -> f64 {
    let seconds = waited_ms.max(0) as f64 / 1000.0;
    (FIRST_RANGE + WIDEN_PER_SECOND * seconds).min(WIDEST_RANGE)
}

/// Whether `a` and `b` may play each other at `now`: the same size and clock, two players, and
/// each within the other's range.
fn fit(a: &WaitingRow, b: &WaitingRow, now: i64) -> bool {
    let gap = (a.rating - b.rating).abs();
    a.player != b.player
        && a.size == b.size
        && a.clock == b.clock
        && gap <= range(now - a.since_ms)
        && gap <= range(now - b.since_ms)
}

/// The pairs to make among `waiting` at `now` (indexes into `waiting`): of all the pairs that
/// fit, the closest ratings first (the longer-waiting first among equals), each player once.
pub fn pairs(waiting: &[WaitingRow], now: i64) -> Vec<(usize, usize)> {
    let mut fits = Vec::new();
    for (i, a) in waiting.iter().enumerate() {
        for (j, b) in waiting.iter().enumerate().skip(i + 1) {
            if fit(a, b, now) {
                fits.push(((a.rating - b.rating).abs(), a.since_ms.min(b.since_ms), i, j));
            }
        }
    }
    fits.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)).then((x.2, x.3).cmp(&(y.2, y.3))));
    let mut taken = vec![false; waiting.len()];
    let mut chosen = Vec::new();
    for (_, _, i, j) in fits {
        // one player id could appear twice only from a broken store: never pair it twice
        let twice =
            |k: usize| waiting.iter().enumerate().any(|(m, w)| taken[m] && w.player == waiting[k].player);
        if taken[i] || taken[j] || twice(i) || twice(j) {
            continue;
        }
        taken[i] = true;
        taken[j] = true;
        chosen.push((i, j));
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(player: i64, rating: f64, since_ms: i64) -> WaitingRow {
        WaitingRow { player, size: 8, clock: Some((5.0, 3.0)), rating, since_ms }
    }

    #[test]
    fn the_range_widens_with_waiting_up_to_the_widest() {
        assert_eq!(range(0), FIRST_RANGE);
        assert_eq!(range(2_000), FIRST_RANGE + 2.0 * WIDEN_PER_SECOND);
        assert!(range(10_000) > range(5_000));
        assert_eq!(range(3_600_000), WIDEST_RANGE);
        assert_eq!(range(-5), FIRST_RANGE, "a clock that went back widens nothing");
    }

    #[test]
    fn close_ratings_are_paired_first() {
        let waiting = [w(1, 1500.0, 0), w(2, 1590.0, 0), w(3, 1510.0, 0), w(4, 1600.0, 0)];
        let mut got = pairs(&waiting, 0);
        got.sort_unstable();
        assert_eq!(got, vec![(0, 2), (1, 3)]);
    }

    #[test]
    fn far_ratings_wait_until_the_range_has_widened() {
        let waiting = [w(1, 1500.0, 0), w(2, 1900.0, 0)];
        assert!(pairs(&waiting, 0).is_empty(), "400 apart: not at once");
        assert!(pairs(&waiting, 5_000).is_empty(), "range 350 after 5 s");
        assert_eq!(pairs(&waiting, 6_000), vec![(0, 1)], "range 400 after 6 s");
    }

    #[test]
    fn both_players_must_accept_the_gap() {
        // the first waited long, the second just came: the newcomer's range decides
        let waiting = [w(1, 1500.0, 0), w(2, 1800.0, 60_000)];
        assert!(pairs(&waiting, 60_000).is_empty());
        assert_eq!(pairs(&waiting, 64_000), vec![(0, 1)]);
    }

    #[test]
    fn other_sizes_and_clocks_never_meet() {
        let mut other_size = w(2, 1500.0, 0);
        other_size.size = 6;
        let mut other_clock = w(3, 1500.0, 0);
        other_clock.clock = None;
        assert!(pairs(&[w(1, 1500.0, 0), other_size, other_clock], 3_600_000).is_empty());
    }

    #[test]
    fn no_player_is_paired_twice() {
        // many equal ratings, one player listed twice (as a broken store could): each once
        let mut waiting: Vec<_> = (0..9).map(|p| w(p, 1500.0, p * 10)).collect();
        waiting.push(w(4, 1500.0, 5));
        let got = pairs(&waiting, 1_000);
        let mut seen: Vec<i64> =
            got.iter().flat_map(|&(a, b)| [waiting[a].player, waiting[b].player]).collect();
        let n = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), n, "a player in two pairs: {got:?}");
        assert_eq!(got.len(), 4, "nine players make four pairs");
        assert!(got.iter().all(|(a, b)| waiting[*a].player != waiting[*b].player));
    }
}
