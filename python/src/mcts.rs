//! The trees of `ryg.BatchedSearch`: one PUCT search (AlphaZero's) per game, stepped by its
//! caller. [`Tree::select`] runs a simulation down to a leaf that needs an evaluation and
//! stops there; [`Tree::expand`] takes the caller's priors and value for it and backs the value
//! up. Positions at a game's end are valued by the rules. No Python here: `batched_search.rs`
//! moves the arrays.

// CITE: PUCT and Dirichlet root noise (Silver et al. 2017, AlphaZero).

use ryg::search::SplitMix64;
use ryg::{Move, Position};

use crate::encoding;

/// An edge's missing child.
const NONE: u32 = u32::MAX;

/// The search's settings, shared by every tree of a batch.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Simulations per tree (each one a leaf evaluated or a game's end met).
    pub simulations: u32,
    /// The weight of the prior against the mean value in the selection.
    pub c_puct: f32,
    /// The Dirichlet noise's concentration at the root.
    pub dirichlet_alpha: f32,
    /// The noise's share of the root's priors (0: none).
    pub dirichlet_fraction: f32,
}

/// A move out of a node, with its statistics from the view of the node's mover.
struct Edge {
    mv: Move,
    action: u16,
    child: u32,
    prior: f32,
    visits: u32,
    value_sum: f32,
}

impl Edge {
    fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / self.visits as f32
        }
    }
}

/// A position of the tree and the range of its edges (empty until it is expanded).
struct Node {
    position: Position,
    first: u32,
    count: u32,
    expanded: bool,
}

/// One game's search: an arena of nodes and edges.
pub struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// The edges from the root to the leaf handed out.
    path: Vec<u32>,
    /// The leaf awaiting its evaluation.
    pending: Option<u32>,
    /// The simulations completed.
    simulations: u32,
    rng: SplitMix64,
}

/// The value of a finished game for the side to move in it (+1 a win), or None while it goes on.
fn terminal_value(position: &Position) -> Option<f32> {
    position.outcome().map(|o| if o.winner == position.side_to_move() { 1.0 } else { -1.0 })
}

impl Tree {
    /// A search from `root`, a game that goes on, with its own random stream.
    pub fn new(root: Position, seed: u64) -> Tree {
        let node = Node { position: root, first: 0, count: 0, expanded: false };
        Tree {
            nodes: vec![node],
            edges: Vec::new(),
            path: Vec::new(),
            pending: None,
            simulations: 0,
            rng: SplitMix64::new(seed),
        }
    }

    /// Whether the root has been expanded (its moves known).
    pub fn searched(&self) -> bool {
        self.nodes[0].expanded
    }

    /// Runs simulations until one stops at a leaf to evaluate, and returns its position; None
    /// when the search is done. Simulations that end at a finished game are backed up here.
    pub fn select(&mut self, config: &Config) -> Option<Position> {
        if let Some(leaf) = self.pending {
            return Some(self.nodes[leaf as usize].position);
        }
        while self.simulations < config.simulations {
            self.path.clear();
            let mut node = 0u32;
            loop {
                let here = &self.nodes[node as usize];
                if !here.expanded {
                    if let Some(value) = terminal_value(&here.position) {
                        self.backup(value);
                        break;
                    }
                    self.pending = Some(node);
                    return Some(here.position);
                }
                let edge = self.best_edge(here, config.c_puct);
                self.path.push(edge);
                node = self.child(node, edge);
            }
        }
        None
    }

    /// The edge of `node` with the highest PUCT score (the first of equals).
    fn best_edge(&self, node: &Node, c_puct: f32) -> u32 {
        let edges = node.first..node.first + node.count;
        let parent: u32 = self.edges[edges.start as usize..edges.end as usize].iter().map(|e| e.visits).sum();
        let explore = c_puct * (parent.max(1) as f32).sqrt();
        let score = |e: &Edge| e.mean() + explore * e.prior / (1.0 + e.visits as f32);
        let mut best = edges.start;
        for e in edges {
            if score(&self.edges[e as usize]) > score(&self.edges[best as usize]) {
                best = e;
            }
        }
        best
    }

    /// The node `edge` of `parent` leads to, made on its first visit.
    fn child(&mut self, parent: u32, edge: u32) -> u32 {
        let e = &self.edges[edge as usize];
        if e.child != NONE {
            return e.child;
        }
        let mut position = self.nodes[parent as usize].position;
        position.play_unchecked(e.mv);
        let id = self.nodes.len() as u32;
        self.nodes.push(Node { position, first: 0, count: 0, expanded: false });
        self.edges[edge as usize].child = id;
        id
    }

    /// Expands the leaf handed out with `priors` (one per action of the board; those of
    /// illegal actions ignored, the legal ones renormalised, uniform when they sum to 0) and
    /// backs up `value` (from the leaf's mover's view, in [-1, 1]).
    pub fn expand(&mut self, priors: &[f32], value: f32, config: &Config) {
        let Some(leaf) = self.pending.take() else { return };
        let position = self.nodes[leaf as usize].position;
        let size = position.size();
        let first = self.edges.len() as u32;
        position.for_each_move(|mv| {
            let action = encoding::action_of(size, mv);
            let prior = priors[action].max(0.0);
            self.edges.push(Edge {
                mv,
                action: action as u16,
                child: NONE,
                prior,
                visits: 0,
                value_sum: 0.0,
            });
        });
        let added = &mut self.edges[first as usize..];
        let total: f32 = added.iter().map(|e| e.prior).sum();
        let count = added.len();
        for e in added.iter_mut() {
            e.prior = if total > 0.0 && total.is_finite() { e.prior / total } else { 1.0 / count as f32 };
        }
        if leaf == 0 && config.dirichlet_fraction > 0.0 {
            let noise: Vec<f64> =
                added.iter().map(|_| gamma(&mut self.rng, f64::from(config.dirichlet_alpha))).collect();
            let sum: f64 = noise.iter().sum::<f64>().max(f64::MIN_POSITIVE);
            let f = config.dirichlet_fraction;
            for (e, eta) in added.iter_mut().zip(noise) {
                e.prior = (1.0 - f) * e.prior + f * (eta / sum) as f32;
            }
        }
        let node = &mut self.nodes[leaf as usize];
        (node.first, node.count, node.expanded) = (first, count as u32, true);
        self.backup(value.clamp(-1.0, 1.0));
    }

    /// Adds a simulation's `value` (the leaf mover's view) to every edge of the path, negated
    /// at each ply (negamax: the sides alternate).
    fn backup(&mut self, mut value: f32) {
        for &e in self.path.iter().rev() {
            value = -value;
            let edge = &mut self.edges[e as usize];
            edge.visits += 1;
            edge.value_sum += value;
        }
        self.simulations += 1;
    }

    /// The root's edges.
    fn root_edges(&self) -> &[Edge] {
        let root = &self.nodes[0];
        &self.edges[root.first as usize..(root.first + root.count) as usize]
    }

    /// Writes the root's visit shares into `out` (one per action, zeroed by the caller).
    pub fn visit_shares(&self, out: &mut [f32]) {
        let total: u32 = self.root_edges().iter().map(|e| e.visits).sum();
        for e in self.root_edges() {
            out[usize::from(e.action)] = if total > 0 { e.visits as f32 / total as f32 } else { e.prior };
        }
    }

    /// The root's mean value over its simulations, from its mover's view.
    pub fn root_value(&self) -> f32 {
        let (visits, sum) =
            self.root_edges().iter().fold((0, 0.0), |(n, s), e| (n + e.visits, s + e.value_sum));
        if visits == 0 {
            0.0
        } else {
            sum / visits as f32
        }
    }

    /// An action drawn with probability proportional to visits^(1/temperature); the most
    /// visited (the higher prior among equals) at temperature 0.
    pub fn choose(&mut self, temperature: f32) -> usize {
        let edges = &self.nodes[0];
        let edges = &self.edges[edges.first as usize..(edges.first + edges.count) as usize];
        if temperature <= 1e-3 {
            let key = |e: &Edge| (e.visits, e.prior);
            let best = edges.iter().fold(&edges[0], |b, e| if key(e) > key(b) { e } else { b });
            return usize::from(best.action);
        }
        let weights: Vec<f64> =
            edges.iter().map(|e| f64::from(e.visits).powf(1.0 / f64::from(temperature))).collect();
        let total: f64 = weights.iter().sum();
        let mut x = uniform(&mut self.rng) * total;
        for (e, w) in edges.iter().zip(&weights) {
            if x < *w {
                return usize::from(e.action);
            }
            x -= w;
        }
        usize::from(edges.iter().rev().find(|e| e.visits > 0).unwrap_or(&edges[0]).action)
    }
}

/// A uniform number in (0, 1).
fn uniform(rng: &mut SplitMix64) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
}

/// A standard normal number (Box–Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let (u, v) = (uniform(rng), uniform(rng));
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

// CITE: Marsaglia and Tsang (2000), a simple method for generating gamma variables.
/// A Gamma(`shape`, 1) number; a Dirichlet draw is a vector of them, normalised.
fn gamma(rng: &mut SplitMix64, shape: f64) -> f64 {
    if shape < 1.0 {
        return gamma(rng, shape + 1.0) * uniform(rng).powf(1.0 / shape);
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v > 0.0 && uniform(rng).ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}
