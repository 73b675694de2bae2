//! `ryg levels --engine`: the exact chances against the articles' programs, from every start
//! square; the same figures as the library's (crates/ryg/src/levels/engine_chance.rs pins them
//! too), the JSON shape, and the boards and options it refuses.

use serde_json::Value;

use crate::common::{json_of, ryg};

/// The human models of `ryg levels`, in its column order.
const MODELS: [&str; 6] = ["exploiter", "err:0.02", "err:0.05", "err:0.1", "err:0.2", "err:0.3"];

/// `ryg levels --size 6 --engine ryg1@2 --json`, as the library computes it: per start, each
/// model's chance and the positions visited.
#[rustfmt::skip]
const RYG1_AT_2: [(&str, [f64; 6], u64); 3] = [
    ("a1", [1.0, 0.9991296589010067, 0.9946463031295926, 0.9791890507610357, 0.9219684399297705, 0.8369738160306246], 240),
    ("c1", [1.0, 0.9991420813295147, 0.9947319698658446, 0.9795751284485915, 0.923726497888229, 0.8410799456171871], 250),
    ("e1", [1.0, 0.9991547393026662, 0.9948214404382879, 0.979992771100501, 0.925742079305619, 0.8460254964264996], 246),
];

/// The failure of `ryg ARGS`: (exit code, stderr).
fn refused(args: &[&str]) -> (i32, String) {
    let out = ryg().args(args).output().unwrap();
    assert!(
        out.stdout.is_empty(),
        "ryg {}: printed {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stdout)
    );
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn the_json_gives_every_start_and_model_as_the_library_computes_them() {
    let report = json_of(&["levels", "--size", "6", "--engine", "ryg1@2", "--json"]);
    assert_eq!(
        (&report["size"], &report["computer"], &report["engine"], &report["method"]),
        (&Value::from(6), &Value::from("cats"), &Value::from("ryg1@2"), &Value::from("exact"))
    );
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), RYG1_AT_2.len(), "one row per start square");
    for (row, (start, want, positions)) in rows.iter().zip(RYG1_AT_2) {
        assert_eq!((row["start"].as_str(), row["positions"].as_u64()), (Some(start), Some(positions)));
        assert_eq!(row["vs"].as_object().unwrap().len(), MODELS.len());
        for (model, w) in MODELS.iter().zip(want) {
            let p = row["vs"][model].as_f64().unwrap();
            assert!((p - w).abs() < 1e-12, "from {start}, {model}: {p}, the library {w}");
        }
        // The mouse wins 6x6 from this start with perfect play, so whoever knows the program
        // beats it with certainty.
        let solved = json_of(&["solve", "--size", "6", "--start", start, "--json"]);
        assert_eq!(solved["winner"], "mouse");
        assert_eq!(row["vs"]["exploiter"], 1.0);
    }
}

#[test]
fn the_text_is_a_table_of_percentages_with_the_positions_visited() {
    let out = ryg().args(["levels", "--size", "6", "--engine", "ryg1@2"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Exact chance (%) that the mouse wins against RYG (evaluation v2) at depth 2 playing the cats on 6x6, \
         from each start square\n(positions: those the dynamic program visited, each of the program's searched once):\n\
         \n\
         | start | exploiter | err:0.02 | err:0.05 | err:0.1 | err:0.2 | err:0.3 | positions |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|\n\
         | a1 | 100.00 | 99.91 | 99.46 | 97.92 | 92.20 | 83.70 | 240 |\n\
         | c1 | 100.00 | 99.91 | 99.47 | 97.96 | 92.37 | 84.11 | 250 |\n\
         | e1 | 100.00 | 99.92 | 99.48 | 98.00 | 92.57 | 84.60 | 246 |\n"
    );
}

#[test]
fn the_depth_defaults_as_the_engine_s_and_the_program_may_play_the_mouse() {
    let report = json_of(&["levels", "--size", "4", "--engine", "ryg3-v10", "--json"]);
    assert_eq!(report["engine"], "ryg3-v10@8");
    // The program as the mouse moves first from each start square; from c1 and e1 it goes to
    // d2 both times, so the careful cats meet the same game.
    let report = json_of(&["levels", "--size", "6", "--engine", "ryg3-v10@4", "--side", "mouse", "--json"]);
    assert_eq!(report["computer"], "mouse");
    let rows = report["rows"].as_array().unwrap();
    let starts: Vec<&str> = rows.iter().map(|r| r["start"].as_str().unwrap()).collect();
    assert_eq!(starts, ["a1", "c1", "e1"]);
    assert_eq!(rows[1]["vs"], rows[2]["vs"]);
    // Version 10 as the mouse on 6x6 at depth 4 never loses, whatever the cats play.
    assert!(rows.iter().all(|r| MODELS.iter().all(|m| r["vs"][m] == 0.0)), "{report}");
    assert_eq!(rows[1]["positions"], 1362);
    let out =
        ryg().args(["levels", "--size", "6", "--engine", "ryg3-v10@4", "--side", "mouse"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "Exact chance (%) that the cats win against RYG3 v10 at depth 4 playing the mouse on 6x6"
        ),
        "{text}"
    );
}

/// `ryg levels --engine ryg3-v10@8` on 8x8, as the library computes it (docs/engine.md's
/// table): per start, each model's chance and the positions visited.
#[rustfmt::skip]
const RYG3_V10_AT_8: [(&str, [f64; 6], u64); 4] = [
    ("a1", [1.0, 0.5776399345131161, 0.5397751164052569, 0.47902471666797386, 0.36795067949131877, 0.2728114994553477], 3294),
    ("c1", [1.0, 0.5417457684810822, 0.5077699103699314, 0.4528155729358785, 0.35092190406109075, 0.26216458404676046], 3318),
    ("e1", [1.0, 0.45771370990543314, 0.43256373121722624, 0.3908219923931948, 0.31005212791349573, 0.2362049856116328], 3322),
    ("g1", [1.0, 0.3874965454796756, 0.3695156097743899, 0.33855098876288536, 0.2751612935989846, 0.21375332923329066], 3304),
];

#[test]
fn a_careful_mouse_against_ryg3_v10_at_depth_8_on_8x8() {
    // Keeping the first of equal moves (the article's version 10), the program beats a mouse
    // that plays a tablebase-best move with probability 0.98 more often than not from e1 and
    // g1; only a mouse that knows the program wins every time.
    let report = json_of(&["levels", "--engine", "ryg3-v10@8", "--json"]);
    assert_eq!((&report["size"], &report["engine"]), (&Value::from(8), &Value::from("ryg3-v10@8")));
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), RYG3_V10_AT_8.len());
    for (row, (start, want, positions)) in rows.iter().zip(RYG3_V10_AT_8) {
        assert_eq!((row["start"].as_str(), row["positions"].as_u64()), (Some(start), Some(positions)));
        for (model, w) in MODELS.iter().zip(want) {
            let p = row["vs"][model].as_f64().unwrap();
            assert!((p - w).abs() < 1e-12, "from {start}, {model}: {p}, pinned {w}");
        }
    }
}

#[test]
fn ten_by_ten_sampling_and_bad_specs_are_refused() {
    let (code, err) = refused(&["levels", "--size", "10", "--engine", "ryg3-v10@8", "--no-cache"]);
    assert_eq!(code, 2);
    assert!(err.contains("exact chances against the articles' programs are computed on 4x4 to 8x8"), "{err}");
    for conflict in [["--sample", ""], ["--games", "100"], ["--seed", "3"]] {
        let args: Vec<&str> =
            ["levels", "--engine", "ryg1"].into_iter().chain(conflict).filter(|a| !a.is_empty()).collect();
        let (code, err) = refused(&args);
        assert_eq!(code, 2);
        assert!(err.contains(&format!("'--engine <SPEC>' cannot be used with '{}", conflict[0])), "{err}");
    }
    let (code, err) = refused(&["levels", "--engine", "ryg9@3"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'ryg9@3' for '--engine <SPEC>': unknown engine 'ryg9'"), "{err}");
    let (code, err) = refused(&["levels", "--engine", "ryg1@9"]);
    assert_eq!(code, 2);
    assert!(err.contains("ryg1 searches depths 1 to 7, not 9"), "{err}");
}
