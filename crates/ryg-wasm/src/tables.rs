//! The tablebases the browser holds: 4×4 to 8×8, each built on first use (8×8 in tens of
//! milliseconds) and kept; 10×10's (212 M entries, seconds to build) only when asked: a Web
//! Worker builds it ([`build_bytes`]), the page keeps its bytes (IndexedDB), and the engine
//! that answers reads them in ([`load`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use ryg::tablebase::{cache_file_len, BuildProgress, CACHE_HEADER_LEN};
use ryg::{Size, Tablebase};
use ryg_api::{ErrorCode, QueryError};

/// The largest board whose table the browser builds on first use.
pub const MAX_TABLE: u8 = 8;
/// The board whose table the browser builds only when asked, in a worker of its own.
pub const LARGE_TABLE: u8 = 10;

thread_local! {
    static TABLES: RefCell<HashMap<u8, Rc<Tablebase>>> = RefCell::new(HashMap::new());
    /// The sizes whose table the host keeps (IndexedDB) and reads in when a question needs it.
    static KEPT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The host keeps the table of `size` (its bytes, in IndexedDB): exact results on that board
/// are offered, and the host reads the table in when the engine refuses for want of it.
pub fn mark_kept(size: Size) {
    KEPT.with(|k| k.borrow_mut().push(size.n()));
}

/// Whether the table of `size` is here: built, loaded, or kept by the host.
pub fn offered(size: Size) -> bool {
    ready(size).is_some() || KEPT.with(|k| k.borrow().contains(&size.n()))
}

/// The table of `size`, built now if it is not yet (up to [`MAX_TABLE`]); 10×10's once
/// [`load`]ed.
///
/// # Errors
/// `tablebase_absent` beyond [`MAX_TABLE`] while the table is not loaded.
pub fn get(size: Size) -> Result<Rc<Tablebase>, QueryError> {
    if size.n() > MAX_TABLE {
        return ready(size).ok_or_else(|| absent(size));
    }
    Ok(TABLES.with(|t| {
        Rc::clone(
            t.borrow_mut().entry(size.n()).or_insert_with(|| Rc::new(Tablebase::build(size, 1, &mut ()))),
        )
    }))
}

fn absent(size: Size) -> QueryError {
    let message = if size.n() == LARGE_TABLE {
        format!(
            "exact results on {size} need its table, built in this browser when asked (under Exact \
             results) and not built or loaded yet"
        )
    } else {
        format!("exact results on {size} are not played here: the browser builds the tables up to {LARGE_TABLE}x{LARGE_TABLE}")
    };
    QueryError::new(ErrorCode::TablebaseAbsent, message)
}

/// The table of `size` if it is built.
pub fn ready(size: Size) -> Option<Rc<Tablebase>> {
    TABLES.with(|t| t.borrow().get(&size.n()).cloned())
}

/// The largest board with exact results now: 10×10 once its table is loaded or kept.
pub fn exact_max() -> u8 {
    let large = Size::new(LARGE_TABLE).expect("10×10 is a board size");
    if offered(large) {
        LARGE_TABLE
    } else {
        MAX_TABLE
    }
}

/// A buffer of `len` bytes, or the failed allocation as an error (WebAssembly's memory is
/// full, or the browser refuses to grow it) rather than the module's abort.
///
/// # Errors
/// `no_memory` (507): the allocation failed.
pub fn allocate(len: usize) -> Result<Vec<u8>, QueryError> {
    let mut bytes = Vec::new();
    bytes.try_reserve_exact(len).map_err(|_| {
        QueryError::new(
            ErrorCode::NoMemory,
            format!("out of memory: {} MB could not be allocated for the table", len / 1_000_000),
        )
    })?;
    Ok(bytes)
}

/// Builds the table of `size` (one thread, reporting to `progress`) and gives its bytes in the
/// cache form (header, then entries) to `write`. The table's memory is allocated, and a failure
/// caught, before the build starts.
///
/// # Errors
/// A board with no in-memory table; a failed allocation.
pub fn build_bytes(
    size: Size,
    progress: &mut impl BuildProgress,
    write: impl FnOnce(&[u8; CACHE_HEADER_LEN], &[u8]),
) -> Result<usize, QueryError> {
    if !size.in_memory_tablebase() {
        return Err(QueryError::bad_request(format!("the {size} table is not built in a browser")));
    }
    let entries = cache_file_len(size) as usize - CACHE_HEADER_LEN;
    // the build allocates its table at once: try that much first (the allocator reuses it)
    drop(allocate(entries)?);
    let tb = Tablebase::build(size, 1, progress);
    write(&tb.cache_header(), tb.cache_body());
    Ok(tb.len())
}

/// Takes the table of `size` from its cache bytes (as [`build_bytes`] wrote them, checked
/// whole), `fill` copying them into a buffer of the length it is given; loaded, it answers
/// exact results, hints, *perfect* and reviews on that board.
///
/// # Errors
/// `bad_request` when the bytes are not a sound table of `size`; `unavailable` when memory is
/// short.
pub fn load(size: Size, len: usize, fill: impl FnOnce(&mut [u8])) -> Result<usize, QueryError> {
    let expected = cache_file_len(size) as usize;
    if len != expected {
        return Err(QueryError::bad_request(format!("a {size} table has {expected} bytes, not {len}")));
    }
    let mut bytes = allocate(len)?;
    bytes.resize(len, 0);
    fill(&mut bytes);
    let tb = Tablebase::from_cache_bytes(bytes, size)
        .map_err(|e| QueryError::bad_request(format!("the kept {size} table is damaged: {e}")))?;
    let entries = tb.len();
    TABLES.with(|t| t.borrow_mut().insert(size.n(), Rc::new(tb)));
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_goes_through_its_bytes_and_back() {
        let size = Size::new(6).unwrap();
        let mut kept = Vec::new();
        let entries = build_bytes(size, &mut (), |head, body| {
            kept.extend_from_slice(head);
            kept.extend_from_slice(body);
        })
        .unwrap();
        assert_eq!(load(size, kept.len(), |b| b.copy_from_slice(&kept)), Ok(entries));
        kept[CACHE_HEADER_LEN + 5] ^= 1;
        let damaged = load(size, kept.len(), |b| b.copy_from_slice(&kept)).unwrap_err();
        assert_eq!(damaged.code, ErrorCode::BadRequest, "{}", damaged.message);
        assert_eq!(load(size, 10, |_| {}).unwrap_err().code, ErrorCode::BadRequest);
    }

    #[test]
    fn ten_by_ten_waits_for_its_table() {
        let e = get(Size::new(10).unwrap()).unwrap_err();
        assert_eq!((e.status(), e.code), (409, ErrorCode::TablebaseAbsent));
        assert_eq!(exact_max(), MAX_TABLE);
        mark_kept(Size::new(10).unwrap());
        assert_eq!(exact_max(), LARGE_TABLE, "kept: offered, read in when needed");
        assert!(get(Size::new(10).unwrap()).is_err());
        assert_eq!(allocate(usize::MAX).unwrap_err().status(), 507);
    }
}
