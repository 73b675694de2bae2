//! Terminal concerns: board rendering, colours, spinners, word wrapping.

pub mod board;
pub mod spinner;
pub mod wrap;

/// `n` and the noun for it: `count(1, "ply", "plies")` is "1 ply", `count(5, …)` "5 plies".
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "1 ply", "44 plies".
pub fn plies(n: usize) -> String {
    count(n as u64, "ply", "plies")
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_take_the_singular_only_for_one() {
        assert_eq!(super::plies(0), "0 plies");
        assert_eq!(super::plies(1), "1 ply");
        assert_eq!(super::plies(44), "44 plies");
        assert_eq!(super::count(1u32, "move", "moves"), "1 move");
        assert_eq!(super::count(2u32, "move", "moves"), "2 moves");
    }
}
