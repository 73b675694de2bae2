//! Server-side cost of a move: `POST /api/games/{id}/moves` with the computer's reply at
//! level 3 on 8×8, against a server on loopback with a real SQLite file.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

fn start_server() -> String {
    let dir = tempfile::tempdir().unwrap().keep();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let config = ryg_web::Config::new("127.0.0.1", 0, dir.join("games.sqlite3"));
        ryg_web::serve_blocking(config, |addr, _| tx.send(addr).unwrap()).unwrap();
    });
    format!("http://{}", rx.recv().unwrap())
}

fn move_and_reply(c: &mut Criterion) {
    let url = start_server();
    let agent = ureq::Agent::new_with_defaults();
    let mut seed = 0u64;
    c.bench_function("move + level 3 reply, 8x8", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                seed += 1;
                let body = format!("{{\"mouse\": \"human\", \"cats\": \"3\", \"seed\": {seed}}}");
                let game: serde_json::Value = serde_json::from_str(
                    &agent
                        .post(format!("{url}/api/games"))
                        .send(body.as_str())
                        .unwrap()
                        .into_body()
                        .read_to_string()
                        .unwrap(),
                )
                .unwrap();
                let path = format!("{url}/api/games/{}/moves", game["id"]);
                let token = format!("Bearer {}", game["tokens"]["mouse"].as_str().unwrap());
                let started = Instant::now();
                let resp =
                    agent.post(&path).header("Authorization", &token).send("{\"move\": \"e1f2\"}").unwrap();
                total += started.elapsed();
                assert_eq!(resp.status(), 200);
            }
            total
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50).measurement_time(Duration::from_secs(5));
    targets = move_and_reply
}
criterion_main!(benches);
