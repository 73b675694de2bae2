//! How far a search may go: a depth and an exact node budget. Time limits are the caller's
//! business (the library has no clock): its `SearchHandler` (`ryg::search`) says stop.

/// The deepest search (in plies) the searcher will run; longer than any game on 10×10.
pub const MAX_DEPTH: u8 = 120;

/// Search limits; `None` means no limit of that kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Search to this many plies (1 to [`MAX_DEPTH`]; 0 counts as 1). With no depth the
    /// search deepens until it proves the game's end or another limit stops it.
    pub depth: Option<u8>,
    /// Visit at most this many nodes; the search stops on exactly this count if it gets there.
    pub nodes: Option<u64>,
}

impl Limits {
    /// A depth limit only.
    pub fn depth(depth: u8) -> Limits {
        Limits { depth: Some(depth), nodes: None }
    }

    /// A node limit only.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { depth: None, nodes: Some(nodes) }
    }

    /// The depth to search to.
    #[inline]
    pub fn max_depth(&self) -> u8 {
        self.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH)
    }
}
