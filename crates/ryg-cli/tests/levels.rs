//! `ryg levels` end to end: the JSON shape, agreement with sampled self-play, the README's
//! tables, and errors.

use serde_json::Value;

use crate::common::{json_of, ryg};

/// The human side's exact chance against `level` from `start` versus `opponent`.
fn exact(report: &Value, level: &str, start: &str, opponent: &str) -> f64 {
    let row = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["level"] == level && r["start"] == start)
        .unwrap_or_else(|| panic!("no row {level} {start}"));
    row["vs"][opponent].as_f64().unwrap()
}

#[test]
fn the_json_has_a_row_per_level_and_start() {
    let report = json_of(&["levels", "--size", "4", "--json"]);
    assert_eq!(report["size"], 4);
    assert_eq!(report["computer"], "cats");
    let rows = report["rows"].as_array().unwrap();
    // random, 1-9, perfect, five human models; two start squares.
    assert_eq!(rows.len(), 16 * 2);
    let levels: Vec<&str> = rows.iter().step_by(2).map(|r| r["level"].as_str().unwrap()).collect();
    assert_eq!(
        levels,
        [
            "random", "1", "2", "3", "4", "5", "6", "7", "8", "9", "perfect", "err:0.02", "err:0.05",
            "err:0.1", "err:0.2", "err:0.3"
        ]
    );
    let mut columns: Vec<&String> = rows[0]["vs"].as_object().unwrap().keys().collect();
    columns.sort();
    assert_eq!(columns, ["err:0.02", "err:0.05", "err:0.1", "err:0.2", "err:0.3", "exploiter"]);
    // Random cats lose to the best mouse from c1 with chance 71/72; perfect cats never lose.
    assert!((exact(&report, "random", "c1", "exploiter") - 71.0 / 72.0).abs() < 1e-12);
    assert_eq!(exact(&report, "perfect", "a1", "exploiter"), 0.0);
}

#[test]
fn sampled_self_play_agrees_with_the_exact_chances() {
    let report = json_of(&["levels", "--size", "6", "--side", "cats", "--json"]);
    for (cats, seed) in [("3", "1"), ("8", "2")] {
        let games = 3000;
        let played = json_of(&[
            "selfplay", "--size", "6", "--mouse", "err:0.1", "--cats", cats, "--games", "3000", "--seed",
            seed, "--json",
        ]);
        let p = exact(&report, cats, "c1", "err:0.1");
        let seen = played["mouse_win_rate"].as_f64().unwrap();
        let sd = (p * (1.0 - p) / f64::from(games)).sqrt();
        assert!((seen - p).abs() < 4.0 * sd, "cats level {cats}: sampled {seen}, exact {p} (sd {sd})");
    }
}

#[test]
fn the_docs_tables_are_the_output_of_ryg_levels() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/levels.md")).unwrap();
    for side in ["cats", "mouse"] {
        let out = ryg().args(["levels", "--size", "6", "--side", side]).output().unwrap();
        assert!(out.status.success());
        let table = String::from_utf8(out.stdout).unwrap();
        assert!(
            readme.contains(&table),
            "docs/levels.md lacks the output of ryg levels --size 6 --side {side}:\n{table}"
        );
    }
}

#[test]
fn sampled_levels_agree_with_the_exact_ones_and_ten_by_ten_is_sampled() {
    let exact_report = json_of(&["levels", "--size", "6", "--json"]);
    assert_eq!(exact_report["method"], "exact");
    let sampled = json_of(&["levels", "--size", "6", "--sample", "--games", "1500", "--seed", "3", "--json"]);
    assert_eq!((sampled["method"].as_str(), sampled["games"].as_u64()), (Some("sampled"), Some(1500)));
    let rows = sampled["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 16, "one row per level, from the default start");
    for row in rows {
        let level = row["level"].as_str().unwrap();
        assert_eq!((row["start"].as_str(), row["vs"]["exploiter"].clone()), (Some("c1"), Value::Null));
        for model in ["err:0.02", "err:0.1", "err:0.3"] {
            let p = exact(&exact_report, level, "c1", model);
            let [lo, hi] = [0, 1].map(|i| row["interval"][model][i].as_f64().unwrap());
            // The 95% interval, widened a little: 48 cells must not fail by chance.
            assert!(lo - 0.02 <= p && p <= hi + 0.02, "{level} vs {model}: exact {p}, sampled [{lo}, {hi}]");
        }
    }
    let out = ryg().args(["levels", "--size", "10", "--games", "10", "--no-cache"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "Sampled chance (%) that the mouse wins against the computer playing the cats on 10x10, from "
        ),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| l.starts_with("| ")).count(), 17, "a header and 16 levels");
}

/// The page's level picker (crates/ryg-web/assets/js/levels.js, written by
/// scripts/gen-levels-js) holds `ryg levels`' exact figures for the careful player, rounded to
/// hundredths, for every size, side, start square and level.
#[test]
fn the_pages_level_figures_are_the_output_of_ryg_levels() {
    let module =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../ryg-web/assets/js/levels.js"))
            .unwrap();
    let json = module
        .lines()
        .find_map(|l| l.strip_prefix("export const LEVEL_CHANCES = "))
        .and_then(|l| l.strip_suffix(';'))
        .expect("levels.js: export const LEVEL_CHANCES = {...};");
    let page: Value = serde_json::from_str(json).unwrap();
    let mut compared = 0;
    for size in ["4", "6", "8"] {
        for side in ["cats", "mouse"] {
            let report = json_of(&["levels", "--json", "--size", size, "--side", side]);
            let shown = &page[size][side];
            for row in report["rows"].as_array().unwrap() {
                let (level, start) = (row["level"].as_str().unwrap(), row["start"].as_str().unwrap());
                if level.starts_with("err:") {
                    continue;
                }
                let want = (100.0 * row["vs"]["err:0.1"].as_f64().unwrap() * 100.0).round() / 100.0;
                assert_eq!(
                    shown[start][level].as_f64(),
                    Some(want),
                    "{size}×{size}, {side} at {level} from {start}"
                );
                compared += 1;
            }
            let starts = shown.as_object().unwrap().len();
            assert_eq!(compared % 11, 0);
            assert_eq!(starts, usize::from(size.parse::<u8>().unwrap() / 2), "{size} {side}");
        }
    }
    // 11 levels (random, 1–9, perfect) × start squares (2 + 3 + 4) × 2 sides
    assert_eq!(compared, 11 * 9 * 2);
}
