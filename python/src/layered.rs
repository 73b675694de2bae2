//! `ryg.open_tablebase`: the layer files `ryg solve` writes (12×12 exact, 14×14 win/loss, any
//! size with `--layered` or `--win-loss`) read through the `ryg-layers` library, as the
//! command line reads them. A lookup reads and decompresses one 16 KiB block; the blocks read
//! last stay decompressed. The tables opened stay open for the life of the interpreter.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use numpy::ndarray::Array1;
use numpy::IntoPyArray;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use ryg_layers::{ExactLayers, Format, LayerStore, WinLossStore};
use ryg_wide::tablebase::{ExactSource, Layers};
use ryg_wide::{Position, Side, Size};

use crate::position::{any_position_arg, size_any, solve_dict, value_error};

/// The two kinds of layer files: exact results (a byte a position) or win/loss (a bit).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Exact,
    WinLoss,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Exact => "exact",
            Kind::WinLoss => "win_loss",
        }
    }

    /// The `ryg solve` switches that build this kind on `size`.
    fn build_flags(self, size: Size) -> &'static str {
        match self {
            Kind::WinLoss => " --win-loss",
            Kind::Exact if ryg_wide::narrow::size(size).is_some() => " --layered",
            Kind::Exact => "",
        }
    }
}

/// An open table: its exact layers, or its win/loss ones (two types of store: only the
/// exact one answers exact results).
#[derive(Clone)]
enum Table {
    Exact(Arc<ExactLayers>),
    WinLoss(Arc<WinLossStore>),
}

impl Table {
    fn layers(&self) -> &Layers {
        match self {
            Table::Exact(files) => files.layers(),
            Table::WinLoss(store) => store.layers(),
        }
    }

    fn dir(&self) -> &Path {
        match self {
            Table::Exact(files) => files.dir(),
            Table::WinLoss(store) => store.dir(),
        }
    }

    fn winner(&self, position: &Position) -> anyhow::Result<Side> {
        match self {
            Table::Exact(files) => files.winner(position),
            Table::WinLoss(store) => store.winner(position),
        }
    }

    fn kind(&self) -> Kind {
        match self {
            Table::Exact(_) => Kind::Exact,
            Table::WinLoss(_) => Kind::WinLoss,
        }
    }
}

/// The tables opened so far: (directory, size, kind) and the table.
type Opened = Vec<((PathBuf, u8, Kind), Table)>;
static OPENED: Mutex<Opened> = Mutex::new(Vec::new());

/// The `kind` table of `size` under `dir`, opened once (every layer file there, its header
/// sound), or `None` while it is missing or unfinished.
fn open_kind(dir: &Path, size: Size, kind: Kind) -> Option<Table> {
    let key = (dir.to_path_buf(), size.n(), kind);
    let mut opened = OPENED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, table)) = opened.iter().find(|(k, _)| *k == key) {
        return Some(table.clone());
    }
    let table = match kind {
        Kind::Exact => Table::Exact(Arc::new(LayerStore::complete(dir, size)?)),
        Kind::WinLoss => Table::WinLoss(Arc::new(LayerStore::complete_win_loss(dir, size)?)),
    };
    opened.push((key, table.clone()));
    Some(table)
}

/// Why there is no table of `size` of `kinds` under `dir`, naming the command that builds it
/// (with `--cache-dir` when the directory was given) or resumes its build.
fn missing(dir: &Path, size: Size, kinds: &[Kind], given: bool) -> PyErr {
    let cache = if given { format!(" --cache-dir '{}'", dir.display()) } else { String::new() };
    let command = |kind: Kind| format!("ryg solve --size {}{}{cache}", size.n(), kind.build_flags(size));
    let what = |kind: Kind| if kind == Kind::Exact { "exact" } else { "win/loss" };
    /// The layer files of `store` on disk, of how many, and their folder.
    fn on_disk<F: Format>(store: &LayerStore<F>) -> (usize, usize, PathBuf) {
        let total = store.layers().len();
        ((0..total).filter(|&l| store.finished(l)).count(), total, store.dir().to_path_buf())
    }
    for &kind in kinds {
        let (on_disk, total, folder) = match kind {
            Kind::Exact => on_disk(&LayerStore::new(dir, size)),
            Kind::WinLoss => on_disk(&LayerStore::win_loss(dir, size)),
        };
        if on_disk > 0 {
            return PyFileNotFoundError::new_err(format!(
                "the {size} {} tablebase in '{}' is unfinished ({on_disk} of {total} layer files): `{}` resumes its build",
                what(kind),
                folder.display(),
                command(kind)
            ));
        }
    }
    let builds: Vec<String> = kinds
        .iter()
        .map(|&kind| format!("`{}` builds the {} one there", command(kind), what(kind)))
        .collect();
    PyFileNotFoundError::new_err(format!("no {size} tablebase in '{}': {}", dir.display(), builds.join(", ")))
}

/// The cache directory the command line uses by default, or an error saying how to name one.
fn default_dir() -> PyResult<PathBuf> {
    ryg_layers::default_cache_dir()
        .ok_or_else(|| value_error("no cache directory: set RYG_CACHE_DIR (or HOME), or pass cache_dir="))
}

/// The exact layers of `size` in the default cache directory, for `ryg.solve` and the
/// players of 12×12.
pub fn default_exact(size: Size) -> PyResult<Arc<ExactLayers>> {
    let dir = default_dir()?;
    match open_kind(&dir, size, Kind::Exact) {
        Some(Table::Exact(files)) => Ok(files),
        _ => Err(missing(&dir, size, &[Kind::Exact], false)),
    }
}

/// The exact layers of `size` in the default cache directory if they are all there.
pub fn default_exact_if_built(size: Size) -> Option<Arc<ExactLayers>> {
    let dir = ryg_layers::default_cache_dir()?;
    match open_kind(&dir, size, Kind::Exact)? {
        Table::Exact(files) => Some(files),
        Table::WinLoss(_) => None,
    }
}

/// An `OSError` for a layer file that cannot be read (damaged, removed).
fn unreadable(err: impl std::fmt::Display) -> PyErr {
    PyOSError::new_err(err.to_string())
}

/// A tablebase read from the layer files `ryg solve` wrote: `ryg.open_tablebase(12)`.
#[pyclass(frozen, module = "ryg", name = "LayeredTablebase")]
pub struct PyLayeredTablebase {
    table: Table,
}

impl PyLayeredTablebase {
    /// `position` (a `ryg.Position` or FEN) in the wide engine's types, on this table's size.
    fn position(&self, position: &Bound<'_, PyAny>) -> PyResult<Position> {
        let position = any_position_arg(position)?.to_wide();
        let size = self.table.layers().size();
        if position.size() != size {
            return Err(value_error(format!(
                "the position is on {}, this table is of {size}",
                position.size()
            )));
        }
        Ok(position)
    }

    /// The winner and, in an exact table, the plies of `position` (of this table's size).
    fn lookup(&self, position: &Position) -> anyhow::Result<(Side, Option<u32>)> {
        Ok(match &self.table {
            Table::Exact(files) => {
                let r = files.probe(position).map_err(|e| anyhow::anyhow!("{e}"))?;
                (r.winner, Some(r.plies))
            }
            Table::WinLoss(store) => (store.winner(position)?, None),
        })
    }
}

#[pymethods]
impl PyLayeredTablebase {
    /// The board's side length.
    #[getter]
    fn size(&self) -> u8 {
        self.table.layers().size().n()
    }

    /// `"exact"` (the winner and the plies of every position) or `"win_loss"` (the winner).
    #[getter]
    fn kind(&self) -> &'static str {
        self.table.kind().name()
    }

    /// The folder of the layer files.
    #[getter]
    fn path(&self) -> PathBuf {
        self.table.dir().to_path_buf()
    }

    /// How many layer files the table has.
    #[getter]
    fn layers(&self) -> usize {
        self.table.layers().len()
    }

    /// The winner of `position` (a `ryg.Position` or FEN of this size): `"mouse"` or `"cats"`.
    fn winner(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let position = self.position(position)?;
        let table = &self.table;
        Ok(py.detach(|| table.winner(&position)).map_err(unreadable)?.name())
    }

    /// The results of `position` and of each of its moves, as `ryg solve --json` prints them
    /// from these files: exact, `{"fen", "winner", "plies", "best_moves", "moves"}` (as
    /// `ryg.solve`); win/loss, `{"fen", "winner", "winning_moves", "best_moves", "moves"}` (the
    /// winning moves are none where the side to move loses; the best moves are then every move;
    /// each move's `{"move", "winner"}`).
    fn solve<'py>(&self, py: Python<'py>, position: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let position = self.position(position)?;
        match &self.table {
            Table::Exact(files) => {
                let report = py
                    .detach(|| ryg_wide::report::SolveReport::of(&**files, &position))
                    .map_err(unreadable)?;
                solve_dict!(py, report)
            }
            Table::WinLoss(store) => {
                let found = py.detach(|| -> anyhow::Result<_> {
                    let winner = store.winner(&position)?;
                    let mut moves = Vec::new();
                    for &mv in position.legal_moves().iter() {
                        moves.push((mv.to_string(), store.winner(&position.play(mv)?)?));
                    }
                    Ok((winner, moves))
                });
                let (winner, moves) = found.map_err(unreadable)?;
                let list = PyList::empty(py);
                let mut best = Vec::new();
                for (mv, after) in moves {
                    if after == winner {
                        best.push(mv.clone());
                    }
                    let entry = PyDict::new(py);
                    entry.set_item("move", mv)?;
                    entry.set_item("winner", after.name())?;
                    list.append(entry)?;
                }
                let dict = PyDict::new(py);
                dict.set_item("fen", position.fen())?;
                dict.set_item("winner", winner.name())?;
                let wins = winner == position.side_to_move();
                dict.set_item("winning_moves", if wins { best.clone() } else { Vec::new() })?;
                dict.set_item("best_moves", best)?;
                dict.set_item("moves", list)?;
                Ok(dict)
            }
        }
    }

    /// Many lookups in one call, without the GIL: `positions` (a list of `ryg.Position`s or
    /// FENs of this size) → `{"winner": int8 (0 the mouse, 1 the cats), "plies": int32 (-1 in
    /// a win/loss table)}`.
    fn results<'py>(&self, py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        if positions.is_instance_of::<pyo3::types::PyString>() {
            return Err(value_error("results takes a list of positions, not one FEN string: results([fen])"));
        }
        let positions =
            positions.try_iter()?.map(|p| self.position(&p?)).collect::<PyResult<Vec<Position>>>()?;
        let found =
            py.detach(|| positions.iter().map(|p| self.lookup(p)).collect::<anyhow::Result<Vec<_>>>());
        let found = found.map_err(unreadable)?;
        let winner: Array1<i8> = found.iter().map(|&(w, _)| i8::from(w == Side::Cats)).collect();
        let plies: Array1<i32> = found.iter().map(|&(_, p)| p.map_or(-1, |p| p as i32)).collect();
        let dict = PyDict::new(py);
        dict.set_item("winner", winner.into_pyarray(py))?;
        dict.set_item("plies", plies.into_pyarray(py))?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "ryg.LayeredTablebase(size={}, kind='{}', path='{}')",
            self.size(),
            self.kind(),
            self.table.dir().display()
        )
    }
}

/// The layered tablebase of `size` that `ryg solve` wrote into `cache_dir` (ryg's cache
/// directory when None, as the command line chooses it): `kind` `"exact"`, `"win_loss"`, or
/// None for the exact one when it is there, else the win/loss one.
///
/// Raises ValueError for a size ryg has not, FileNotFoundError when the table is not there
/// (or unfinished), naming the command that builds it.
#[pyfunction]
#[pyo3(signature = (size, cache_dir=None, kind=None))]
pub fn open_tablebase(
    size: i64,
    cache_dir: Option<PathBuf>,
    kind: Option<&str>,
) -> PyResult<PyLayeredTablebase> {
    let size = size_any(size)?;
    let kind = match kind {
        None => None,
        Some("exact") => Some(Kind::Exact),
        Some("win_loss") => Some(Kind::WinLoss),
        Some(other) => {
            return Err(value_error(format!(
                "kind must be 'exact', 'win_loss' or None; got '{}'",
                ryg::echo::echo(other)
            )))
        }
    };
    let given = cache_dir.is_some();
    let dir = match cache_dir {
        Some(dir) => dir,
        None => default_dir()?,
    };
    if kind == Some(Kind::Exact) && size.n() > 12 {
        return Err(value_error(format!(
            "{size} has no exact tablebase (ryg solves boards up to 12x12 exactly): kind='win_loss' opens the one `ryg solve --size {} --win-loss` builds",
            size.n()
        )));
    }
    let kinds: &[Kind] = match kind {
        Some(kind) => &[kind][..],
        None if size.n() > 12 => &[Kind::WinLoss],
        None => &[Kind::Exact, Kind::WinLoss],
    };
    for &kind in kinds {
        if let Some(table) = open_kind(&dir, size, kind) {
            return Ok(PyLayeredTablebase { table });
        }
    }
    Err(missing(&dir, size, kinds, given))
}
