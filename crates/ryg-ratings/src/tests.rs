use super::*;
use ryg::Level;

fn rating(r: f64, rd: f64, vol: f64) -> Rating {
    Rating::new(r, rd, vol).unwrap()
}

fn size(n: u8) -> Size {
    Size::new(n).unwrap()
}

fn level(n: u8) -> Opponent {
    Opponent::Computer(PlayerSpec::Level(Level::Search(n)))
}

/// Glickman's worked example ("Example of the Glicko-2 system", section "Example
/// calculation"): a 1500/200/0.06 player beats 1400/30, loses to 1550/100 and to 1700/300 in
/// one rating period, τ = 0.5.
#[test]
fn glickmans_worked_example() {
    let player = rating(1500.0, 200.0, 0.06);
    let games = [
        (rating(1400.0, 30.0, 0.06).glicko(), Outcome::Win),
        (rating(1550.0, 100.0, 0.06).glicko(), Outcome::Loss),
        (rating(1700.0, 300.0, 0.06).glicko(), Outcome::Loss),
    ];
    let after = period(player, &games, 0.5);
    // The paper's results on the Glicko-2 scale (μ' = −0.2069, φ' = 0.8722, σ' = 0.05999),
    // to its four decimals…
    let scale = 173.7178;
    assert_eq!(format!("{:.4}", (after.rating() - 1500.0) / scale), "-0.2069", "{after:?}");
    assert_eq!(format!("{:.4}", after.deviation() / scale), "0.8722", "{after:?}");
    // (σ' unrounded is 0.059996: the paper cuts it to 0.05999)
    assert!((after.volatility() - 0.05999).abs() < 1e-5, "{after:?}");
    // …and on the rating scale: r' = 1464.06 and RD' = 151.52 are those rounded values
    // converted back (unrounded, r' is 1464.05).
    assert!((after.rating() - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation() - 151.52).abs() < 0.005, "{after:?}");
    // The system constant of every rated game is the example's.
    assert_eq!(TAU, 0.5);
}

#[test]
fn stored_ratings_are_checked() {
    assert_eq!(Rating::new(1500.0, 350.0, 0.06), Ok(NEWCOMER));
    assert!(matches!(Rating::new(f64::NAN, 100.0, 0.06), Err(RatingError::Rating(_))));
    assert!(matches!(Rating::new(f64::INFINITY, 100.0, 0.06), Err(RatingError::Rating(_))));
    for rd in [0.0, -1.0, 350.5, f64::NAN] {
        assert!(matches!(Rating::new(1500.0, rd, 0.06), Err(RatingError::Deviation(_))), "{rd}");
    }
    for vol in [0.0, 1.0, f64::NAN] {
        assert!(matches!(Rating::new(1500.0, 80.0, vol), Err(RatingError::Volatility(_))), "{vol}");
    }
    assert_eq!(
        Rating::new(1500.0, 0.0, 0.06).unwrap_err().to_string(),
        "bad rating deviation 0: expected a number above 0 and at most 350"
    );
}

#[test]
fn a_game_between_two_newcomers_moves_them_apart_alike() {
    let (winner, loser) = rate_pair(NEWCOMER, NEWCOMER, Outcome::Win);
    assert!(winner.rating() > 1500.0 && loser.rating() < 1500.0);
    assert!((winner.rating() - 1500.0 - (1500.0 - loser.rating())).abs() < 1e-9);
    assert!(winner.deviation() < MAX_DEVIATION && winner.deviation() == loser.deviation());
    let (mut a, mut b) = (Ratings::default(), Ratings::default());
    record_pair(&mut a, &mut b, size(8), Outcome::Loss);
    assert_eq!((a.get(size(8)), b.get(size(8))), (loser, winner));
    // Other sizes are untouched.
    assert_eq!(a.get(size(6)), NEWCOMER);
    assert_eq!(a.played().map(|(s, _)| s.n()).collect::<Vec<_>>(), [8]);
}

#[test]
fn games_against_the_computer_use_its_fixed_rating_and_leave_it() {
    let eight = size(8);
    let fixed = |n| fixed_rating(eight, PlayerSpec::Level(Level::Search(n))).unwrap();
    // Level 5 is at 1500 on every size: a newcomer is expected to score even against it.
    assert_eq!(fixed(5), 1500.0);
    assert!((expected(NEWCOMER, eight, level(5)).unwrap() - 0.5).abs() < 1e-12);
    let won = rate(NEWCOMER, eight, level(5), Outcome::Win).unwrap();
    let beat_stronger = rate(NEWCOMER, eight, level(8), Outcome::Win).unwrap();
    assert!(won.rating() > 1500.0 && beat_stronger.rating() > won.rating());
    assert_eq!(fixed(5), 1500.0);
    // With both deviations near 0, the expected score is the logistic the ratings were fitted on.
    let sure = rating(1500.0, 1e-6, 0.06);
    let e = expected(sure, eight, level(8)).unwrap();
    assert!((e - ryg::rating::score_of(1500.0 - fixed(8))).abs() < 1e-6, "{e}");
}

#[test]
fn only_computer_players_with_a_fixed_rating_can_be_rated_against() {
    let err: PlayerSpec = "err:0.1".parse().unwrap();
    let mut ratings = Ratings::default();
    let refused = ratings.record(size(8), Opponent::Computer(err), Outcome::Win).unwrap_err();
    assert_eq!(refused, RatingError::NoFixedRating { player: err, size: size(8) });
    assert!(refused.to_string().starts_with("err:0.1 has no fixed rating on 8x8"));
    let ten = rate(NEWCOMER, size(10), level(5), Outcome::Win).unwrap_err();
    assert!(matches!(ten, RatingError::NoFixedRating { .. }));
    assert_eq!(ratings, Ratings::default(), "nothing kept");
    assert!(ratings.record(size(6), Opponent::Computer("ryg3-v10@8".parse().unwrap()), Outcome::Win).is_ok());
}

#[test]
fn a_newcomer_is_provisional_until_the_deviation_falls_to_110() {
    assert!(NEWCOMER.is_provisional());
    // Alternating wins and losses against level 5 on 8x8: the deviation falls with each game.
    let mut ratings = Ratings::default();
    let mut games = 0;
    let mut last = NEWCOMER.deviation();
    while ratings.get(size(8)).is_provisional() {
        let outcome = if games % 2 == 0 { Outcome::Win } else { Outcome::Loss };
        let now = ratings.record(size(8), level(5), outcome).unwrap();
        assert!(now.deviation() < last);
        last = now.deviation();
        games += 1;
        assert!(games < 100, "still provisional after 100 games");
    }
    assert_eq!(games, PROVISIONAL_GAMES_AGAINST_LEVEL_5);
}

/// Games against level 5 (alternately won and lost) before a newcomer's 8x8 rating stops being
/// provisional (docs/ratings.md).
const PROVISIONAL_GAMES_AGAINST_LEVEL_5: u32 = 10;

#[test]
fn scores_like_names_the_nearest_computer_player() {
    assert_eq!(scores_like(size(8), NEWCOMER), Some(PlayerSpec::Level(Level::Search(5))));
    let strong = rating(1_000_000.0, 50.0, 0.06);
    assert_eq!(scores_like(size(8), strong), Some(PlayerSpec::Level(Level::Perfect)));
    assert_eq!(scores_like(size(10), NEWCOMER), None);
}
