//! `ryg bench`: a fixed suite of searches whose node total is a checksum of search behaviour
//! (a change that moves it is a functional change), with nodes per second; and
//! `ryg bench --techniques`: nodes and time per set of techniques on the same positions.

use crate::out::{out, outln};
use std::time::Instant;

use anyhow::Result;
use ryg::bench::{Case, PROOF_SUITE, SUITE};
use ryg::eval::EvalKind;
use ryg::search::TableConfig;
use ryg::search::{
    Algo, AlphaBetaConfig, DistanceSearch, HistoryRule, OrderRule, ProofConfig, ProofTable, SearchConfig,
    SearchResult,
};
use ryg::techniques::{ARTICLES_FEN, ARTICLES_MOVES, ARTICLES_NODES};
use ryg::Position;
use serde::Serialize;

use crate::args::JsonArg;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Compare technique sets (minimax, alpha-beta, +TT, +ordering, +history, all; then the
    /// proving search's) instead
    #[arg(long, conflicts_with = "tablebase_scaling")]
    pub techniques: bool,
    /// Time the in-memory tablebase builds at 1, 2, 4, … threads up to the machine's cores
    /// (best of three): wall, CPU and speed-up per board size
    #[arg(long)]
    pub tablebase_scaling: bool,
    /// The board sizes --tablebase-scaling builds
    #[arg(long, value_name = "N", value_delimiter = ',', default_values_t = [8u8, 10], requires = "tablebase_scaling")]
    pub sizes: Vec<u8>,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(Serialize)]
struct CaseReport {
    name: &'static str,
    fen: &'static str,
    depth: u8,
    eval: &'static str,
    best_move: Option<String>,
    score: String,
    nodes: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct Report {
    cases: Vec<CaseReport>,
    nodes: u64,
    seconds: f64,
    nps: f64,
    /// The proving search's suite, with its own node checksum.
    proofs: Vec<ProofReport>,
    proof_nodes: u64,
    proof_seconds: f64,
}

#[derive(Serialize)]
struct ProofReport {
    name: &'static str,
    fen: &'static str,
    result: String,
    best_move: Option<String>,
    nodes: u64,
    tests: u32,
    seconds: f64,
}

/// Proves `fen` from scratch with `config` within `budget` nodes: the proof (`None` if the
/// budget ran out), the nodes and the seconds.
fn prove_case(config: ProofConfig, fen: &str, budget: u64) -> Result<(Option<ryg::search::Proof>, u64, f64)> {
    let position: Position = fen.parse()?;
    let started = Instant::now();
    let (proof, nodes) = ryg::bench::prove(config, &position, budget);
    Ok((proof, nodes, started.elapsed().as_secs_f64()))
}

fn run_case(
    config: SearchConfig,
    fen: &str,
    depth: Option<u8>,
    nodes: Option<u64>,
) -> Result<(SearchResult, f64)> {
    let position: Position = fen.parse()?;
    let started = Instant::now();
    let result = ryg::bench::run_search(config, &position, depth, nodes);
    Ok((result, started.elapsed().as_secs_f64()))
}

pub fn run(args: Args) -> Result<()> {
    if args.techniques {
        return techniques(args.json.json);
    }
    if args.tablebase_scaling {
        return super::scaling::run(&args.sizes, args.json.json);
    }
    let mut cases = Vec::new();
    for case in &SUITE {
        let started = Instant::now();
        let r = case.run();
        let seconds = started.elapsed().as_secs_f64();
        cases.push(CaseReport {
            name: case.name,
            fen: case.fen,
            depth: r.depth,
            eval: case.eval.name(),
            best_move: r.best_move.map(|m| m.to_string()),
            score: r.score.to_string(),
            nodes: r.nodes,
            seconds,
        });
    }
    let nodes = cases.iter().map(|c| c.nodes).sum();
    let seconds = cases.iter().map(|c| c.seconds).sum();
    let mut proofs = Vec::new();
    for (name, fen) in PROOF_SUITE {
        let (proof, nodes, seconds) = prove_case(ProofConfig::default(), fen, u64::MAX)?;
        let proof = proof.expect("no node limit");
        proofs.push(ProofReport {
            name,
            fen,
            result: proof.result.to_string(),
            best_move: proof.best_move.map(|m| m.to_string()),
            nodes,
            tests: proof.tests,
            seconds,
        });
    }
    let proof_nodes = proofs.iter().map(|p| p.nodes).sum();
    let proof_seconds = proofs.iter().map(|p| p.seconds).sum();
    let report =
        Report { cases, nodes, seconds, nps: nps(nodes, seconds), proofs, proof_nodes, proof_seconds };
    if args.json.json {
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    outln!(
        "{:<20} {:>5} {:>9} {:>6} {:>11} {:>9}",
        "position",
        "depth",
        "score",
        "move",
        "nodes",
        "seconds"
    )?;
    for c in &report.cases {
        let mv = c.best_move.as_deref().unwrap_or("-");
        outln!("{:<20} {:>5} {:>9} {:>6} {:>11} {:>9.3}", c.name, c.depth, c.score, mv, c.nodes, c.seconds)?;
    }
    outln!("nodes {}", report.nodes)?;
    outln!("time  {:.3} s", report.seconds)?;
    outln!("nps   {:.0}", report.nps)?;
    outln!()?;
    outln!("{:<20} {:>22} {:>6} {:>5} {:>11} {:>9}", "proof", "result", "move", "tests", "nodes", "seconds")?;
    for p in &report.proofs {
        let mv = p.best_move.as_deref().unwrap_or("-");
        outln!(
            "{:<20} {:>22} {:>6} {:>5} {:>11} {:>9.3}",
            p.name,
            p.result,
            mv,
            p.tests,
            p.nodes,
            p.seconds
        )?;
    }
    outln!("proof nodes {}", report.proof_nodes)?;
    outln!("proof time  {:.3} s", report.proof_seconds)?;
    Ok(())
}

fn nps(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    }
}

/// The positions of the techniques table; the first is the articles' experiment's position
/// (searched here with ryg's techniques; the articles' programs have a table of their own).
const TECHNIQUE_CASES: [Case; 6] = [
    Case { name: "e1f2 d8 seed", fen: "1c1c1c1c/8/8/8/8/8/5m2/8 c", depth: Some(8), eval: EvalKind::Seed },
    Case {
        name: "e1f2 d8 default",
        fen: "1c1c1c1c/8/8/8/8/8/5m2/8 c",
        depth: Some(8),
        eval: EvalKind::Default,
    },
    Case {
        name: "start d9 default",
        fen: "1c1c1c1c/8/8/8/8/8/8/4m3 m",
        depth: Some(9),
        eval: EvalKind::Default,
    },
    Case {
        name: "10x10 d7 default",
        fen: "1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 m",
        depth: Some(7),
        eval: EvalKind::Default,
    },
    Case {
        name: "start d16 default",
        fen: "1c1c1c1c/8/8/8/8/8/8/4m3 m",
        depth: Some(16),
        eval: EvalKind::Default,
    },
    Case {
        name: "start solved default",
        fen: "1c1c1c1c/8/8/8/8/8/8/4m3 m",
        depth: None,
        eval: EvalKind::Default,
    },
];

/// Node budgets per cell: a search that hits one is shown as "> budget" (the explicit tree
/// keeps every node in memory, so it gets the smaller one).
const TREE_BUDGET: u64 = 2_000_000;
const SEARCH_BUDGET: u64 = 20_000_000;

/// A named set of techniques.
struct Set {
    name: &'static str,
    config: SearchConfig,
}

fn sets() -> Vec<Set> {
    let off = SearchConfig::plain(EvalKind::default());
    // plain alpha-beta with the table, ordering and history as asked
    let with = |table: bool, ordering: bool, history: bool| {
        off.with_alpha_beta(|ab| {
            ab.table = table.then(TableConfig::default);
            ab.ordering = ordering.then_some(OrderRule::TableFirst);
            ab.history = history.then_some(HistoryRule::CutOffs);
        })
    };
    let default = SearchConfig::default();
    let no_id = SearchConfig { iterative_deepening: false, ..default };
    let pvs = |ab: &mut AlphaBetaConfig| ab.pvs = true;
    vec![
        Set { name: "minimax", config: off.minimax() },
        Set { name: "alpha-beta", config: off },
        Set { name: "+ordering+history", config: with(false, true, true) },
        Set { name: "+TT", config: with(true, false, false) },
        Set { name: "+TT+ordering", config: with(true, true, false) },
        Set { name: "+TT+ordering+history", config: with(true, true, true) },
        Set { name: "default (+ID, +MDP)", config: default },
        Set { name: "default +PVS", config: default.with_alpha_beta(pvs) },
        Set { name: "default -ID", config: no_id },
        Set { name: "default -ID +PVS", config: no_id.with_alpha_beta(pvs) },
    ]
}

#[derive(Serialize)]
struct Cell {
    nodes: u64,
    seconds: f64,
    /// The score found; `null` when the node budget ran out first.
    score: Option<String>,
    finished: bool,
}

#[derive(Serialize)]
struct Row {
    set: &'static str,
    cells: Vec<Cell>,
}

#[derive(Serialize)]
struct TechniquesReport {
    positions: Vec<CaseReportShort>,
    rows: Vec<Row>,
    /// The proving search's technique sets on the proof suite.
    proof_positions: Vec<&'static str>,
    proof_rows: Vec<Row>,
    /// The articles' programs on their own experiment.
    originals: Vec<OriginalRow>,
}

/// The proving search's technique sets: from plain exact-distance alpha-beta up to the default.
fn proof_sets() -> Vec<(&'static str, ProofConfig)> {
    let plain = ProofConfig::plain();
    let default = ProofConfig::default();
    vec![
        ("proof: alpha-beta, window", plain),
        ("+table", ProofConfig { table: Some(ProofTable::PLAIN), ..plain }),
        ("+table+ordering", ProofConfig { table: Some(ProofTable::PLAIN), ordering: true, ..plain }),
        (
            "+table+ordering+free mouse",
            ProofConfig { table: Some(ProofTable::PLAIN), ordering: true, free_mouse: true, ..plain },
        ),
        ("+ETC", ProofConfig { table: Some(ProofTable::DEFAULT), ordering: true, free_mouse: true, ..plain }),
        ("+MDP", ProofConfig { win_first: false, ..default }),
        ("+win/loss first (default)", default),
        ("default, bisect distance", ProofConfig { distance: DistanceSearch::Bisect, ..default }),
        ("default, step distance", ProofConfig { distance: DistanceSearch::Step, ..default }),
        ("default -ordering", ProofConfig { ordering: false, ..default }),
        ("default -ETC", ProofConfig { table: Some(ProofTable::PLAIN), ..default }),
        ("default -free mouse", ProofConfig { free_mouse: false, ..default }),
        ("default -MDP", ProofConfig { mate_distance: false, ..default }),
    ]
}

#[derive(Serialize)]
struct CaseReportShort {
    name: &'static str,
    fen: &'static str,
    depth: Option<u8>,
    eval: &'static str,
}

fn techniques(json: bool) -> Result<()> {
    let mut rows = Vec::new();
    for set in sets() {
        let mut cells = Vec::new();
        for case in &TECHNIQUE_CASES {
            let config = SearchConfig { eval: case.eval, ..set.config }.without_proof();
            let budget = if config.algo() == Algo::Minimax { TREE_BUDGET } else { SEARCH_BUDGET };
            let (r, seconds) = run_case(config, case.fen, case.depth, Some(budget))?;
            let finished = !r.stopped;
            cells.push(Cell {
                nodes: r.nodes,
                seconds,
                score: finished.then(|| r.score.to_string()),
                finished,
            });
        }
        rows.push(Row { set: set.name, cells });
    }
    let mut proof_rows = Vec::new();
    for (name, config) in proof_sets() {
        let mut cells = Vec::new();
        for (_, fen) in PROOF_SUITE {
            let (proof, nodes, seconds) = prove_case(config, fen, SEARCH_BUDGET)?;
            cells.push(Cell {
                nodes,
                seconds,
                score: proof.as_ref().map(|p| p.result.to_string()),
                finished: proof.is_some(),
            });
        }
        proof_rows.push(Row { set: name, cells });
    }
    let report = TechniquesReport {
        positions: TECHNIQUE_CASES
            .iter()
            .map(|c| CaseReportShort { name: c.name, fen: c.fen, depth: c.depth, eval: c.eval.name() })
            .collect(),
        rows,
        proof_positions: PROOF_SUITE.iter().map(|&(name, _)| name).collect(),
        proof_rows,
        originals: originals(),
    };
    if json {
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    out!("| {:<26} |", "technique set")?;
    for c in &TECHNIQUE_CASES {
        out!(" {:>22} |", c.name)?;
    }
    outln!()?;
    out!("|{}|", "-".repeat(28))?;
    for _ in &TECHNIQUE_CASES {
        out!("{}:|", "-".repeat(23))?;
    }
    outln!()?;
    print_rows(&report.rows)?;
    outln!()?;
    out!("| {:<26} |", "proving search")?;
    for name in &report.proof_positions {
        out!(" {name:>22} |")?;
    }
    outln!()?;
    out!("|{}|", "-".repeat(28))?;
    for _ in &report.proof_positions {
        out!("{}:|", "-".repeat(23))?;
    }
    outln!()?;
    print_rows(&report.proof_rows)?;
    outln!()?;
    print_originals(&report.originals)?;
    Ok(())
}

/// The articles' programs on their own experiment: depth 8 after e1f2 (RYG3's versions) and
/// depth 3 (RYG's deepest level), beside the article's figures for the same versions.
#[derive(Serialize)]
struct OriginalRow {
    engine: &'static str,
    title: &'static str,
    depth: u8,
    /// Every board entered (ryg's count).
    nodes: u64,
    /// Boards searched with depth left, all iterations: RYG3's count.
    interior_nodes: u64,
    best_move: Option<String>,
    /// The article's count for this version, where it gave one.
    article_nodes: Option<u64>,
    /// The move the article reports for this version, where it gave one.
    article_move: Option<&'static str>,
}

fn originals() -> Vec<OriginalRow> {
    let position: ryg::Position = ARTICLES_FEN.parse().expect("a valid FEN");
    ryg::Engine::ORIGINALS
        .into_iter()
        .map(|engine| {
            let depth = if engine.is_ryg1() { 3 } else { 8 };
            let r = ryg::Searcher::new(engine.config()).search(
                &position,
                &ryg::Limits::depth(depth),
                &mut ryg::search::NoHandler,
            );
            OriginalRow {
                engine: engine.name(),
                title: engine.title(),
                depth,
                nodes: r.nodes,
                interior_nodes: r.interior_nodes,
                best_move: r.best_move.map(|m| m.to_string()),
                article_nodes: ARTICLES_NODES.iter().find(|(e, _)| *e == engine).map(|&(_, n)| n),
                article_move: ARTICLES_MOVES.iter().find(|(e, _)| *e == engine).map(|&(_, m)| m),
            }
        })
        .collect()
}

fn print_originals(rows: &[OriginalRow]) -> Result<()> {
    outln!("the articles' programs after e1f2 (RYG3: depth 8, the article's experiment; RYG: depth 3), RYG's evaluation v2 for RYG3 (its own is not reproduced):")?;
    outln!(
        "| {:<20} | {:>5} | {:>12} | {:>22} | {:>20} | {:>9} | {:>14} |",
        "engine",
        "depth",
        "every board",
        "RYG3's count (interior)",
        "the article (RYG3's)",
        "best move",
        "the article's"
    )?;
    outln!(
        "|{}|{}:|{}:|{}:|{}:|{}:|{}:|",
        "-".repeat(22),
        "-".repeat(6),
        "-".repeat(13),
        "-".repeat(23),
        "-".repeat(21),
        "-".repeat(10),
        "-".repeat(15)
    )?;
    for r in rows {
        let article = r.article_nodes.map_or("-".to_string(), |n| n.to_string());
        let best = r.best_move.as_deref().unwrap_or("-");
        outln!(
            "| {:<20} | {:>5} | {:>12} | {:>22} | {:>20} | {:>9} | {:>14} |",
            r.title,
            r.depth,
            r.nodes,
            r.interior_nodes,
            article,
            best,
            r.article_move.unwrap_or("-")
        )?;
    }
    let row = |name: &str| rows.iter().find(|r| r.engine == name);
    let saving = |count: fn(&OriginalRow) -> u64| {
        let (v9, v10) = (row("ryg3-v9").map_or(0, count) as f64, row("ryg3-v10").map_or(0, count) as f64);
        (1.0 - v10 / v9) * 100.0
    };
    outln!(
        "move ordering (v9 -> v10): ryg {:.0}% fewer counted as RYG3 counted (ryg's reading: not the \
         leaves), {:.0}% fewer counting every board; the article (\"Ordenación de movimientos\"): \
         17,717 -> 10,744, «un 40% menos» (39% by those two counts)",
        saving(|r| r.interior_nodes),
        saving(|r| r.nodes),
    )?;
    print_tie()
}

/// The root's tie at depth 8 after e1f2: the cats' moves of equal best score, in generation
/// order, and which one each version's rule for equal moves keeps (ryg's reading of version 10's
/// «algunos ajustes» ("Ordenación de movimientos"): the first).
fn print_tie() -> Result<()> {
    let position: ryg::Position = ARTICLES_FEN.parse().expect("a valid FEN");
    // for the cats, who are to move: the best is the highest
    let scores = ryg::Searcher::new(ryg::Engine::Ryg3V10.config()).move_scores(&position, 8);
    let Some(best) = scores.iter().map(|&(_, s)| s).max() else { return Ok(()) };
    let for_mouse = -best;
    let tied: Vec<String> = scores.iter().filter(|&&(_, s)| s == best).map(|(m, _)| m.to_string()).collect();
    let (first, last) = (tied.first().cloned().unwrap_or_default(), tied.last().cloned().unwrap_or_default());
    outln!(
        "the tie at depth 8: {} cat moves score {for_mouse} for the mouse ({}); v9 keeps the last ({last}), v10 and v11 \
         the first ({first}), ryg's reading of v10's «algunos ajustes» (\"Ordenación de movimientos\")",
        tied.len(),
        tied.join(", "),
    )?;
    Ok(())
}

fn print_rows(rows: &[Row]) -> Result<()> {
    for row in rows {
        out!("| {:<26} |", row.set)?;
        for cell in &row.cells {
            let text = if cell.finished {
                format!("{} ({:.1} ms)", cell.nodes, cell.seconds * 1e3)
            } else {
                format!("> {} (stopped)", cell.nodes)
            };
            out!(" {text:>22} |")?;
        }
        outln!()?;
    }
    Ok(())
}
