//! Data-driven perft: the fast generator against the counts of `tests/data/`.

use crate::common;

use common::Naive;
use ryg::{perft, perft_divide, Position};

const PERFT_8X8: &str = include_str!("data/perft-8x8.txt");
const PERFT_SIZES: &str = include_str!("data/perft-sizes.txt");

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

#[test]
fn standard_start_matches_the_shared_data_file() {
    let start = Position::standard();
    let mut checked = 0;
    for line in data_lines(PERFT_8X8) {
        let (depth, nodes) = line.split_once(' ').expect("depth nodes");
        let depth: u32 = depth.parse().unwrap();
        let nodes: u64 = nodes.trim().parse().unwrap();
        assert_eq!(perft(&start, depth), nodes, "perft {depth}");
        checked += 1;
    }
    assert_eq!(checked, 8);
}

/// Every size, several starts and mid-game positions; nodes computed by the naive generator.
#[test]
fn every_size_matches_the_naive_counts() {
    let mut checked = 0;
    for line in data_lines(PERFT_SIZES) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [fen, depth, nodes] = fields[..] else { panic!("bad line {line}") };
        let position: Position = fen.parse().unwrap();
        let depth: u32 = depth.parse().unwrap();
        let nodes: u64 = nodes.parse().unwrap();
        assert_eq!(perft(&position, depth), nodes, "{fen} depth {depth}");
        let divided: u64 = perft_divide(&position, depth).iter().map(|(_, n)| n).sum();
        assert_eq!(divided, nodes, "divide {fen} depth {depth}");
        if depth <= 6 {
            assert_eq!(Naive::from_fen(fen).perft(depth), nodes, "naive {fen} depth {depth}");
        }
        checked += 1;
    }
    assert_eq!(checked, 136);
}

/// The spec's facts about start positions, written out by hand for each size.
#[test]
fn start_positions_per_size() {
    let starts: Vec<String> =
        ryg::Size::ALL.iter().map(|&s| Position::start(s, None).unwrap().fen()).collect();
    assert_eq!(
        starts,
        [
            "1c1c/4/4/2m1 m",
            "1c1c1c/6/6/6/6/2m3 m",
            "1c1c1c1c/8/8/8/8/8/8/4m3 m",
            "1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m",
        ]
    );
    assert_eq!(Position::standard().fen(), "1c1c1c1c/8/8/8/8/8/8/4m3 m");
}

/// On 4×4 every game is over within 13 plies (a cat move always brings a cat closer to rank 1).
#[test]
fn four_by_four_games_all_end() {
    let start = Position::start(ryg::Size::MIN, None).unwrap();
    assert_eq!(perft(&start, 13), 352);
    assert_eq!(perft(&start, 14), 0);
    assert_eq!(perft(&start, 20), 0);
}

#[test]
fn depth_zero_is_one_and_divide_is_empty() {
    assert_eq!(perft(&Position::standard(), 0), 1);
    assert!(perft_divide(&Position::standard(), 0).is_empty());
    let divide: Vec<(String, u64)> =
        perft_divide(&Position::standard(), 4).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
    assert_eq!(divide, [("e1d2".to_string(), 172), ("e1f2".to_string(), 172)]);
}
