//! The order in which a depth-first search visits a tree, one step at a time, for replaying
//! it: a node is entered, a leaf is evaluated, a value is backed up once every child is done,
//! and (alpha-beta only) a branch is cut. Both [`Tree`] (minimax) and [`Trace`] (alpha-beta)
//! keep their children in the order the search took them, so the walk is the search's own.

use super::{Trace, Tree};

/// What happens at one step of the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// The search goes down into an inner node.
    Enter,
    /// The search reaches a leaf (the depth's end or the game's) and takes its value.
    Leaf,
    /// Every child of an inner node is done: its value is final.
    BackUp,
    /// A cut-off skips this node (and everything below it) without searching it.
    Cut,
}

impl StepKind {
    /// The step's name in reports: `enter`, `leaf`, `backup`, `cut`.
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Enter => "enter",
            StepKind::Leaf => "leaf",
            StepKind::BackUp => "backup",
            StepKind::Cut => "cut",
        }
    }
}

/// One step of the replay: what happens, and at which node (an index into the tree).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub node: usize,
    pub kind: StepKind,
}

/// The walk from the root: `children(n)` in search order, `cut(n)` whether a cut-off skipped n.
fn walk(children: &dyn Fn(usize) -> Vec<usize>, cut: &dyn Fn(usize) -> bool) -> Vec<Step> {
    let mut steps = Vec::new();
    // (node, whether its children were pushed already)
    let mut stack = vec![(0usize, false)];
    while let Some((node, opened)) = stack.pop() {
        if cut(node) {
            steps.push(Step { node, kind: StepKind::Cut });
            continue;
        }
        let kids = children(node);
        if kids.is_empty() {
            steps.push(Step { node, kind: StepKind::Leaf });
        } else if opened {
            steps.push(Step { node, kind: StepKind::BackUp });
        } else {
            steps.push(Step { node, kind: StepKind::Enter });
            stack.push((node, true));
            stack.extend(kids.iter().rev().map(|&c| (c, false)));
        }
    }
    steps
}

impl Tree {
    /// The steps of minimax over this tree, in the order it takes them (depth first, children
    /// in move order): every node is entered or evaluated once, every inner node backed up once.
    pub fn steps(&self) -> Vec<Step> {
        walk(&|n| self.nodes[n].children.clone().collect(), &|_| false)
    }
}

impl Trace {
    /// The steps of the traced alpha-beta search, in the order it takes them; a pruned node
    /// is one `Cut` step (nothing below it was generated).
    pub fn steps(&self) -> Vec<Step> {
        walk(&|n| self.nodes[n].children.clone(), &|n| self.nodes[n].pruned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::EvalKind;
    use crate::Position;

    fn count(steps: &[Step], kind: StepKind) -> usize {
        steps.iter().filter(|s| s.kind == kind).count()
    }

    #[test]
    fn minimax_visits_every_node_once_and_backs_up_inner_ones() {
        let tree = Tree::build(&Position::standard(), 3, EvalKind::Default);
        let steps = tree.steps();
        let inner = tree.nodes.iter().filter(|n| !n.children.is_empty()).count();
        assert_eq!(count(&steps, StepKind::Enter), inner);
        assert_eq!(count(&steps, StepKind::BackUp), inner);
        assert_eq!(count(&steps, StepKind::Leaf), tree.nodes.len() - inner);
        assert_eq!(steps.first(), Some(&Step { node: 0, kind: StepKind::Enter }));
        assert_eq!(steps.last(), Some(&Step { node: 0, kind: StepKind::BackUp }));
        // depth first: a node is backed up only after each of its children is done
        let at = |node: usize, kind: StepKind| steps.iter().position(|s| s.node == node && s.kind == kind);
        for (id, n) in tree.nodes.iter().enumerate().filter(|(_, n)| !n.children.is_empty()) {
            let up = at(id, StepKind::BackUp).unwrap();
            for c in n.children.clone() {
                let done = at(c, StepKind::BackUp).or_else(|| at(c, StepKind::Leaf)).unwrap();
                assert!(done < up);
            }
        }
    }

    #[test]
    fn alpha_beta_steps_follow_the_search_and_cut_what_it_pruned() {
        let trace = Trace::search(&Position::standard(), 3, EvalKind::Default);
        let steps = trace.steps();
        let pruned = trace.nodes.iter().filter(|n| n.pruned).count();
        assert!(pruned > 0);
        assert_eq!(count(&steps, StepKind::Cut), pruned);
        // the trace's arena holds the nodes in the order the search made them: the steps that
        // first reach a node (enter, leaf, cut) come in increasing node order
        let firsts: Vec<usize> =
            steps.iter().filter(|s| s.kind != StepKind::BackUp).map(|s| s.node).collect();
        assert_eq!(firsts, (0..trace.nodes.len()).collect::<Vec<_>>());
    }
}
