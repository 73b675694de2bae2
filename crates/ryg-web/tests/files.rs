//! Exact tables read from layer files (`ryg solve --size 12` writes them; the server reads any
//! size whose layers are all on disk): the same answers as the tables the server builds in
//! memory, tested on a 6×6 table built by `ryg solve --size 6 --layered`; and 12×12 without its
//! table, which says how to build it.

use crate::common;

use common::{ryg, Server};
use ryg_wide::{Position, Size};
use serde_json::{json, Value};

fn enc(fen: &str) -> String {
    fen.replace(' ', "%20").replace('/', "%2F")
}

/// A server reading the layer files under `cache`, and one whose cache is empty.
fn servers(dir: &std::path::Path, cache: &std::path::Path) -> (Server, Server) {
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let files = Server::start_with(&dir.join("a.sqlite3"), &["--cache-dir", cache.to_str().unwrap()]);
    let memory = Server::start_with(&dir.join("b.sqlite3"), &["--cache-dir", empty.to_str().unwrap()]);
    (files, memory)
}

fn state(server: &Server, size: u64) -> Value {
    let (status, list) = server.get("/api/tablebase");
    assert_eq!(status, 200, "{list}");
    list["tablebases"].as_array().unwrap().iter().find(|t| t["size"] == size).cloned().unwrap()
}

#[test]
fn a_layered_table_on_disk_answers_as_the_table_built_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let built = ryg()
        .args(["solve", "--size", "6", "--layered", "--threads", "1", "--cache-dir"])
        .arg(&cache)
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let (files, memory) = servers(dir.path(), &cache);
    // exact results of positions along a few random games: the same from disk as from memory
    let mut rng = ryg_wide::search::SplitMix64::new(3);
    let mut asked = 0;
    for _ in 0..6 {
        let mut p = Position::start(Size::new(6).unwrap(), None).unwrap();
        loop {
            let path = format!("/api/solve?fen={}", enc(&p.fen()));
            let (a, b) = (files.get(&path), memory.get(&path));
            assert_eq!(a.0, 200, "{}", a.1);
            assert_eq!(a, b, "{}", p.fen());
            asked += 1;
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[rng.below(moves.len())]).unwrap();
        }
    }
    assert!(asked > 30, "{asked} positions");
    // the server answered from the files: it never built its own 6×6 table
    assert_eq!(state(&files, 6)["state"], "absent");
    assert_eq!(state(&memory, 6)["state"], "ready");
    // the perfect cats answer the same moves, and the reviews agree
    let mut ids = Vec::new();
    for server in [&files, &memory] {
        let (status, game) =
            server.post("/api/games", json!({"size": 6, "mouse": "human", "cats": "perfect", "seed": 11}));
        assert_eq!(status, 201, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        let token = game["tokens"]["mouse"].as_str().unwrap().to_string();
        let mut game = game;
        while game["outcome"].is_null() {
            let mv = game["legal_moves"].as_array().unwrap().last().unwrap().as_str().unwrap().to_string();
            let (status, next) =
                server.post_as(&format!("/api/games/{id}/moves"), json!({ "move": mv }), Some(&token));
            assert_eq!(status, 200, "{next}");
            game = next;
        }
        ids.push((id, game["moves"].clone()));
    }
    assert_eq!(ids[0].1, ids[1].1, "the same game");
    assert!(ids[0].1.as_array().unwrap().len() >= 4, "{}", ids[0].1);
    let (a, b) = (
        files.get(&format!("/api/games/{}/review", ids[0].0)),
        memory.get(&format!("/api/games/{}/review", ids[1].0)),
    );
    assert_eq!(a.0, 200, "{}", a.1);
    assert_eq!(a, b);
    assert!(!a.1["mistakes"].as_array().unwrap().is_empty(), "the mouse's last moves err: {}", a.1);
    assert_eq!(state(&files, 6)["state"], "absent");
}

#[test]
fn twelve_without_its_table_says_how_to_build_it() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _) = servers(dir.path(), &dir.path().join("nothing"));
    assert_eq!(
        state(&server, 12),
        json!({"size": 12, "state": "absent", "progress": 0.0, "build": "ryg solve --size 12"})
    );
    let fen = "1c1c1c1c1c1c/12/12/12/12/12/12/12/12/12/12/6m5 m";
    let (status, err) = server.get(&format!("/api/solve?fen={}", enc(fen)));
    assert_eq!((status, err["code"].as_str()), (409, Some("tablebase_absent")), "{err}");
    assert_eq!(
        err["error"],
        "the exact result needs the 12x12 tablebase, which is not built on this server: run \
         `ryg solve --size 12` (the server finds it once built)"
    );
    let (status, err) = server.post("/api/tablebase/12", json!({}));
    assert_eq!((status, err["code"].as_str()), (409, Some("tablebase_absent")), "{err}");
    let (status, err) = server.post("/api/games", json!({"size": 12, "cats": "perfect"}));
    assert_eq!(status, 400, "{err}");
    assert_eq!(
        err["error"],
        "level perfect plays from the tablebase, built for boards up to 10x10 (12x12 once `ryg solve \
         --size 12` has built it): on 12x12 choose 1 to 9 or random"
    );
    // a 12×12 game still plays at the levels that search, and its review says what is missing
    let (status, game) = server.post("/api/games", json!({"size": 12, "mouse": "human", "cats": "1"}));
    assert_eq!(status, 201, "{game}");
    let (status, err) = server.get(&format!("/api/games/{}/review", game["id"].as_str().unwrap()));
    assert_eq!((status, err["code"].as_str()), (409, Some("tablebase_absent")), "{err}");
}
