//! The tablebases the browser holds: 4×4 to 8×8, each built on first use (8×8 in tens of
//! milliseconds) and kept; 10×10's (212 M entries) is left to a server.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use ryg::{Size, Tablebase};
use ryg_api::{ErrorCode, QueryError};

/// The largest board whose table the browser builds.
pub const MAX_TABLE: u8 = 8;

thread_local! {
    static TABLES: RefCell<HashMap<u8, Rc<Tablebase>>> = RefCell::new(HashMap::new());
}

/// The table of `size`, built now if it is not yet.
///
/// # Errors
/// `tablebase_absent` beyond [`MAX_TABLE`].
pub fn get(size: Size) -> Result<Rc<Tablebase>, QueryError> {
    if size.n() > MAX_TABLE {
        return Err(QueryError {
            status: 409,
            code: ErrorCode::TablebaseAbsent,
            message: format!(
                "exact results on {size} are not played here: the browser builds the tables up to \
                 {MAX_TABLE}x{MAX_TABLE}"
            ),
        });
    }
    Ok(TABLES.with(|t| {
        Rc::clone(
            t.borrow_mut().entry(size.n()).or_insert_with(|| Rc::new(Tablebase::build(size, 1, &mut ()))),
        )
    }))
}

/// The table of `size` if it is built.
pub fn ready(size: Size) -> Option<Rc<Tablebase>> {
    TABLES.with(|t| t.borrow().get(&size.n()).cloned())
}
