//! How often a careful mouse beats one of the articles' programs playing the cats on 8×8:
//! `cargo run --release -p ryg --example engine_chances -- ryg3-v10@8` (every human model of
//! `ryg levels`, from every start square; exact, by a dynamic program over the positions
//! reachable with the mouse free and the program answering).

use ryg::levels::{engine_chances, Opponent};
use ryg::{EngineSpec, Position, Side, Size, Tablebase};

fn main() {
    let spec: EngineSpec =
        std::env::args().nth(1).unwrap_or_else(|| "ryg3-v10@8".into()).parse().unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let size = Size::STANDARD;
    let tb = Tablebase::build(size, 1, &mut ());
    let models = Opponent::columns();
    println!(
        "{} at depth {} plays the cats on {size}; the mouse's winning chance:",
        spec.engine.title(),
        spec.depth
    );
    for square in size.rank(0) {
        let start = Position::start(size, Some(square)).expect("a start square");
        let c = engine_chances(spec, &start, Side::Cats, &tb, &models);
        let cells: Vec<String> = c.chances.iter().map(|(m, p)| format!("{m} {:.2}%", 100.0 * p)).collect();
        println!("  from {square}: {} ({} positions)", cells.join(", "), c.positions);
    }
}
