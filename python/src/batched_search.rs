//! `ryg.BatchedSearch`: the PUCT searches of many games stepped together, ask and tell. Each
//! call to `leaves` runs every unfinished tree down to its next leaf and hands the leaves out
//! as planes and legal masks; `tell` takes the caller's priors and values for them (a network's,
//! batched) and backs them up. The trees are `crate::mcts`'s; the GIL is released meanwhile.

use std::hash::BuildHasher;

use numpy::ndarray::{Array1, Array2, Array4};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray4, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ryg::{Position, Size};

use crate::batch::positions_of;
use crate::encoding;
use crate::mcts::{Config, Tree};
use crate::player::Seed;
use crate::position::PyPosition;
use crate::seeding::{spawn, Stream};

/// Many games' searches, one tree each.
#[pyclass(module = "ryg._ryg", name = "BatchedSearch")]
pub struct PyBatchedSearch {
    size: Size,
    config: Config,
    trees: Vec<Tree>,
    /// The games whose leaves were handed out by the last `leaves` and not yet told.
    asked: Vec<usize>,
}

/// A `ValueError` unless `ok`.
fn check(ok: bool, message: impl FnOnce() -> String) -> PyResult<()> {
    if ok {
        Ok(())
    } else {
        Err(PyValueError::new_err(message()))
    }
}

/// A float array argument as f32 (float32 taken as it is, float64 converted) with its shape.
fn floats<'py>(arg: &Bound<'py, PyAny>, what: &str) -> PyResult<(Vec<usize>, Vec<f32>)> {
    if let Ok(a) = arg.extract::<PyReadonlyArrayDyn<'py, f32>>() {
        return Ok((a.shape().to_vec(), a.as_array().iter().copied().collect()));
    }
    if let Ok(a) = arg.extract::<PyReadonlyArrayDyn<'py, f64>>() {
        return Ok((a.shape().to_vec(), a.as_array().iter().map(|&x| x as f32).collect()));
    }
    Err(PyValueError::new_err(format!("{what} must be a float32 or float64 NumPy array")))
}

#[pymethods]
impl PyBatchedSearch {
    /// A search from each of `positions` (ryg.Positions, FENs, or a uint8 array of planes
    /// `(games, 3, N, N)` as `pov=False` shows them): games that go on, on one board.
    #[new]
    #[pyo3(signature = (positions, simulations=64, c_puct=1.25, dirichlet_alpha=0.3, dirichlet_fraction=0.0, seed=None))]
    fn new(
        positions: &Bound<'_, PyAny>,
        simulations: i64,
        c_puct: f64,
        dirichlet_alpha: f64,
        dirichlet_fraction: f64,
        seed: Option<Seed>,
    ) -> PyResult<PyBatchedSearch> {
        let positions: Vec<Position> = positions_of(positions)?;
        let Some(first) = positions.first() else {
            return Err(PyValueError::new_err("BatchedSearch needs at least one position"));
        };
        let size = first.size();
        for (i, p) in positions.iter().enumerate() {
            check(p.size() == size, || {
                format!("position {i} is on the {} board; position 0 on the {size}", p.size())
            })?;
            check(p.outcome().is_none(), || {
                format!("position {i} '{}' is a finished game: nothing to search", p.fen())
            })?;
        }
        check((1..=1_000_000).contains(&simulations), || {
            format!("simulations must be from 1 to 1,000,000; got {simulations}")
        })?;
        check(c_puct.is_finite() && c_puct >= 0.0, || {
            format!("c_puct must be a finite number >= 0; got {c_puct}")
        })?;
        check(dirichlet_alpha.is_finite() && dirichlet_alpha > 0.0, || {
            format!("dirichlet_alpha must be a finite number > 0; got {dirichlet_alpha}")
        })?;
        check((0.0..=1.0).contains(&dirichlet_fraction), || {
            format!("dirichlet_fraction must be from 0 to 1; got {dirichlet_fraction}")
        })?;
        let seed =
            seed.map_or_else(|| std::collections::hash_map::RandomState::new().hash_one(0u64), |s| s.0);
        let trees = positions
            .iter()
            .enumerate()
            .map(|(i, &p)| Tree::new(p, spawn(seed, Stream::Search, i as u64)))
            .collect();
        let config = Config {
            simulations: simulations as u32,
            c_puct: c_puct as f32,
            dirichlet_alpha: dirichlet_alpha as f32,
            dirichlet_fraction: dirichlet_fraction as f32,
        };
        Ok(PyBatchedSearch { size, config, trees, asked: Vec::new() })
    }

    /// How many games are searched.
    fn __len__(&self) -> usize {
        self.trees.len()
    }

    /// Whether every tree has run all its simulations (those that end at a game's end are run
    /// here: after `done()` is false, `leaves` hands out at least one leaf).
    fn done(&mut self) -> bool {
        let config = self.config;
        self.trees.iter_mut().all(|t| t.select(&config).is_none())
    }

    /// The next leaf of every unfinished tree, to evaluate: planes `(k, 3, N, N)` uint8 from the
    /// mover's point of view (plane 0 the mover's pieces) and legal masks `(k, 2·N²)` int8.
    /// Called again before `tell`, it hands out the same leaves.
    fn leaves<'py>(&mut self, py: Python<'py>) -> (Bound<'py, PyArray4<u8>>, Bound<'py, PyArray2<i8>>) {
        let n = usize::from(self.size.n());
        let actions = encoding::action_count(self.size);
        let config = self.config;
        let trees = &mut self.trees;
        let (asked, planes, masks) = py.detach(|| {
            let leaves: Vec<(usize, Position)> =
                trees.iter_mut().enumerate().filter_map(|(i, t)| Some((i, t.select(&config)?))).collect();
            let mut planes = Array4::<u8>::zeros((leaves.len(), 3, n, n));
            let mut masks = Array2::<i8>::zeros((leaves.len(), actions));
            let (p, m) = (planes.as_slice_mut().expect("standard"), masks.as_slice_mut().expect("standard"));
            for (k, (_, position)) in leaves.iter().enumerate() {
                encoding::fill_planes(position, &mut p[k * 3 * n * n..(k + 1) * 3 * n * n], true);
                encoding::fill_mask(position, &mut m[k * actions..(k + 1) * actions]);
            }
            (leaves.into_iter().map(|(i, _)| i).collect::<Vec<_>>(), planes, masks)
        });
        self.asked = asked;
        (planes.into_pyarray(py), masks.into_pyarray(py))
    }

    /// The games the last `leaves` came from, in its order.
    fn leaf_games(&self) -> Vec<usize> {
        self.asked.clone()
    }

    /// The positions of the last `leaves`, in its order.
    fn leaf_positions(&mut self) -> Vec<PyPosition> {
        let config = self.config;
        self.asked.iter().filter_map(|&i| self.trees[i].select(&config)).map(PyPosition::narrow).collect()
    }

    /// The evaluations of the last `leaves`: `priors` `(k, 2·N²)` (any non-negative weights;
    /// the legal ones are renormalised) and `values` `(k,)` from each leaf's mover's view,
    /// in [-1, 1].
    ///
    /// # Errors
    /// `ValueError` when the shapes do not match the leaves, or a number is not finite.
    fn tell(&mut self, py: Python<'_>, priors: &Bound<'_, PyAny>, values: &Bound<'_, PyAny>) -> PyResult<()> {
        let k = self.asked.len();
        let actions = encoding::action_count(self.size);
        let (pshape, priors) = floats(priors, "priors")?;
        let (vshape, values) = floats(values, "values")?;
        check(pshape == [k, actions], || {
            format!("priors must have shape ({k}, {actions}) for the {k} leaves; got {pshape:?}")
        })?;
        check(vshape == [k], || format!("values must have shape ({k},) for the {k} leaves; got {vshape:?}"))?;
        check(priors.iter().chain(&values).all(|x| x.is_finite()), || {
            "priors and values must be finite (a NaN or an infinity was given)".into()
        })?;
        let (config, asked, trees) = (self.config, std::mem::take(&mut self.asked), &mut self.trees);
        py.detach(|| {
            for (j, &i) in asked.iter().enumerate() {
                trees[i].expand(&priors[j * actions..(j + 1) * actions], values[j], &config);
            }
        });
        Ok(())
    }

    /// The root's visit shares `(games, 2·N²)` float32: the policy targets.
    fn visits<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        let actions = encoding::action_count(self.size);
        let mut out = Array2::<f32>::zeros((self.trees.len(), actions));
        for (tree, mut row) in self.trees.iter().zip(out.rows_mut()) {
            tree.visit_shares(row.as_slice_mut().expect("standard"));
        }
        out.into_pyarray(py)
    }

    /// The root's mean value over its simulations `(games,)`, from its mover's view.
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        Array1::from_iter(self.trees.iter().map(Tree::root_value)).into_pyarray(py)
    }

    /// An action per game `(games,)` int64: drawn in proportion to visits^(1/temperature)
    /// (seeded), the most visited at temperature 0.
    ///
    /// # Errors
    /// `ValueError` for a negative or non-finite temperature.
    #[pyo3(signature = (temperature=0.0))]
    fn choose<'py>(&mut self, py: Python<'py>, temperature: f64) -> PyResult<Bound<'py, PyArray1<i64>>> {
        check(self.trees.iter().all(Tree::searched), || "choose: search first (until done())".into())?;
        check(temperature.is_finite() && temperature >= 0.0, || {
            format!("temperature must be a finite number >= 0; got {temperature}")
        })?;
        let chosen = self.trees.iter_mut().map(|t| t.choose(temperature as f32) as i64);
        Ok(Array1::from_iter(chosen).into_pyarray(py))
    }
}
