//! Exact expected scores between computer players: the chance that one player as the mouse
//! beats another as the cats from the default start, by one pass over the game graph
//! ([`GameGraph`], children first) with both sides' move distributions. A level's comes from
//! [`super::policy`]; one of the articles' programs is a distribution with one move, its
//! search's, found once at each position where it can come to move.

use super::calibrate::GameGraph;
use super::policy::{distribution_from_facts, Bases, MoveFacts, Policy};
use crate::search::{Limits, NoHandler, Searcher};
use crate::{Engine, EngineSpec, Level, PlayerSpec, Position, Side, Size, Tablebase};

/// The computer players that get a fixed rating: random, levels 1–9, perfect, and the
/// articles' programs at the depth the page offers them (each one's default depth).
pub fn rated_players() -> Vec<PlayerSpec> {
    let mut players: Vec<PlayerSpec> = Level::ALL.iter().map(|&level| PlayerSpec::Level(level)).collect();
    players.extend(Engine::ORIGINALS.iter().map(|&engine| {
        PlayerSpec::Engine(EngineSpec::new(engine, None).expect("an engine plays its default depth"))
    }));
    players
}

/// The exact chances between computer players on one board size, from the default start.
#[derive(Clone, Debug, PartialEq)]
pub struct Scores {
    pub size: Size,
    pub players: Vec<PlayerSpec>,
    /// `mouse_wins[a][b]`: the chance that player `a` as the mouse beats player `b` as the
    /// cats (the game has no draws: the cats win the rest).
    pub mouse_wins: Vec<Vec<f64>>,
}

impl Scores {
    /// Player `a`'s expected score against player `b` when the side is drawn at random, as in
    /// a rated game: the mean of its winning chances as the mouse and as the cats.
    pub fn expected(&self, a: usize, b: usize) -> f64 {
        0.5 * (self.mouse_wins[a][b] + 1.0 - self.mouse_wins[b][a])
    }
}

/// How a player moves at the nodes where its side is to move.
enum Mover {
    /// A level: weights of the perfect choice, the plausible moves and random moves.
    Mixture([f64; 3]),
    /// The human model (`err:F`), whose distribution is not such a mixture.
    Other(Policy),
    /// A program: per node, the index of its move among the node's children; [`UNREACHED`]
    /// where it never comes to move from the default start.
    Fixed(Vec<u8>),
}

/// A node where a program never comes to move.
const UNREACHED: u8 = u8::MAX;

/// The exact chances between every two of `players` (each as the mouse against each as the
/// cats) from the default start; see [`mouse_wins`].
///
/// # Panics
/// When the tablebase is too big for the game graph (boards over 8×8).
pub fn exact_scores(
    tablebase: &Tablebase,
    players: &[PlayerSpec],
    progress: &mut dyn FnMut(usize, usize),
) -> Scores {
    let mouse_wins = mouse_wins(tablebase, players, players, progress);
    Scores { size: tablebase.size(), players: players.to_vec(), mouse_wins }
}

/// `[m][c]`: the exact chance that `mice[m]` as the mouse beats `cats[c]` as the cats from
/// the default start. `progress(done, total)` is called after each step: finding a program's
/// moves for one side (each position where it can come to move searched once), then one pass
/// over the positions per mouse.
///
/// # Panics
/// When the tablebase is too big for the game graph (boards over 8×8).
pub fn mouse_wins(
    tablebase: &Tablebase,
    mice: &[PlayerSpec],
    cats: &[PlayerSpec],
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Vec<f64>> {
    let size = tablebase.size();
    let graph = GameGraph::build(tablebase, Side::Cats);
    let start = Position::start(size, None).expect("the default start");
    let root = graph.root(size.default_mouse_start()).expect("the default start is a start square");
    let programs = |players: &[PlayerSpec]| players.iter().filter(|p| matches!(p, PlayerSpec::Engine(_))).count();
    let total = programs(mice) + programs(cats) + mice.len();
    let mut done = 0;
    progress(done, total);
    let mut movers = |players: &[PlayerSpec], side: Side| -> Vec<Mover> {
        players
            .iter()
            .map(|&player| {
                let mover = mover(&graph, player, side, &start, root);
                if matches!(mover, Mover::Fixed(_)) {
                    done += 1;
                    progress(done, total);
                }
                mover
            })
            .collect()
    };
    let (mice, cats) = (movers(mice, Side::Mouse), movers(cats, Side::Cats));
    let mut wins = Vec::with_capacity(mice.len());
    for mouse in &mice {
        wins.push(mouse_pass(&graph, mouse, &cats, root));
        done += 1;
        progress(done, total);
    }
    wins
}

/// How `player` moves as `side`.
fn mover(graph: &GameGraph, player: PlayerSpec, side: Side, start: &Position, root: usize) -> Mover {
    match player {
        PlayerSpec::Engine(spec) => Mover::Fixed(program_moves(graph, spec, side, start, root)),
        PlayerSpec::Level(level) => {
            let policy = Policy::of(level, start.size(), side);
            policy.mixture().map_or(Mover::Other(policy), Mover::Mixture)
        }
    }
}

/// The program's move at every node where it plays `side` and can come to move from the
/// start (its opponent playing anything), searched as the program plays it in a game.
fn program_moves(graph: &GameGraph, spec: EngineSpec, side: Side, start: &Position, root: usize) -> Vec<u8> {
    let mut moves = vec![UNREACHED; graph.len()];
    let mut seen = vec![false; graph.len()];
    let mut searcher = Searcher::new(spec.engine.config());
    let mut stack = vec![(*start, root)];
    while let Some((position, node)) = stack.pop() {
        if std::mem::replace(&mut seen[node], true) {
            continue;
        }
        let kids = graph.kids(node);
        let legal = position.legal_moves();
        debug_assert_eq!(legal.len(), kids.len(), "the graph's children follow the legal moves");
        let mut push = |i: usize| {
            let mut child = position;
            child.play_unchecked(legal[i]);
            stack.push((child, kids[i] as usize));
        };
        if kids.is_empty() {
            continue;
        } else if graph.side(node) == side {
            let found = searcher.search(&position, &Limits::depth(spec.depth), &mut NoHandler).best_move;
            let i = found.and_then(|mv| legal.iter().position(|&m| m == mv)).unwrap_or(0);
            moves[node] = i as u8;
            push(i);
        } else {
            (0..kids.len()).for_each(&mut push);
        }
    }
    moves
}

/// What the movers need to know of one node, computed when first asked.
struct Node<'g> {
    graph: &'g GameGraph,
    node: usize,
    /// The facts of the node's moves, once `has_facts`.
    facts: Vec<MoveFacts>,
    has_facts: bool,
    bases: Option<Bases>,
}

impl Node<'_> {
    fn facts(&mut self) -> &[MoveFacts] {
        if !self.has_facts {
            self.graph.facts(self.node, &mut self.facts);
            self.has_facts = true;
        }
        &self.facts
    }

    fn bases(&mut self) -> &Bases {
        if self.bases.is_none() {
            let side = self.graph.side(self.node);
            self.bases = Some(Bases::of(side, self.facts()));
        }
        self.bases.as_ref().expect("just computed")
    }

    /// The expectation of `column` of `value` (the children's rows, `width` wide) under
    /// `mover`.
    fn expect(&mut self, mover: &Mover, value: &[f64], width: usize, column: usize) -> f64 {
        let graph = self.graph;
        let kids = graph.kids(self.node);
        let at = |i: usize| value[kids[i] as usize * width + column];
        let dot = |p: &[f64]| p.iter().enumerate().map(|(i, p)| p * at(i)).sum::<f64>();
        match mover {
            Mover::Fixed(moves) => match moves[self.node] {
                UNREACHED => 0.0,
                i => at(usize::from(i)),
            },
            Mover::Mixture([perfect, plausible, random]) => {
                let mean = (0..kids.len()).map(at).sum::<f64>() / kids.len() as f64;
                let bases = self.bases();
                perfect * dot(&bases.perfect) + plausible * dot(&bases.plausible) + random * mean
            }
            Mover::Other(policy) => {
                let side = graph.side(self.node);
                dot(&distribution_from_facts(*policy, side, self.facts()))
            }
        }
    }
}

/// The chance that `mouse` wins against each of `cats` from `root`.
fn mouse_pass(graph: &GameGraph, mouse: &Mover, cats: &[Mover], root: usize) -> Vec<f64> {
    let k = cats.len();
    let mut value = vec![0.0f64; graph.len() * k];
    let mut scratch = Vec::new();
    for node in 0..graph.len() {
        let row = node * k;
        if graph.kids(node).is_empty() {
            let won = graph.winner(node) == Side::Mouse;
            value[row..row + k].fill(if won { 1.0 } else { 0.0 });
            continue;
        }
        let facts = std::mem::take(&mut scratch);
        let mut here = Node { graph, node, facts, has_facts: false, bases: None };
        let mouse_moves = graph.side(node) == Side::Mouse;
        for (c, cat) in cats.iter().enumerate() {
            let mover = if mouse_moves { mouse } else { cat };
            value[row + c] = here.expect(mover, &value, k, c);
        }
        scratch = here.facts;
    }
    value[root * k..root * k + k].to_vec()
}
